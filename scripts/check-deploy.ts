// npm test's deploy gate (issue 44): `npm run provision` and `npm run deploy` in their dry mode
// (scripts/lib/deploy-check.ts: the wrangler commands printed, made-up ids, the Worker built by
// `wrangler deploy --dry-run` with the production config's shape and the version stamp), then the
// bundle's compressed size against its budget. tests/worker/platform/startup.test.ts evaluates
// that bundle.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BUNDLE_GZIP_BUDGET, DRY_RUN_DIR, dryRunDeploy, kib } from './lib/deploy-check';
import { SAMPLE_SETTINGS } from './lib/production-config';

const { values } = parseArgs({ options: { help: { type: 'boolean', short: 'h' }, verbose: { type: 'boolean', short: 'v' } } });
if (values.help) {
  console.log(`Usage: npx tsx scripts/check-deploy.ts [--verbose]

Provisions and deploys in dry mode (no account needed) into .wrangler/deploy-check/, and fails
when the Worker's compressed size is over ${kib(BUNDLE_GZIP_BUDGET)}. --verbose prints the commands.`);
  process.exit(0);
}

const started = Date.now();
const run = dryRunDeploy({ quiet: !values.verbose });
// The rendered config carries what provision wrote (the new database's id, the origin, the
// custom domain), and the migrations run before the Worker ships.
const config = JSON.parse(readFileSync(path.join(DRY_RUN_DIR, 'wrangler.json'), 'utf8')) as {
  d1_databases: { database_id: string }[];
  vars: Record<string, string>;
  routes?: { pattern: string; custom_domain: boolean }[];
};
const wrangled = run.commands.filter((c) => c.startsWith('[dry run]'));
const problems = [
  config.d1_databases[0]?.database_id !== SAMPLE_SETTINGS.d1DatabaseId && 'the config lacks the provisioned D1 id',
  config.vars.APP_ORIGIN !== 'https://club.example.org' && 'the config lacks APP_ORIGIN',
  config.routes?.[0]?.custom_domain !== true && 'the config lacks the custom domain',
  !(wrangled.findIndex((c) => c.includes('migrations apply')) < wrangled.findIndex((c) => c.includes(' deploy '))) &&
    'migrations do not come first',
].filter(Boolean);
for (const p of problems) console.error(`✗ ${p}`);
const ok = run.gzipBytes <= BUNDLE_GZIP_BUDGET && problems.length === 0;
console.log(
  `Worker bundle: ${kib(run.rawBytes)}, ${kib(run.gzipBytes)} gzip (budget ${kib(BUNDLE_GZIP_BUDGET)}) ${ok ? '✓' : '✗'}; ${wrangled.length} wrangler commands; ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(ok ? 0 : 1);
