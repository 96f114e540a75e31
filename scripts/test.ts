// npm test: every gate, then every test, on a fresh clone after `npm install` alone.
//   1. a Chromium for the browser tests (found, or unpacked from the npm package; says what to
//      install when there is none, before minutes are spent on the rest)
//   2. one client build and the bundle-size budgets (read from that build); then the browser tests'
//      server starts in the background on that build (migrations, demo seed, wrangler dev: a minute
//      of mostly one core) while the single-threaded gates and the worker tests run,
//   3. type check (tsc), 4. lint (npm run lint), 5. Env types up to date (wrangler types),
//   5b. the OpenAPI document valid (scripts/check-openapi.ts), 5c. the text catalogs complete (scripts/check-catalogs.ts),
//   5d. provision and deploy in dry mode (scripts/check-deploy.ts: wrangler deploy --dry-run, the Worker's gzip budget),
//   6. worker tests in workerd (vitest), 7. browser tests in Chromium (Playwright, on that build and server),
//   8. the backup's round trip on the state the browser tests leave (scripts/check-backup.ts).
// Every step runs even when an earlier one failed (one run shows everything), except that the
// browser tests are skipped without a Chromium. The closing line counts each test, and each gate
// as one check: "tests: N passed, N failed". Exits non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { findChromium } from '../tests/e2e/find-chromium';
import { startE2eServer } from './lib/e2e-server';
import { childEnv, ROOT } from './lib/wrangler';

const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);
const started = Date.now();
const seconds = (since: number) => `${Math.round((Date.now() - since) / 1000)} s`;

// Not Playwright's test-results/, which it empties when it starts.
const out = path.join(ROOT, '.test-reports');
mkdirSync(out, { recursive: true });
const vitestJson = path.join(out, 'vitest.json');
const playwrightJson = path.join(out, 'playwright.json');
rmSync(vitestJson, { force: true });
rmSync(playwrightJson, { force: true });

const clientDir = path.resolve(ROOT, process.env.CLIENT_OUT_DIR ?? 'dist/client');

interface Gate {
  name: string;
  ok: boolean;
  took: string;
}
const gates: Gate[] = [];

function run(cmd: string, args: string[], env: Record<string, string> = {}): boolean {
  return spawnSync(cmd, args, { cwd: ROOT, env: childEnv(env), stdio: 'inherit' }).status === 0;
}

function gate(name: string, check: () => boolean): boolean {
  console.log(`\n── ${name}`);
  const since = Date.now();
  let ok = false;
  try {
    ok = check();
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
  }
  gates.push({ name, ok, took: seconds(since) });
  console.log(`── ${name}: ${ok ? 'ok' : 'FAILED'} (${seconds(since)})`);
  return ok;
}

const hasChromium = gate('Chromium for the browser tests', () => {
  const chromium = findChromium();
  console.log(`${chromium.executablePath} (${chromium.source})`);
  return true;
});
const built = gate('client build (vite build)', () => run(bin('vite'), ['build', '--logLevel', 'warn', '--outDir', clientDir]));
if (built) gate('bundle size (first-load JS)', () => run(bin('tsx'), ['scripts/check-bundle-size.ts', clientDir]));
else gates.push({ name: 'bundle size (first-load JS): not checked without a build', ok: false, took: '0 s' });
// The browser tests' server, as Playwright would start it, meanwhile (without a build, Playwright starts it itself).
const e2eServer = hasChromium && built ? await startE2eServer({ CLIENT_OUT_DIR: clientDir }, path.join(out, 'e2e-server.log')) : null;
gate('type check (tsc)', () => run(bin('tsc'), ['-p', '.']));
gate('lint (npm run lint)', () => run('npm', ['run', '--silent', 'lint']));
gate('Env types (wrangler types)', () => run(bin('tsx'), ['scripts/check-env-types.ts']));
gate('OpenAPI document (valid 3.1)', () => run(bin('tsx'), ['scripts/check-openapi.ts']));
gate('text catalogs complete (issue 41)', () => run(bin('tsx'), ['scripts/check-catalogs.ts']));
// Provision and deploy in dry mode: the Worker built for production, its gzip size in budget; the
// worker tests' start-up test evaluates this bundle (tests/worker/platform/startup.test.ts).
gate('deploy dry run (wrangler deploy --dry-run)', () => run(bin('tsx'), ['scripts/check-deploy.ts'], { CLIENT_OUT_DIR: clientDir }));

console.log('\n── worker tests (vitest, in workerd)');
let since = Date.now();
const vitestOk = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
const vitestTook = seconds(since);

let playwrightOk = false;
let playwrightTook = '0 s';
if (hasChromium) {
  console.log('\n── browser tests (Playwright, in Chromium)');
  since = Date.now();
  // The server started above, once it answers (else Playwright starts one itself and says why not).
  const serverUp = e2eServer ? await e2eServer.ready() : false;
  if (e2eServer) console.log(serverUp ? `its server: ${e2eServer.took()}` : 'its server did not start; Playwright starts one');
  playwrightOk = run(bin('playwright'), ['test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
    // The server serves the build made above instead of building again (it builds when there is none).
    E2E_SKIP_BUILD: built && existsSync(path.join(clientDir, 'index.html')) ? '1' : '0',
    CLIENT_OUT_DIR: clientDir,
    E2E_SERVER_STARTED: serverUp ? '1' : '0',
  });
  playwrightTook = seconds(since);
}
// Gone before the backup's round trip, which reads its state and serves on its port.
await e2eServer?.stop();

// The backup's round trip (issue 44) on the browser tests' state once their server is gone: the demo
// club and all they wrote backed up, restored into a fresh state, compared table by table and object
// by object, then served on the same port for a member to sign in. Nothing seeded for it.
const e2eState = path.resolve(ROOT, process.env.E2E_PERSIST_TO ?? '.wrangler/e2e-state');
if (hasChromium && existsSync(e2eState)) {
  gate("backup round trip (scripts/check-backup.ts, on the browser tests' state)", () =>
    run(bin('tsx'), ['scripts/check-backup.ts', '--from', e2eState, '--port', process.env.E2E_PORT ?? '8790', '--client', clientDir]),
  );
} else gates.push({ name: "backup round trip: not run without the browser tests' state", ok: false, took: '0 s' });

function read<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}
interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults?: { name: string; assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[] }[];
}
const v = read<VitestReport>(vitestJson);
const p = read<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(playwrightJson);

/** Failed worker tests by file and name with the first line of the reason: the summary is what a CI log's tail keeps. */
function failedWorkerTests(report: VitestReport | null): string[] {
  const lines: string[] = [];
  for (const file of report?.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status !== 'failed') continue;
      const reason = (t.failureMessages?.[0] ?? '').split('\n')[0]!.slice(0, 200);
      lines.push(`  ✗ ${path.relative(ROOT, file.name)} › ${t.fullName}${reason ? ` — ${reason}` : ''}`);
    }
  }
  return lines;
}
const workerPassed = v?.numPassedTests ?? 0;
// A runner that failed without writing its report counts as one failure.
const workerFailed = (v?.numFailedTests ?? 0) + (!vitestOk && !v?.numFailedTests ? 1 : 0);
const browserPassed = p ? p.stats.expected + p.stats.flaky : 0;
const browserFailed = hasChromium ? (p?.stats.unexpected ?? 0) + (!playwrightOk && !p?.stats.unexpected ? 1 : 0) : 0;
const gatesPassed = gates.filter((g) => g.ok).length;
const gatesFailed = gates.length - gatesPassed;

console.log('\n── summary');
for (const g of gates) console.log(`${g.ok ? 'ok    ' : 'FAILED'} ${g.name} (${g.took})`);
console.log(`${workerFailed ? 'FAILED' : 'ok    '} worker tests: ${workerPassed} passed, ${workerFailed} failed (${vitestTook})`);
for (const line of failedWorkerTests(v)) console.log(line);
if (hasChromium)
  console.log(`${browserFailed ? 'FAILED' : 'ok    '} browser tests: ${browserPassed} passed, ${browserFailed} failed (${playwrightTook})`);
else console.log('FAILED browser tests: not run, no Chromium (see the first step)');
console.log(`total ${seconds(started)}`);

const passed = workerPassed + browserPassed + gatesPassed;
const failed = workerFailed + browserFailed + gatesFailed;
const skipped = (v?.numPendingTests ?? 0) + (p?.stats.skipped ?? 0);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
