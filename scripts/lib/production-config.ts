// The production configuration (issue 44, docs/operations.md). The shared wrangler.toml keeps
// placeholders (a zero database id, a local APP_ORIGIN) so `wrangler dev` runs with no account;
// what one club's Cloudflare account gave it lives in .production/config.json (git-ignored, written by
// `npm run provision`), and .production/wrangler.json (git-ignored too) is rendered from both at
// every deploy, so a binding added to wrangler.toml reaches production with the next deploy.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { experimental_readRawConfig } from 'wrangler';
import { PRODUCTION_CONFIG, ROOT } from './wrangler';

export { PRODUCTION_CONFIG };
export const SETTINGS_FILE = path.join(ROOT, '.production/config.json');
/** Where `npm run provision -- --dry-run` writes its made-up settings (never over the real ones). */
export const DRY_RUN_SETTINGS_FILE = path.join(ROOT, '.wrangler', 'provision-dry-run', 'config.json');
/** The Worker secrets `npm run provision` generated, uploaded by the first `npm run deploy` (git-ignored). */
export const SECRETS_FILE = path.join(ROOT, '.production/secrets.env');

/** What one club's account and domain are: the ids Cloudflare gave, the addresses chosen. */
export interface ProductionSettings {
  /** The D1 database's id (`wrangler d1 create` prints it). */
  d1DatabaseId: string;
  /** The public origin, e.g. https://club.example.org: every link in emails, and the passkeys' site. */
  appOrigin: string;
  /** The sender of every email: an address on a domain with Email Routing (docs/operations.md). */
  mailFrom: string;
  mailFromName?: string;
  /** The custom domain the Worker answers on (its host of appOrigin); none: only *.workers.dev. */
  customDomain?: string | null;
  /** The image bucket, when not wrangler.toml's (after a restore into a new one). */
  r2BucketName?: string;
  /** When `npm run provision` generated the Worker secrets (it never generates them twice). */
  secretsGeneratedAt?: string;
  /** When a deploy first uploaded them (.production/secrets.env may go once they are kept elsewhere). */
  secretsUploadedAt?: string;
}

/** Made-up settings of the right shape: `npm test`'s dry-run deploy builds with these. */
export const SAMPLE_SETTINGS: ProductionSettings = {
  d1DatabaseId: '11111111-2222-4333-8444-555555555555',
  appOrigin: 'https://club.example.org',
  mailFrom: 'club@example.org',
  customDomain: 'club.example.org',
};

export function readSettings(file = SETTINGS_FILE): ProductionSettings | null {
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as ProductionSettings;
}

export function writeSettings(settings: ProductionSettings, file = SETTINGS_FILE): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`);
}

/** What is wrong with the settings for a deploy, or null. */
export function settingsProblem(s: Partial<ProductionSettings> | null): string | null {
  if (!s) return `No ${path.basename(SETTINGS_FILE)}: run \`npm run provision\` first (docs/operations.md).`;
  if (!s.d1DatabaseId || /^0{8}-/.test(s.d1DatabaseId)) return 'd1DatabaseId is missing: run `npm run provision`.';
  if (!s.appOrigin || !/^https:\/\/[^/]+$/.test(s.appOrigin))
    return 'appOrigin must be the https origin of the club, e.g. https://club.example.org.';
  if (!s.mailFrom || !/^[^@\s]+@[^@\s]+$/.test(s.mailFrom)) return 'mailFrom must be the sender address, e.g. club@example.org.';
  return null;
}

/** The Cloudflare resources wrangler.toml binds by name: what `npm run provision` creates. */
export interface ResourceNames {
  d1: string;
  bucket: string;
  /** Every queue: the producers', the consumers' and their dead-letter queues, once each. */
  queues: string[];
}

export function resourceNames(): ResourceNames {
  const raw = experimental_readRawConfig({ config: path.join(ROOT, 'wrangler.toml') }).rawConfig as Raw & {
    queues?: { producers?: { queue: string }[]; consumers?: { queue: string; dead_letter_queue?: string }[] };
  };
  const d1 = raw.d1_databases?.[0] as { database_name?: string } | undefined;
  const queues = [
    ...(raw.queues?.producers ?? []).map((q) => q.queue),
    ...(raw.queues?.consumers ?? []).flatMap((q) => [q.queue, q.dead_letter_queue ?? '']),
  ].filter(Boolean);
  return { d1: d1?.database_name ?? '', bucket: raw.r2_buckets?.[0]?.bucket_name ?? '', queues: [...new Set(queues)] };
}

type Raw = Record<string, unknown> & {
  main?: string;
  assets?: { directory?: string };
  vars?: Record<string, unknown>;
  d1_databases?: { database_id?: string; migrations_dir?: string }[];
  r2_buckets?: { bucket_name?: string; remote?: boolean }[];
};

export interface RenderOptions {
  /** Replaces the static assets' directory (a dry run without a client build uses an empty one). */
  assetsDir?: string;
  /** Replaces the migrations' directory (a restore applies a backup's migrations only). */
  migrationsDir?: string;
  /** Replaces the bucket's name (a restore into a new bucket). */
  bucket?: string;
  /** Marks the bucket remote, for wrangler's platform proxy (backups of the deployed club). */
  remoteR2?: boolean;
  /** Keeps wrangler.toml's database id: the local state's D1 is found by it. */
  localIds?: boolean;
}

/** wrangler.toml with one club's settings, as JSON written to `out` (its paths made relative to where it is written). */
export function renderProductionConfig(settings: ProductionSettings, out = PRODUCTION_CONFIG, opts: RenderOptions = {}): string {
  const problem = settingsProblem(settings);
  if (problem && !opts.localIds) throw new Error(problem);
  const raw = structuredClone(experimental_readRawConfig({ config: path.join(ROOT, 'wrangler.toml') }).rawConfig) as Raw;
  const dir = path.dirname(out);
  const rel = (p: string) => path.relative(dir, path.resolve(ROOT, p)) || '.';
  if (raw.main) raw.main = rel(raw.main);
  if (raw.assets) raw.assets.directory = opts.assetsDir ? path.relative(dir, opts.assetsDir) : rel(raw.assets.directory ?? 'dist/client');
  for (const db of raw.d1_databases ?? []) {
    if (!opts.localIds) db.database_id = settings.d1DatabaseId;
    db.migrations_dir = opts.migrationsDir ? path.relative(dir, opts.migrationsDir) : rel(db.migrations_dir ?? 'migrations');
  }
  for (const bucket of raw.r2_buckets ?? []) {
    const name = opts.bucket ?? settings.r2BucketName;
    if (name) bucket.bucket_name = name;
    if (opts.remoteR2) bucket.remote = true;
  }
  // A deployed Worker never honours the tests' pseudo-language: its build leaves the catalogs out.
  raw.define = { ...(raw.define as Record<string, string> | undefined), PSEUDO_LANGUAGE: 'false' };
  raw.vars = {
    ...raw.vars,
    ENVIRONMENT: 'production',
    APP_ORIGIN: settings.appOrigin,
    MAIL_FROM: settings.mailFrom,
    ...(settings.mailFromName ? { MAIL_FROM_NAME: settings.mailFromName } : {}),
  };
  if (settings.customDomain) raw.routes = [{ pattern: settings.customDomain, custom_domain: true }];
  mkdirSync(dir, { recursive: true });
  // Rendered again at every deploy: an edit here would be lost (edit wrangler.toml or the settings).
  writeFileSync(out, `${JSON.stringify(raw, null, 2)}\n`);
  return out;
}
