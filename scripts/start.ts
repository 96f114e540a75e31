// npm start: build the client, migrate and seed the local D1, serve everything with wrangler dev.
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DEV_SERVER_ENV, devServerArgs } from './lib/dev-server';
import { prepareLocalDatabase } from './lib/prepare-local';
import { demoTour } from './lib/seed/tour';
import { persistDir, ROOT, runAsync, spawnWrangler } from './lib/wrangler';

const port = process.env.PORT ?? '8787';
const state = persistDir();

if (process.env.RESET_STATE === '1') rmSync(state, { recursive: true, force: true });

// CLIENT_OUT_DIR lets several servers (parallel test runs) each serve their own build.
const clientDir = path.resolve(ROOT, process.env.CLIENT_OUT_DIR ?? 'dist/client');
// The client builds while the database is migrated and seeded (two processes, two cores).
const build =
  process.env.SKIP_BUILD !== '1' || !existsSync(path.join(clientDir, 'index.html'))
    ? (console.log('Building the client…'),
      runAsync(path.join(ROOT, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn', '--outDir', clientDir]))
    : Promise.resolve();
const [opts] = await Promise.all([prepareLocalDatabase({ appOrigin: `http://127.0.0.1:${port}` }), build]);

console.log(`\n  Club app:      http://127.0.0.1:${port}`);
console.log(`  Admin login:   ${opts.adminEmail}${process.env.SEED_ADMIN_PASSWORD ? '' : ' (password in README)'}`);
if (opts.adminTotpSecret) console.log(`  Admin 2FA:     npx tsx scripts/totp.ts prints the code (secret ${opts.adminTotpSecret})`);
console.log(`  Invite code:   ${opts.inviteCode}`);
// Browsers refuse an IP address as a passkey's site: the same server on localhost has them (README).
console.log(`  Passkeys:      http://localhost:${port} (the same app; passkeys need a host name)`);
console.log(`  Dev mailbox:   http://127.0.0.1:${port}/dev/mailbox\n`);
if (opts.demo) {
  console.log(`  Demo members (password ${process.env.SEED_DEMO_PASSWORD ? 'SEED_DEMO_PASSWORD' : 'in README'}), to see:`);
  for (const stop of demoTour(opts)) console.log(`    ${stop.email.padEnd(22)} ${stop.sees}`);
  console.log('');
}

const child = spawnWrangler(devServerArgs({ port, state, clientDir, logLevel: process.env.START_LOG_LEVEL ?? 'info' }), DEV_SERVER_ENV);
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
