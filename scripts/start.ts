// npm start: build the client, migrate and seed the local D1, serve everything with wrangler dev.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSeedSql, seedOptionsFromEnv } from './lib/seed-sql';
import { d1File, d1Query, persistDir, ROOT, run, spawnWrangler, wrangler } from './lib/wrangler';

const port = process.env.PORT ?? '8787';
const state = persistDir();

if (process.env.RESET_STATE === '1') rmSync(state, { recursive: true, force: true });

// CLIENT_OUT_DIR lets several servers (parallel test runs) each serve their own build.
const clientDir = path.resolve(ROOT, process.env.CLIENT_OUT_DIR ?? 'dist/client');
if (process.env.SKIP_BUILD !== '1' || !existsSync(path.join(clientDir, 'index.html'))) {
  console.log('Building the client…');
  run(path.join(ROOT, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn', '--outDir', clientDir]);
}

console.log('Applying migrations to the local D1…');
wrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state], { quiet: true });

const opts = seedOptionsFromEnv();
const [{ n }] = d1Query<{ n: number }>('SELECT count(*) AS n FROM users');
if (n === 0) {
  console.log(`Seeding an empty database${opts.demo ? ' with demo content' : ''}…`);
  mkdirSync(path.join(ROOT, '.wrangler/tmp'), { recursive: true });
  const file = path.join(ROOT, '.wrangler/tmp', `seed-${process.pid}.sql`);
  writeFileSync(file, await buildSeedSql(opts));
  d1File(file);
  rmSync(file, { force: true });
}

console.log(`\n  Club app:      http://127.0.0.1:${port}`);
console.log(`  Admin login:   ${opts.adminEmail}${process.env.SEED_ADMIN_PASSWORD ? '' : ' (password in README)'}`);
console.log(`  Invite code:   ${opts.inviteCode}`);
console.log(`  Dev mailbox:   http://127.0.0.1:${port}/dev/mailbox\n`);

const child = spawnWrangler([
  'dev',
  '--ip', '127.0.0.1',
  '--port', port,
  '--persist-to', state,
  '--assets', clientDir,
  '--var', 'ENVIRONMENT:development',
  '--var', `APP_ORIGIN:http://127.0.0.1:${port}`,
  '--show-interactive-dev-session=false',
  '--log-level', process.env.START_LOG_LEVEL ?? 'info',
  '--inspector-port', '0',
]);
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
