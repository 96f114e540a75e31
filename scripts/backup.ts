// npm run backup [-- --remote] [--out DIR]: one dated folder with the club's D1 as SQL, every R2
// object with its metadata, and a manifest of counts and checksums (docs/operations.md "Backups").
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backup, type Place } from './lib/backup';
import { readSettings, settingsProblem } from './lib/production-config';
import { persistDir, ROOT } from './lib/wrangler';

const HELP = `Usage: npm run backup -- [--remote] [--out DIR] [--persist-to DIR]

Writes one dated folder, backups/<date>-local (or -remote) unless --out names another:
  d1.sql            every table's rows as SQL (wrangler d1 export --no-schema; the schema is the
                    migrations the manifest names; the members' search index is left out: it
                    is rebuilt from the rows as a restore loads them)
  r2/…              every object of the image bucket, byte for byte
  r2-objects.jsonl  each object's key, size, sha256 and metadata
  manifest.json     the schema (migrations applied), each table's row count and checksum, the
                    objects' count, size and checksum, the file's sha256

  --remote          back up the deployed club (.production/config.json, from npm run provision;
                    wrangler must be logged in to the account)
  --persist-to DIR  the local state to back up (default: npm start's, .wrangler/state)
  --out DIR         the folder to write (it must not exist)

The data key (DATA_ENCRYPTION_KEY) is not in the backup: keep it apart from it
(docs/operations.md). Restore with npm run restore -- <folder>.`;

const { values } = parseArgs({
  options: {
    remote: { type: 'boolean', default: false },
    out: { type: 'string' },
    'persist-to': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(HELP);
  process.exit(0);
}

function placeFromArgs(): Place {
  if (!values.remote) return { remote: false, persistDir: path.resolve(values['persist-to'] ?? persistDir()) };
  const settings = readSettings();
  const problem = settingsProblem(settings);
  if (problem) throw new Error(problem);
  return { remote: true, settings: settings! };
}

if (import.meta.main) {
  const place = placeFromArgs();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  const folder = path.resolve(values.out ?? path.join(ROOT, 'backups', `${stamp}-${place.remote ? 'remote' : 'local'}`));
  const m = await backup(place, folder);
  const rows = Object.values(m.d1.tables).reduce((n, t) => n + t.rows, 0);
  console.log(
    `Backup written to ${path.relative(process.cwd(), folder) || folder} in ${m.seconds} s: ${Object.keys(m.d1.tables).length} tables, ${rows} rows (${(m.d1.bytes / 1024).toFixed(0)} KiB of SQL), ${m.r2.objects} objects (${(m.r2.bytes / 1024 / 1024).toFixed(1)} MiB).`,
  );
  console.log('Keep the data key (DATA_ENCRYPTION_KEY) apart from the backup: the backup never holds it.');
}
