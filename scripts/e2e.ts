// npm run test:e2e [-- playwright args]: Playwright against `npm start` on port 8790 with fresh state.
// The Chromium is found (or unpacked from the npm package) once here, before Playwright starts, so
// a machine without one hears what to install instead of a launch error per test.
import path from 'node:path';
import { findChromium } from '../tests/e2e/find-chromium';
import { ROOT, run } from './lib/wrangler';

try {
  const chromium = findChromium();
  console.log(`Chromium: ${chromium.executablePath} (${chromium.source})`);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
try {
  run(path.join(ROOT, 'node_modules/.bin/playwright'), ['test', ...process.argv.slice(2)]);
} catch {
  process.exit(1);
}
