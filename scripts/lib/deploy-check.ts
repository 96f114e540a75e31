// The dry-run deploy of `npm test` (issue 44): `npm run provision` and `npm run deploy` in their dry
// mode, so the Worker is built for production as a deploy builds it (the production config's
// shape, the version stamp, the secrets file), without an account. Its bundle is what
// tests/worker/platform/startup.test.ts evaluates, and its compressed size has a budget.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { deploy } from './deploy';
import { writeSettings } from './production-config';
import { dryRunWrangler, generateSecrets, provision } from './provision';
import { ROOT } from './wrangler';

export const DRY_RUN_DIR = path.join(ROOT, '.wrangler', 'deploy-check');
export const DRY_RUN_BUNDLE = path.join(DRY_RUN_DIR, 'out', 'index.js');

/**
 * Workers take 3 MB compressed on the free plan (10 MB paid, 64 MB before compression): the
 * budget keeps half of the free plan's limit free.
 */
export const BUNDLE_GZIP_BUDGET = 1.5 * 1024 * 1024;

export interface DryRun {
  bundle: string;
  /** The commands the dry run printed (provision's and deploy's). */
  commands: string[];
  /** The uploaded modules (.js, .mjs, .wasm, …; not source maps), before and after gzip. */
  rawBytes: number;
  gzipBytes: number;
}

/** The sizes of what a deploy uploads from `outDir`. */
function uploadSizes(outDir: string): { rawBytes: number; gzipBytes: number } {
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const name of readdirSync(outDir)) {
    if (!/\.(m?js|cjs|wasm|bin|txt|html)$/.test(name)) continue;
    const bytes = readFileSync(path.join(outDir, name));
    rawBytes += bytes.length;
    gzipBytes += gzipSync(bytes, { level: 9 }).length;
  }
  return { rawBytes, gzipBytes };
}

/** Provisions and deploys in dry mode into DRY_RUN_DIR, from an empty account's point of view. */
export function dryRunDeploy(opts: { quiet?: boolean } = {}): DryRun {
  rmSync(DRY_RUN_DIR, { recursive: true, force: true });
  mkdirSync(DRY_RUN_DIR, { recursive: true });
  const commands: string[] = [];
  const log = (line: string) => {
    commands.push(line);
    if (!opts.quiet) console.log(line);
  };
  const settingsFile = path.join(DRY_RUN_DIR, 'config.json');
  const provisioned = provision({ appOrigin: 'https://club.example.org', mailFrom: 'club@example.org' }, dryRunWrangler(log));
  writeSettings(generateSecrets(provisioned, path.join(DRY_RUN_DIR, 'secrets.env')), settingsFile);
  const outDir = path.join(DRY_RUN_DIR, 'out');
  deploy({ settingsFile, log, dryRun: { outDir, config: path.join(DRY_RUN_DIR, 'wrangler.json') } });
  return { bundle: path.join(outDir, 'index.js'), commands, ...uploadSizes(outDir) };
}

/** The newest change to what the bundle is built from (sources, config, dependencies). */
function newestSource(): number {
  let newest = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else newest = Math.max(newest, statSync(p).mtimeMs);
    }
  };
  walk(path.join(ROOT, 'src'));
  for (const file of ['wrangler.toml', 'package-lock.json']) newest = Math.max(newest, statSync(path.join(ROOT, file)).mtimeMs);
  return newest;
}

/** The dry run's bundle: the one `npm test` just built when it is newer than every source, else built now. */
export function freshBundle(): string {
  if (existsSync(DRY_RUN_BUNDLE) && statSync(DRY_RUN_BUNDLE).mtimeMs > newestSource()) return DRY_RUN_BUNDLE;
  return dryRunDeploy({ quiet: true }).bundle;
}

export const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
