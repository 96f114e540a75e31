import { spawn, spawnSync, type SpawnOptions } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'node_modules', '.bin');

/** No internet here: wrangler must not try to reach Cloudflare at every start. */
export const OFFLINE_ENV = {
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
  // Run every child on the project's own Node (the node@24 devDependency).
  PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}`,
};

export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  // WRANGLER_LOG below info would also silence `--json` output that d1Query reads.
  const { WRANGLER_LOG: _ignored, ...env } = process.env;
  return { ...env, ...OFFLINE_ENV, ...extra };
}

/** Where local state (D1, R2, queues) lives; PERSIST_TO gives a separate one (e2e tests). */
export function persistDir(): string {
  return path.resolve(ROOT, process.env.PERSIST_TO ?? '.wrangler/state');
}

export function run(cmd: string, args: string[], opts: SpawnOptions & { quiet?: boolean } = {}): string {
  const res = spawnSync(cmd, args, { cwd: ROOT, env: childEnv(), encoding: 'utf8', ...opts, stdio: opts.quiet ? 'pipe' : 'inherit' });
  if (res.status !== 0) {
    if (opts.quiet) process.stderr.write(`${res.stdout ?? ''}${res.stderr ?? ''}`);
    throw new Error(`${cmd} ${args.join(' ')} exited with ${res.status}`);
  }
  return String(res.stdout ?? '');
}

export function wrangler(args: string[], opts: { quiet?: boolean } = {}): string {
  return run(path.join(BIN, 'wrangler'), args, opts);
}

/** Like run(), without blocking this process meanwhile; quiet: the output is shown only on failure. */
export function runAsync(cmd: string, args: string[], opts: { quiet?: boolean } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: childEnv(), stdio: opts.quiet ? 'pipe' : 'inherit' });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) return resolve();
      process.stderr.write(output);
      reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}`));
    });
  });
}

/**
 * The deployed club's wrangler config, rendered from wrangler.toml and .production/config.json by
 * scripts/lib/production-config.ts (git-ignored): `--remote` commands read its database id.
 */
export const PRODUCTION_CONFIG = path.join(ROOT, '.production/wrangler.json');

/** Runs a SQL statement against the local (or the deployed, PRODUCTION_CONFIG's) D1 and returns its rows. */
export function d1Query<T = Record<string, unknown>>(sql: string, remote = false): T[] {
  const where = remote ? ['--remote', '--config', PRODUCTION_CONFIG] : ['--local', '--persist-to', persistDir()];
  const out = wrangler(['d1', 'execute', 'DB', ...where, '--json', '--command', sql], { quiet: true });
  const parsed = JSON.parse(out.slice(out.indexOf('['))) as { results: T[] }[];
  return parsed[0]?.results ?? [];
}

export function d1File(file: string, remote = false): void {
  const where = remote ? ['--remote', '--yes', '--config', PRODUCTION_CONFIG] : ['--local', '--persist-to', persistDir()];
  wrangler(['d1', 'execute', 'DB', ...where, '--file', file], { quiet: true });
}

export function spawnWrangler(args: string[], extraEnv: Record<string, string> = {}) {
  return spawn(path.join(BIN, 'wrangler'), args, { cwd: ROOT, env: childEnv(extraEnv), stdio: 'inherit' });
}

/** SQL string literal. */
export function sqlText(value: string | null | undefined): string {
  return value == null ? 'NULL' : `'${value.replace(/'/g, "''")}'`;
}
