// npm run reset: wipe local state (D1, R2, queues) so the next `npm start` seeds afresh.
import { rmSync } from 'node:fs';
import { persistDir } from './lib/wrangler';

const USAGE = `Usage: npm run reset

Removes the local state of npm start (${persistDir()}): its D1 database, R2 objects and queues.
The next npm start migrates and seeds a fresh demo club. Nothing remote is touched.`;

// Any argument (--help, or a typo) only prints the usage: the bare command alone wipes.
const args = process.argv.slice(2);
if (args.length > 0) {
  console.log(USAGE);
  process.exit(args.every((a) => a === '--help' || a === '-h') ? 0 : 2);
}

rmSync(persistDir(), { recursive: true, force: true });
console.log(`Removed ${persistDir()}. The next npm start seeds a fresh database.`);
