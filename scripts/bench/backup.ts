// Bench section: the backup's round trip on the demo club as seeded (issue 44; scripts/check-backup.ts,
// in a state of its own, not the bench server's): seeded, backed up, restored and compared, for
// README's figures of the backup's time and size. npm test runs the same check on the state its
// browser tests leave.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { childEnv, ROOT } from '../lib/wrangler';
import type { BenchRow } from './context';

export async function run(): Promise<BenchRow[]> {
  const res = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/check-backup.ts'], {
    cwd: ROOT,
    env: childEnv(),
    encoding: 'utf8',
  });
  const out = `${res.stdout}${res.stderr}`;
  const backup = /Backup: ([\d.]+) s, ([\d.]+) MB/.exec(out);
  const restored = /restored in ([\d.]+) s/.exec(out);
  if (!backup || !restored) throw new Error(`check-backup: ${out.slice(-300)}`);
  return [
    { name: 'Backup of the demo club (npm run backup): time', value: Math.round(Number(backup[1]) * 1000), unit: 'ms' },
    { name: 'Backup of the demo club: size', value: Math.round(Number(backup[2]) * 1024), unit: 'KB' },
    { name: 'Restore into an empty state, checked (npm run restore)', value: Math.round(Number(restored[1]) * 1000), unit: 'ms' },
    {
      name: 'Backup round trip: same rows, image bytes, sealed bodies; newer schema refused',
      value: res.status === 0 ? 1 : 0,
      unit: 'count',
      budget: '= 1',
      ok: res.status === 0,
    },
  ];
}
