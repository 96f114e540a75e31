// npm run test:e2e: Playwright against `npm start` on port 8790 with fresh state.
import path from 'node:path';
import { ROOT, run } from './lib/wrangler';

run(path.join(ROOT, 'node_modules/.bin/playwright'), ['test', ...process.argv.slice(2)]);
