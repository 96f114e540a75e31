// npm run restore -- <backup> [--persist-to DIR] | --remote [--database NAME] [--bucket NAME] [--yes]
// (docs/operations.md "Backups"): scripts/lib/backup.ts's restore, into an empty local state or
// into a new D1 database and bucket of the club's account.
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { backupProblems, dataKeyOpens, isEmptyPlace, readManifest, restore, type Place } from './lib/backup';
import { readDevVars } from './lib/dev-vars';
import { readSettings, SECRETS_FILE, settingsProblem } from './lib/production-config';
import { provisionD1, realWrangler } from './lib/provision';
import { persistDir, wrangler } from './lib/wrangler';

const HELP = `Usage: npm run restore -- <backup folder> [--persist-to DIR]
       npm run restore -- <backup folder> --remote [--database NAME] [--bucket NAME] [--yes]

Checks the backup first (the SQL's and every object's checksum against its manifest) and refuses
one whose schema is newer than this code. Then loads it:
  locally   into an empty local state (default: npm start's, .wrangler/state: npm run reset
            empties it; --persist-to DIR for another): the backup's migrations, its rows, its
            objects with their metadata
  --remote  into a NEW D1 database and a NEW R2 bucket of the account wrangler is logged in to
            (--database and --bucket name them; default owow-club-restored-<date>), after you
            confirm (--yes: no question); the deployed club is not touched until you point
            .production/config.json at them and run npm run deploy
and exports the result again to compare every table's row count and checksum and every object's
bytes with the manifest. It also says whether the data key (DATA_ENCRYPTION_KEY, else .dev.vars
locally or .production/secrets.env with --remote) opens the backup's sealed email bodies.`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    remote: { type: 'boolean', default: false },
    'persist-to': { type: 'string' },
    database: { type: 'string' },
    bucket: { type: 'string' },
    yes: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help || positionals.length !== 1) {
  console.log(HELP);
  process.exit(values.help ? 0 : 2);
}

async function confirm(question: string): Promise<boolean> {
  if (values.yes) return true;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question(question);
  rl.close();
  return answer.trim() === 'restore';
}

async function main(): Promise<number> {
  const folder = path.resolve(positionals[0]!);
  const manifest = readManifest(folder);
  const problems = backupProblems(folder, manifest);
  if (problems.length) {
    for (const p of problems) console.error(`✗ ${p}`);
    return 1;
  }
  const rows = Object.values(manifest.d1.tables).reduce((n, t) => n + t.rows, 0);
  console.log(
    `Backup of ${manifest.createdAt} (${manifest.source}, code ${manifest.codeVersion}): ${manifest.migrations.length} migrations, ${rows} rows, ${manifest.r2.objects} objects; checksums ✓`,
  );

  let place: Place;
  if (values.remote) {
    const settings = readSettings();
    const problem = settingsProblem(settings);
    if (problem) throw new Error(problem);
    const stamp = new Date().toISOString().slice(0, 10);
    const database = values.database ?? `owow-club-restored-${stamp}`;
    const bucket = values.bucket ?? `owow-club-restored-${stamp}`;
    const ok = await confirm(
      `Restore into a NEW D1 database "${database}" and a NEW R2 bucket "${bucket}" in your Cloudflare account? Type "restore" to go on: `,
    );
    if (!ok) {
      console.log('Nothing done.');
      return 1;
    }
    const d1DatabaseId = provisionD1(database, undefined, realWrangler, { mustBeNew: true });
    wrangler(['r2', 'bucket', 'create', bucket]);
    place = { remote: true, settings: { ...settings!, d1DatabaseId }, bucket };
  } else {
    place = { remote: false, persistDir: path.resolve(values['persist-to'] ?? persistDir()) };
  }

  const empty = await isEmptyPlace(place);
  if (!empty.d1 || !empty.r2) {
    console.error(
      `✗ The ${place.remote ? 'new database or bucket' : 'local state'} is not empty (${empty.d1 ? '' : 'D1 has tables'}${!empty.d1 && !empty.r2 ? ', ' : ''}${empty.r2 ? '' : 'R2 has objects'}): ${place.remote ? 'name new ones' : 'npm run reset first, or give --persist-to an empty folder'}.`,
    );
    return 1;
  }

  const started = Date.now();
  const differences = await restore(place, folder, manifest);
  for (const d of differences) console.error(`✗ ${d}`);
  if (differences.length) return 1;
  console.log(
    `Restored in ${((Date.now() - started) / 1000).toFixed(1)} s: every table's count and checksum and every object's bytes match ✓`,
  );

  const dataKey = process.env.DATA_ENCRYPTION_KEY ?? readDevVars(values.remote ? SECRETS_FILE : undefined).DATA_ENCRYPTION_KEY;
  const opens = dataKey ? await dataKeyOpens(folder, manifest, dataKey) : false;
  if (opens === false) {
    console.warn(
      '! The data key here does not open the backup\'s sealed email bodies: the Worker needs the DATA_ENCRYPTION_KEY of the club that was backed up (docs/operations.md "Backups").',
    );
  } else if (opens) console.log('The data key opens the sealed email bodies ✓');

  if (place.remote) {
    console.log(`
To serve the club from them: in .production/config.json set
  "d1DatabaseId": "${place.settings.d1DatabaseId}",
  "r2BucketName": "${place.bucket}"
then npm run deploy (it applies any newer migration, then ships the Worker on them).`);
  }
  return 0;
}

try {
  process.exit(await main());
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
