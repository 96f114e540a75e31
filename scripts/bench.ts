// npm run bench: sizes and latencies of the built app, under a bounded load on 127.0.0.1 only.
// Starts its own `wrangler dev --log-level warn` (port BENCH_PORT, default 8870) on fresh seeded
// state in .bench/, measures, runs every section in scripts/bench/*.ts, prints a table and writes
// .bench/results.md, and rewrites the table in README's Performance section (between its
// bench:results markers) with the date and the host's load average.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/find-chromium';
import { createContext, latencyRows, measureInterleaved, STATIC_ASSET, type BenchRow } from './bench/context';
import { waitForServer } from './lib/dev-server';
import { FIRST_LOADS, firstLoadInBrowser, kb, type FirstLoad } from './lib/first-load-js';
import { childEnv, ROOT } from './lib/wrangler';
import { seedOptionsFromEnv } from './lib/seed/options';

if (process.argv.slice(2).some((a) => a === '--help' || a === '-h')) {
  console.log(`Usage: npm run bench

Builds and serves the app on its own fresh seeded state (.bench/, port BENCH_PORT, default 8870),
measures first loads, latencies and every section of scripts/bench/*.ts, prints the table, writes
.bench/results.md and rewrites README's Performance table. BENCH_ONLY=videos,mail runs only those
sections and leaves README as it is.`);
  process.exit(0);
}

const PORT = process.env.BENCH_PORT ?? '8870';
// BENCH_ONLY=videos,mail runs only those sections (after the first loads and auth-status) and
// leaves README's table as it is: a partial run is not the whole picture.
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
// The bench's own local state; ctx.sql (persistDir()) must write into the same D1 the server uses.
process.env.PERSIST_TO = '.bench/state';
const BASE = `http://127.0.0.1:${PORT}`;

async function startServer() {
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/start.ts'], {
    cwd: ROOT,
    env: childEnv({
      PORT,
      CLIENT_OUT_DIR: '.bench/client',
      RESET_STATE: '1',
      START_LOG_LEVEL: 'warn',
    }),
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  // As Playwright's webServer: the whole demo's seed (issue 28) and the client's build take minutes
  // on the shared machine (97 s at load 30), past the 3 minutes this waited before.
  await waitForServer(BASE, 420_000);
  return child;
}

/** First-load JS as Chromium fetches it (npm test checks the same pages from the build's manifest). */
async function firstLoadJs(load: FirstLoad, cookie?: string): Promise<number> {
  const browser = await chromium.launch(chromiumLaunchOptions());
  const context = await browser.newContext();
  if (cookie) {
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name: name!, value: value!, url: BASE }]);
  }
  const { bytes } = await firstLoadInBrowser(await context.newPage(), BASE + load.path);
  await browser.close();
  return bytes;
}

const rows: BenchRow[] = [];
const server = await startServer();
try {
  const admin = createContext(BASE, '', 0);
  const seed = seedOptionsFromEnv();
  const adminCookie = await admin.login(seed.adminEmail, seed.adminPassword, seed.adminTotpSecret);

  for (const load of FIRST_LOADS) {
    const value = kb(await firstLoadJs(load, load.member ? adminCookie : undefined));
    rows.push({
      name: `First-load JS, ${load.name}`,
      value,
      unit: 'KB',
      budget: `<= ${load.budgetKb} KB gzip`,
      ok: value <= load.budgetKb,
    });
  }

  // The static asset and auth-status, interleaved in one bounded load so both see the same machine.
  const [staticStats, visitorStats, memberStats] = await measureInterleaved([
    { url: BASE + STATIC_ASSET },
    { url: `${BASE}/auth-status` },
    { url: `${BASE}/auth-status`, cookie: adminCookie },
  ]);
  rows.push({ name: `GET ${STATIC_ASSET} (static asset) p50`, value: staticStats!.p50, unit: 'ms' });
  rows.push({ name: `GET ${STATIC_ASSET} (static asset) p99`, value: staticStats!.p99, unit: 'ms' });
  rows.push(...latencyRows('GET /auth-status (visitor)', visitorStats!, staticStats!.p50, 1.5));
  rows.push(...latencyRows('GET /auth-status (member)', memberStats!, staticStats!.p50, 1.5));

  const ctx = createContext(BASE, adminCookie, staticStats!.p50);
  // Lighthouse first: it measures the pages as `npm start` serves them (the demo content), before
  // the list sections seed thousands of rows.
  const sections = readdirSync(path.join(ROOT, 'scripts/bench'))
    .filter((f) => f.endsWith('.ts') && f !== 'context.ts' && (!ONLY || ONLY.includes(f.replace(/\.ts$/, ''))))
    .sort((a, b) => Number(b === 'lighthouse.ts') - Number(a === 'lighthouse.ts') || a.localeCompare(b));
  for (const file of sections) {
    const mod = (await import(path.join(ROOT, 'scripts/bench', file))) as { run?: (c: typeof ctx) => Promise<BenchRow[]> };
    if (!mod.run) continue;
    try {
      rows.push(...(await mod.run(ctx)));
    } catch (err) {
      console.error(`bench section ${file} failed:`, err);
      rows.push({ name: `${file} (failed: ${String(err).slice(0, 80)})`, value: NaN, unit: 'count', ok: false, budget: 'runs' });
    }
  }
} finally {
  try {
    process.kill(-server.pid!, 'SIGTERM');
  } catch {
    server.kill('SIGTERM');
  }
}

const table = [
  '| Measure | Value | Budget |',
  '| --- | ---: | --- |',
  ...rows.map(
    (r) =>
      `| ${r.name} | ${Number.isNaN(r.value) ? 'n/a' : `${r.value} ${r.unit === 'score' ? '/ 100' : r.unit}`} | ${r.budget ? `${r.budget} ${r.ok ? '✓' : '✗'}` : ''} |`,
  ),
].join('\n');
console.log(`\n${table}\n`);
writeFileSync(path.join(ROOT, '.bench/results.md'), `${table}\n`);

// README keeps the last run's figures (issue 13: the bench writes the Lighthouse scores there).
const README = path.join(ROOT, 'README.md');
const START = '<!-- bench:results -->';
const END = '<!-- /bench:results -->';
const readme = readFileSync(README, 'utf8');
const from = readme.indexOf(START);
const to = readme.indexOf(END);
if (ONLY) console.log(`BENCH_ONLY=${ONLY.join(',')}: README.md's table left as it is`);
else if (from >= 0 && to > from) {
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
  const when = `Last \`npm run bench\`: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, host load average ${load} (1, 5, 15 min).`;
  writeFileSync(README, `${readme.slice(0, from + START.length)}\n${when}\n\n${table}\n${readme.slice(to)}`);
  console.log('README.md: Performance table updated');
} else console.log(`README.md has no ${START} … ${END} section: table not written there`);
const failed = rows.filter((r) => r.ok === false);
if (failed.length) console.log(`Over budget: ${failed.map((r) => r.name).join('; ')}`);
process.exit(0);
