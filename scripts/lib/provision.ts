// `npm run provision` (issue 44, docs/operations.md "Deploy"): the Cloudflare resources wrangler.toml
// binds by name, created with wrangler in an empty account, and the ids they get written into the
// git-ignored .production/config.json, never into wrangler.toml (wrangler only offers to patch a
// JSON config; it prints a snippet for a TOML one). Run twice, it keeps what exists.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ensureDevVars } from './dev-vars';
import { resourceNames, SAMPLE_SETTINGS, SECRETS_FILE, type ProductionSettings } from './production-config';
import { childEnv, ROOT } from './wrangler';

/** One wrangler command's outcome; output is stdout and stderr together. */
export interface Outcome {
  ok: boolean;
  output: string;
}
export type WranglerRunner = (args: string[]) => Outcome;

/** Runs wrangler for real, its output shown as it comes and kept. */
export const realWrangler: WranglerRunner = (args) => {
  console.log(`$ wrangler ${args.join(' ')}`);
  const res = spawnSync(path.join(ROOT, 'node_modules/.bin/wrangler'), args, { cwd: ROOT, env: childEnv(), encoding: 'utf8' });
  const output = `${res.stdout ?? ''}${res.stderr ?? ''}`;
  process.stdout.write(output);
  return { ok: res.status === 0, output };
};

/**
 * Prints each command instead of running it, and answers as wrangler would (`d1 create` prints the
 * new database's id in a config snippet): what `--dry-run` and npm test's deploy gate use.
 */
export function dryRunWrangler(log: (line: string) => void = console.log): WranglerRunner {
  return (args) => {
    log(`[dry run] wrangler ${args.join(' ')}`);
    if (args[0] === 'd1' && args[1] === 'create') return { ok: true, output: `database_id = "${SAMPLE_SETTINGS.d1DatabaseId}"\n` };
    return { ok: true, output: '' };
  };
}

const ALREADY = /already exists|already taken|already own/i;
const UUID = /"?(?:database_id|uuid)"?\s*[=:]\s*"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"/;

export interface ProvisionInput {
  appOrigin: string;
  mailFrom: string;
  mailFromName?: string;
  /** D1's primary location hint (weur, enam, …); none: Cloudflare's choice, near the caller. */
  location?: string;
}

/**
 * The D1 database's id: created, or the existing one's (a second run, or one made by hand;
 * `mustBeNew`: an existing one is an error, as for a restore).
 */
export function provisionD1(name: string, location: string | undefined, run: WranglerRunner, opts: { mustBeNew?: boolean } = {}): string {
  const created = run(['d1', 'create', name, ...(location ? ['--location', location] : [])]);
  const id = UUID.exec(created.output)?.[1];
  if (created.ok && id) return id;
  if (!ALREADY.test(created.output) || opts.mustBeNew)
    throw new Error(`wrangler d1 create ${name} failed (is wrangler logged in? npx wrangler login)`);
  const info = run(['d1', 'info', name, '--json']);
  const existing = UUID.exec(info.output)?.[1];
  if (!info.ok || !existing) throw new Error(`D1 database ${name} exists but its id could not be read (npx wrangler d1 list)`);
  return existing;
}

function createOrKeep(what: string, args: string[], run: WranglerRunner): 'created' | 'kept' {
  const res = run(args);
  if (res.ok) return 'created';
  if (ALREADY.test(res.output)) return 'kept';
  throw new Error(`${what} could not be created: wrangler ${args.join(' ')}`);
}

/**
 * Creates the D1 database, the R2 bucket and every queue (dead-letter queues included), and returns
 * the settings for .production/config.json: `previous` (a former run's) kept, the id filled in.
 * Durable Objects, the cron trigger, the custom domain and the secrets' upload come with the
 * first `npm run deploy`.
 */
export function provision(
  input: ProvisionInput,
  run: WranglerRunner,
  previous: Partial<ProductionSettings> | null = null,
): ProductionSettings {
  const names = resourceNames();
  const known = previous?.d1DatabaseId && !/^0{8}-/.test(previous.d1DatabaseId) ? previous.d1DatabaseId : null;
  const d1DatabaseId = known ?? provisionD1(names.d1, input.location, run);
  createOrKeep(`R2 bucket ${names.bucket}`, ['r2', 'bucket', 'create', names.bucket], run);
  for (const queue of names.queues) createOrKeep(`queue ${queue}`, ['queues', 'create', queue], run);
  const host = new URL(input.appOrigin).host;
  return {
    ...previous,
    d1DatabaseId,
    appOrigin: input.appOrigin,
    mailFrom: input.mailFrom,
    ...(input.mailFromName ? { mailFromName: input.mailFromName } : {}),
    // workers.dev is Cloudflare's own: only a domain of the club's is a custom domain.
    customDomain: host.endsWith('.workers.dev') ? null : host,
  };
}

/**
 * The Worker secrets, generated once into `file` (mode 600, git-ignored): the data key, the ticket
 * signing key and the VAPID pair, as `npm start` makes them for .dev.vars. Never again once a
 * former run made them: a new data key would leave every sealed email body unreadable.
 */
export function generateSecrets(settings: ProductionSettings, file = SECRETS_FILE): ProductionSettings {
  if (settings.secretsGeneratedAt) return settings;
  mkdirSync(path.dirname(file), { recursive: true });
  ensureDevVars(file, "# The club's Worker secrets (npm run provision). Keep a copy apart from the backups, then delete this file.\n");
  return { ...settings, secretsGeneratedAt: new Date().toISOString() };
}
