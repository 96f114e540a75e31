// npm run reset: wipe local state (D1, R2, queues) so the next `npm start` seeds afresh.
import { rmSync } from 'node:fs';
import { persistDir } from './lib/wrangler';

rmSync(persistDir(), { recursive: true, force: true });
console.log(`Removed ${persistDir()}. The next npm start seeds a fresh database.`);
