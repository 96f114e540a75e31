// npm test: the worker tests in workerd (vitest), then the browser tests in Chromium (Playwright).
import path from 'node:path';
import { ROOT, run } from './lib/wrangler';

const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);
run(bin('vitest'), ['run']);
run(bin('playwright'), ['test']);
