// npm run deploy [-- --dry-run] [--skip-build] [--settings FILE]: scripts/lib/deploy.ts.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { deploy } from './lib/deploy';
import { DRY_RUN_SETTINGS_FILE, SETTINGS_FILE } from './lib/production-config';
import { ROOT } from './lib/wrangler';

const HELP = `Usage: npm run deploy -- [--dry-run] [--skip-build] [--settings FILE]

Deploys the club to the Cloudflare account wrangler is logged in to, with the settings
npm run provision wrote (.production/config.json):
  1. vite build (the React client, prerendered pages)
  2. .production/wrangler.json rendered from wrangler.toml and the settings (git-ignored)
  3. wrangler d1 migrations apply DB --remote: the schema first
  4. wrangler deploy: the Worker, its version stamp (git commit and date), its static assets,
     cron trigger, queues' consumers, Durable Object migrations and custom domain; the first
     time also the secrets of .production/secrets.env

  --dry-run     print step 3 and build step 4 with wrangler deploy --dry-run into
                .wrangler/deploy-dry-run/ (no account needed)
  --skip-build  use the client build already in dist/client
  --settings    another settings file than .production/config.json (a dry run without one takes
                npm run provision -- --dry-run's)`;

const { values } = parseArgs({
  options: {
    'dry-run': { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    settings: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(HELP);
  process.exit(0);
}

const dir = path.join(ROOT, '.wrangler', 'deploy-dry-run');
// A dry run without settings of the club's takes those of `npm run provision -- --dry-run`.
const defaultSettings = values['dry-run'] && !existsSync(SETTINGS_FILE) ? DRY_RUN_SETTINGS_FILE : SETTINGS_FILE;
try {
  deploy({
    settingsFile: path.resolve(values.settings ?? defaultSettings),
    build: !values['skip-build'],
    dryRun: values['dry-run'] ? { outDir: path.join(dir, 'out'), config: path.join(dir, 'wrangler.json') } : undefined,
  });
  console.log(
    values['dry-run']
      ? `Dry run done: the Worker is in ${path.relative(process.cwd(), dir)}/out.`
      : 'Deployed. Check /healthz (docs/operations.md).',
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
