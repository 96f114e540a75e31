// The version stamp of a build (issue 44): the commit and its date, read from git and handed to
// wrangler's esbuild as defines (src/worker/platform/build-version.ts reads them).
import { spawnSync } from 'node:child_process';
import { ROOT } from './wrangler';

function git(args: string[]): string | null {
  const res = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  return res.status === 0 ? res.stdout.trim() : null;
}

export interface StampedVersion {
  commit: string;
  date: string;
}

/** HEAD's short hash ("-dirty" with uncommitted changes to tracked files) and its commit date in UTC. */
export function buildVersion(): StampedVersion {
  const hash = git(['rev-parse', '--short=7', 'HEAD']) ?? 'nogit';
  const dirty = (git(['status', '--porcelain', '--untracked-files=no']) ?? '') !== '';
  const seconds = Number(git(['log', '-1', '--format=%ct']) ?? NaN);
  const date = Number.isFinite(seconds) ? new Date(seconds * 1000) : new Date();
  return { commit: dirty ? `${hash}-dirty` : hash, date: date.toISOString().replace(/\.\d{3}Z$/, 'Z') };
}

/** `--define` arguments for wrangler deploy / dev (esbuild replaces the identifiers with these literals). */
export function versionDefines(v: StampedVersion = buildVersion()): string[] {
  return ['--define', `__BUILD_COMMIT__:${JSON.stringify(v.commit)}`, '--define', `__BUILD_DATE__:${JSON.stringify(v.date)}`];
}
