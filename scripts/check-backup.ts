// The backup's round trip (issue 44), proved on the demo club: seed it into a state of its own,
// `npm run backup`, reset (the state deleted), `npm run restore` into the empty state, then the
// same rows (each table's count and checksum, compared by restore itself), the same image bytes,
// sealed email bodies that open with the same data key to the same text, and a backup whose
// schema is newer than the code refused. Prints the backup's time and size (README's figures).
import { cpSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openMessageBody } from '../src/worker/modules/mail/message-body';
import { backup, backupProblems, d1Json, firstSealedBody, isEmptyPlace, MANIFEST, restore, type Place } from './lib/backup';
import { readDevVars } from './lib/dev-vars';
import { ROOT } from './lib/wrangler';

const { values } = parseArgs({ options: { help: { type: 'boolean', short: 'h' }, from: { type: 'string' } } });
if (values.help) {
  console.log(`Usage: npx tsx scripts/check-backup.ts [--from STATE]

Seeds the demo club into .wrangler/backup-check/state (or copies the local state STATE), backs it
up, deletes the state, restores the backup into it and checks rows, image bytes and sealed bodies.`);
  process.exit(0);
}

const DIR = path.join(ROOT, '.wrangler', 'backup-check');
const STATE = path.join(DIR, 'state');
const BACKUP = path.join(DIR, 'backup');
const place: Place = { remote: false, persistDir: STATE };
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

rmSync(DIR, { recursive: true, force: true });
let since = Date.now();
if (values.from) cpSync(path.resolve(values.from), STATE, { recursive: true });
else {
  process.env.PERSIST_TO = STATE;
  const { prepareLocalDatabase } = await import('./lib/prepare-local');
  await prepareLocalDatabase();
}
console.log(`Demo club ready in ${seconds(since)} s`);

since = Date.now();
const manifest = await backup(place, BACKUP);
const backupSeconds = seconds(since);
const rows = Object.values(manifest.d1.tables).reduce((n, t) => n + t.rows, 0);
const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
console.log(
  `Backup: ${backupSeconds} s, ${mb(folderBytes(BACKUP))} MB (${Object.keys(manifest.d1.tables).length} tables, ${rows} rows, ${mb(manifest.d1.bytes)} MB of SQL; ${manifest.r2.objects} objects, ${mb(manifest.r2.bytes)} MB)`,
);

const dataKey = readDevVars().DATA_ENCRYPTION_KEY!;
const sealedBefore = firstSealedBody(path.join(BACKUP, manifest.d1.file), manifest.migrations);
const textBefore = sealedBefore ? (await openMessageBody({ DATA_ENCRYPTION_KEY: dataKey }, sealedBefore))?.text : undefined;
check(Boolean(textBefore), 'the demo club has a sealed email body, opened with the data key');

rmSync(STATE, { recursive: true, force: true });
const empty = await isEmptyPlace(place);
check(empty.d1 && empty.r2, 'reset: the local state is empty');

since = Date.now();
check(backupProblems(BACKUP, manifest).length === 0, "the backup's files match its manifest");
const differences = await restore(place, BACKUP, manifest);
for (const d of differences) console.log(`  ${d}`);
check(
  differences.length === 0,
  `restored in ${seconds(since)} s: every table's rows (count and checksum) and every object's bytes as backed up`,
);

const [[restoredBody]] = d1Json(place, 'SELECT body FROM email_messages WHERE body IS NOT NULL ORDER BY id LIMIT 1') as [
  { body: string }[],
];
const textAfter = (await openMessageBody({ DATA_ENCRYPTION_KEY: dataKey }, restoredBody?.body ?? null))?.text;
check(textAfter === textBefore, 'the restored sealed body opens with the same data key to the same text');

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

console.log(failures.length ? `Backup round trip FAILED: ${failures.join('; ')}` : 'Backup round trip ✓');
process.exit(failures.length ? 1 : 0);
