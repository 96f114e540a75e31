// npm test: the worker tests in workerd (vitest), then the browser tests in Chromium (Playwright),
// then one closing line with the totals. Exits non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { childEnv, ROOT } from './lib/wrangler';
import { findChromium } from '../tests/e2e/find-chromium';

const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);
// Not Playwright's test-results/, which it empties when it starts.
const out = path.join(ROOT, '.test-reports');
mkdirSync(out, { recursive: true });
const vitestJson = path.join(out, 'vitest.json');
const playwrightJson = path.join(out, 'playwright.json');
rmSync(vitestJson, { force: true });
rmSync(playwrightJson, { force: true });

// Say what to install before spending minutes on the worker tests.
try {
  findChromium();
} catch (err) {
  console.error(String(err instanceof Error ? err.message : err));
  process.exit(1);
}

const run = (cmd: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(cmd, args, { cwd: ROOT, env: childEnv(env), stdio: 'inherit' }).status ?? 1;

const vitestStatus = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
const playwrightStatus = run(bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson });

function read<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}
const v = read<{ numPassedTests: number; numFailedTests: number; numPendingTests: number }>(vitestJson);
const p = read<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(playwrightJson);
const passed = (v?.numPassedTests ?? 0) + (p ? p.stats.expected + p.stats.flaky : 0);
const failed =
  (v?.numFailedTests ?? 0) + (p?.stats.unexpected ?? 0) + (vitestStatus !== 0 && !v ? 1 : 0) + (playwrightStatus !== 0 && !p ? 1 : 0);
const skipped = (v?.numPendingTests ?? 0) + (p?.stats.skipped ?? 0);
console.log(
  `\nworker tests: ${v?.numPassedTests ?? 0} passed, ${v?.numFailedTests ?? 0} failed; browser tests: ${p ? p.stats.expected + p.stats.flaky : 0} passed, ${p?.stats.unexpected ?? 0} failed`,
);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(vitestStatus === 0 && playwrightStatus === 0 ? 0 : 1);
