// Bench section: the Worker as `npm run deploy` uploads it (issue 44), built by the same dry run
// as npm test's deploy gate (scripts/lib/deploy-check.ts): its size before and after gzip (KB of
// 1,024 bytes), the compressed one against its budget (half of the free plan's 3 MB limit).
import { BUNDLE_GZIP_BUDGET, dryRunDeploy } from '../lib/deploy-check';
import type { BenchRow } from './context';

export async function run(): Promise<BenchRow[]> {
  const started = performance.now();
  const dry = dryRunDeploy({ quiet: true });
  const took = Math.round(performance.now() - started);
  return [
    { name: 'Worker bundle (wrangler deploy --dry-run), uncompressed', value: Math.round(dry.rawBytes / 1024), unit: 'KB' },
    {
      name: 'Worker bundle, gzip',
      value: Math.round(dry.gzipBytes / 1024),
      unit: 'KB',
      budget: `<= ${BUNDLE_GZIP_BUDGET / 1024} KB (Workers free plan: 3 MB)`,
      ok: dry.gzipBytes <= BUNDLE_GZIP_BUDGET,
    },
    { name: 'Provision and deploy, dry run', value: took, unit: 'ms' },
  ];
}
