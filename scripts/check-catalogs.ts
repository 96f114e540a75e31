// The catalogs' check of npm test (issue 41): every language's catalog holds exactly the messages
// the code has (`lingui check sync`: a missing or extra key fails), each translated, and the
// compiled modules the app imports are those of the .po files (scripts/i18n-compile.ts --check),
// and every page of a feature loaded from outside it loads that feature's catalog (scripts/lib/feature-imports.ts).
import path from 'node:path';
import { featureImportsWithoutCatalog } from './lib/feature-imports';
import { run, ROOT } from './lib/wrangler';

const unloaded = featureImportsWithoutCatalog(ROOT);
if (unloaded.length) {
  console.error(`A feature's page loaded without its texts:\n  ${unloaded.join('\n  ')}`);
  process.exit(1);
}

run(path.join(ROOT, 'node_modules/.bin/lingui'), ['check', 'sync', '--workers', '1']);
run(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'scripts/i18n-compile.ts'), '--check']);
console.log('Catalogs complete and compiled.');
