// The bundle gate of `npm test`: first-load JS (gzip) of the visitor at / and the member at
// /calendar, computed from the build's Vite manifest (deterministic, nothing timed), against the
// budgets of FIRST_LOADS. Exits 1 when a page is over.
//   npx tsx scripts/check-bundle-size.ts [--build] [clientDir]   (default CLIENT_OUT_DIR or dist/client)
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FIRST_LOADS, firstLoadFromBuild, kb } from './lib/first-load-js';
import { ROOT, run } from './lib/wrangler';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { build: { type: 'boolean', default: false } } });
const clientDir = path.resolve(ROOT, positionals[0] ?? process.env.CLIENT_OUT_DIR ?? 'dist/client');
if (values.build) run(path.join(ROOT, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn', '--outDir', clientDir]);

let over = 0;
for (const load of FIRST_LOADS) {
  const { bytes, files } = firstLoadFromBuild(clientDir, load);
  const ok = kb(bytes) <= load.budgetKb;
  if (!ok) over++;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} first-load JS, ${load.name}: ${kb(bytes)} KB gzip (budget ${load.budgetKb} KB, ${files.length} files)`,
  );
  if (!ok) for (const f of files) console.log(`       ${f}`);
}
if (over) {
  console.error(`Bundle size: ${over} page(s) over budget. Lazy-load what that page does not need on its first load.`);
  process.exit(1);
}
