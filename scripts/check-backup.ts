// The backup's round trip (issue 44): a club's local state backed up (`npm run backup`'s code),
// restored into a fresh empty state (`npm run restore`'s), then the same rows (each table's count
// and checksum, compared by restore itself), the same objects' bytes, sealed email bodies that open
// with the same data key, a backup whose schema is newer than the code refused, an altered object
// found, and, with --port, the restored club served and a member signed in, reading her sealed
// messages. Prints the backup's time and size (README's figures).
//   npm test: `--from .wrangler/e2e-state --port E2E_PORT`, the browser tests' state when they are
//   done (the demo club and all they wrote), so nothing is seeded for it.
//   npm run bench: no --from, the demo club seeded into a state of its own.
import { cpSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ConversationSummary, MessageDto } from '../src/shared/schemas/messages';
import { openMessageBody } from '../src/worker/modules/mail/message-body';
import { createContext } from './bench/context';
import { backup, backupProblems, firstSealedBody, MANIFEST, restore, type Place } from './lib/backup';
import { startDevServer } from './lib/dev-server';
import { readDevVars } from './lib/dev-vars';
import { seedOptionsFromEnv } from './lib/seed/options';
import { ROOT } from './lib/wrangler';

const { values } = parseArgs({
  options: {
    help: { type: 'boolean', short: 'h' },
    from: { type: 'string' },
    port: { type: 'string' },
    client: { type: 'string' },
  },
});
if (values.help) {
  console.log(`Usage: npx tsx scripts/check-backup.ts [--from STATE] [--port N] [--client DIR]

Backs up a local state (STATE as it is, or the demo club seeded into .wrangler/backup-check/source),
restores the backup into the fresh state .wrangler/backup-check/restored and checks rows, object
bytes, sealed bodies and the refusals. --port N: then serves the restored state on port N (the
client build DIR, default dist/client) and signs the demo member Eleanor Vance in.`);
  process.exit(0);
}

const DIR = path.join(ROOT, '.wrangler', 'backup-check');
const BACKUP = path.join(DIR, 'backup');
const RESTORED = path.join(DIR, 'restored');
/** A demo member with conversations (scripts/lib/seed/messages.ts) whom no browser test deletes. */
const MEMBER = { email: 'eleanor@club.example', name: 'Eleanor Vance' };
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? '✓' : '✗'} ${what}`);
  if (!ok) failures.push(what);
};
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
const folderBytes = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((n, e) => {
    const p = path.join(dir, e.name);
    return n + (e.isDirectory() ? folderBytes(p) : statSync(p).size);
  }, 0);

const started = Date.now();
rmSync(DIR, { recursive: true, force: true });
mkdirSync(DIR, { recursive: true });
let source: string;
if (values.from) source = path.resolve(values.from);
else {
  source = path.join(DIR, 'source');
  process.env.PERSIST_TO = source;
  const { prepareLocalDatabase } = await import('./lib/prepare-local');
  await prepareLocalDatabase();
  console.log(`Demo club ready in ${seconds(started)} s`);
}

let since = Date.now();
const manifest = await backup({ remote: false, persistDir: source }, BACKUP);
const backupSeconds = seconds(since);
const rows = Object.values(manifest.d1.tables).reduce((n, t) => n + t.rows, 0);
const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
console.log(
  `Backup: ${backupSeconds} s, ${mb(folderBytes(BACKUP))} MB (${Object.keys(manifest.d1.tables).length} tables, ${rows} rows, ${mb(manifest.d1.bytes)} MB of SQL; ${manifest.r2.objects} objects, ${mb(manifest.r2.bytes)} MB)`,
);
check(manifest.r2.objects > 0 && rows > 0, `the backup holds rows (${rows}) and objects (${manifest.r2.objects})`);

const dataKey = readDevVars().DATA_ENCRYPTION_KEY!;
const sealed = firstSealedBody(path.join(BACKUP, manifest.d1.file), manifest.migrations);
const opened = sealed ? (await openMessageBody({ DATA_ENCRYPTION_KEY: dataKey }, sealed))?.text : undefined;
check(Boolean(opened), "the backup's sealed email bodies open with the data key");
check(backupProblems(BACKUP, manifest).length === 0, "the backup's files match its manifest");

// Restored into a fresh state: what `npm run reset && npm run restore` gives. The rows' checksums
// cover the sealed columns byte for byte, so what opened above opens the same after.
const restored: Place = { remote: false, persistDir: RESTORED };
since = Date.now();
const differences = await restore(restored, BACKUP, manifest);
for (const d of differences) console.log(`  ${d}`);
check(
  differences.length === 0,
  `restored in ${seconds(since)} s: every table's rows (count and checksum) and every object's bytes as backed up`,
);

// A backup made by newer code (one migration more) is refused before anything is loaded.
const newer = { ...manifest, migrations: [...manifest.migrations, '9999_from_the_future.sql'] };
const newerDir = path.join(DIR, 'newer');
cpSync(BACKUP, newerDir, { recursive: true });
writeFileSync(path.join(newerDir, MANIFEST), JSON.stringify(newer));
check(
  backupProblems(newerDir, newer).some((p) => p.includes('newer than this code')),
  'a backup whose schema is newer than the code is refused',
);
// An altered object is found.
const [firstObject] = readdirSync(path.join(newerDir, 'r2'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
if (firstObject) {
  writeFileSync(path.join(firstObject.parentPath, firstObject.name), 'altered');
  check(
    backupProblems(newerDir, manifest).some((p) => p.includes('altered')),
    'an altered object is refused',
  );
}

// The restored club served as npm start serves it: a member signs in and reads her conversation,
// whose messages are sealed with the data key.
if (values.port) {
  since = Date.now();
  const server = await startDevServer({
    port: values.port,
    state: RESTORED,
    clientDir: path.resolve(ROOT, values.client ?? 'dist/client'),
  });
  try {
    const ctx = createContext(server.base, '', 0);
    const cookie = await ctx.login(MEMBER.email, seedOptionsFromEnv().demoPassword);
    const get = async <T>(urlPath: string) => (await (await fetch(server.base + urlPath, { headers: { Cookie: cookie } })).json()) as T;
    const status = await get<{ user?: { name?: string } }>('/auth-status');
    check(status.user?.name === MEMBER.name, `${MEMBER.name} signs in on the restored club`);
    const [conversation] = await get<ConversationSummary[]>('/api/conversations');
    const messages = conversation ? await get<MessageDto[]>(`/api/conversations/${conversation.id}/messages`) : [];
    check(
      messages.some((m) => Boolean(m.body)),
      `she reads her sealed messages there (${messages.length} in her latest conversation; served in ${seconds(since)} s)`,
    );
  } finally {
    server.stop();
  }
}

console.log(failures.length ? `Backup round trip FAILED: ${failures.join('; ')}` : `Backup round trip ✓ (${seconds(started)} s in all)`);
process.exit(failures.length ? 1 : 0);
