// npx tsx scripts/lock-platform-entries.ts: after an `npm install`, put back the lockfile entries of
// other platforms' native builds that the registry these machines reach does not serve (so npm
// leaves them out, and `npm ci` on a fresh clone then stops with "Missing: … from lock file").
// Each entry gets version, os, cpu (and libc) read from the package's name; no resolved/integrity,
// which npm on such a platform fetches as usual. See docs/decisions/0002-lockfile-platform-entries.md.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/wrangler';

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
  [key: string]: unknown;
}

const OS: Record<string, string> = {
  darwin: 'darwin',
  linux: 'linux',
  windows: 'win32',
  win32: 'win32',
  android: 'android',
  freebsd: 'freebsd',
  openharmony: 'openharmony',
};
const CPU: Record<string, string> = {
  '64': 'x64',
  x64: 'x64',
  arm64: 'arm64',
  arm: 'arm',
  ia32: 'ia32',
  loong64: 'loong64',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
};

/** os/cpu/libc of a platform package from its name, e.g. @unrs/resolver-binding-linux-arm64-musl. */
export function platformOf(name: string): { os: string; cpu: string; libc?: string } | null {
  const parts = name.split('/').pop()!.split('-');
  const osIndex = parts.findIndex((p) => p in OS);
  if (osIndex < 0) return null;
  const cpu = CPU[parts[osIndex + 1] ?? ''];
  if (!cpu) return null;
  const rest = parts.slice(osIndex + 2).join('-');
  const libc = /musl/.test(rest) ? 'musl' : /gnu/.test(rest) ? 'glibc' : undefined;
  return { os: OS[parts[osIndex]!]!, cpu, ...(libc ? { libc } : {}) };
}

/** The lockfile entry npm would use for `dep` required by the package at `from` (nearest node_modules up). */
function nearest(packages: Record<string, LockEntry>, from: string, dep: string): LockEntry | undefined {
  let dir = from;
  for (;;) {
    const found = packages[`${dir ? `${dir}/` : ''}node_modules/${dep}`];
    if (found || !dir) return found;
    const i = dir.lastIndexOf('/node_modules/');
    dir = i < 0 ? '' : dir.slice(0, i);
  }
}

const file = path.join(ROOT, 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, LockEntry> };
const added: string[] = [];
const unknown: string[] = [];
for (const [at, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const found = nearest(lock.packages, at, dep);
    // Present, and the same version when the parent pins an exact one (platform builds are pinned).
    if (found && (!/^\d+\.\d+\.\d+/.test(version) || found.version === version)) continue;
    const platform = platformOf(dep);
    if (!platform) {
      unknown.push(`${dep}@${version} (wanted by ${at || 'the root'})`);
      continue;
    }
    // Hoisted when nothing else holds the name; otherwise nested under the package that wants it.
    const key = found ? `${at}/node_modules/${dep}` : `node_modules/${dep}`;
    lock.packages[key] = {
      version,
      cpu: [platform.cpu],
      ...(entry.dev ? { dev: true } : {}),
      ...(platform.libc ? { libc: [platform.libc] } : {}),
      optional: true,
      os: [platform.os],
    };
    added.push(key);
  }
}
const [root, ...rest] = Object.keys(lock.packages);
lock.packages = Object.fromEntries([root!, ...rest.sort((a, b) => a.localeCompare(b, 'en'))].map((k) => [k, lock.packages[k]!]));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `Added ${added.length} lockfile entries:\n  ${added.join('\n  ')}` : 'No lockfile entry was missing.');
if (unknown.length) {
  console.error(`Cannot tell the platform of:\n  ${unknown.join('\n  ')}\nadd their entries by hand.`);
  process.exit(1);
}
