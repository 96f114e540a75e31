// `npm run deploy` (issue 44, docs/operations.md "Deploy"): the client built, the production
// config rendered from wrangler.toml and .production/config.json, the D1 migrations applied to the
// deployed database, then the Worker deployed with its version stamp (and, the first time, the
// secrets `npm run provision` generated). Migrations go first: the Worker a deploy ships expects
// their schema, while the Worker still running is written to accept a schema one step newer.
// In a dry run nothing reaches Cloudflare: the migrations' command is printed, and the Worker
// is built by `wrangler deploy --dry-run` into `outDir` (npm test's deploy gate).
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { versionDefines } from './build-version';
import {
  PRODUCTION_CONFIG,
  readSettings,
  renderProductionConfig,
  SECRETS_FILE,
  SETTINGS_FILE,
  settingsProblem,
  writeSettings,
} from './production-config';
import { childEnv, ROOT, run, wrangler } from './wrangler';

export interface DeployOptions {
  settingsFile?: string;
  /** The secrets file to upload when there is one (default: .production/secrets.env beside the settings). */
  secretsFile?: string;
  /** Build the client first (vite build); a dry run without a build uses an empty assets folder. */
  build?: boolean;
  /** Print the migrations' command and build the Worker with --dry-run into outDir. */
  dryRun?: { outDir: string; config: string };
  /** Where the steps are told (default: console.log). */
  log?: (line: string) => void;
}

export function deploy(opts: DeployOptions = {}): void {
  const settingsFile = opts.settingsFile ?? SETTINGS_FILE;
  const settings = readSettings(settingsFile);
  const problem = settingsProblem(settings);
  if (problem) throw new Error(problem);
  const log = opts.log ?? console.log;
  const client = path.resolve(ROOT, process.env.CLIENT_OUT_DIR ?? 'dist/client');
  if (opts.build) {
    log('$ vite build');
    // Without the tests' pseudo-language (a deployed Worker never serves it): neither its catalogs
    // nor its prerendered pages (vite.config.ts).
    run(path.join(ROOT, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn', '--outDir', client], {
      env: childEnv({ PSEUDO_LANGUAGE: 'false' }),
    });
  }
  let assetsDir = client;
  if (!existsSync(path.join(client, 'index.html'))) {
    if (!opts.dryRun) throw new Error(`No client build in ${client}: run without --skip-build.`);
    assetsDir = path.join(path.dirname(opts.dryRun.config), 'no-assets');
    mkdirSync(assetsDir, { recursive: true });
  }
  const config = renderProductionConfig(settings!, opts.dryRun?.config ?? PRODUCTION_CONFIG, { assetsDir });
  log(`Rendered ${path.relative(ROOT, config)} from wrangler.toml and ${path.relative(ROOT, settingsFile)}.`);

  const migrate = ['d1', 'migrations', 'apply', 'DB', '--remote', '--config', config];
  if (opts.dryRun) log(`[dry run] wrangler ${migrate.join(' ')}`);
  else wrangler(migrate);

  const secretsFile = opts.secretsFile ?? path.join(path.dirname(settingsFile), path.basename(SECRETS_FILE));
  const secrets = existsSync(secretsFile) ? ['--secrets-file', secretsFile] : [];
  const ship = ['deploy', '--config', config, ...versionDefines(), ...secrets];
  if (opts.dryRun) {
    log(`[dry run] wrangler ${[...ship, '--dry-run', '--outdir', opts.dryRun.outDir].join(' ')}`);
    wrangler([...ship, '--dry-run', '--outdir', opts.dryRun.outDir], { quiet: true });
    return;
  }
  if (secrets.length === 0 && !settings!.secretsUploadedAt) {
    throw new Error(`No ${path.basename(secretsFile)} and no secrets uploaded yet: run npm run provision first (docs/operations.md).`);
  }
  wrangler(ship);
  if (secrets.length && !settings!.secretsUploadedAt)
    writeSettings({ ...settings!, secretsUploadedAt: new Date().toISOString() }, settingsFile);
}
