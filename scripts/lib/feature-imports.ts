// Issue 41: a feature's texts follow its code. A page loads its feature's catalog (routes.tsx
// page()'s third argument) in the page's language before it renders; its dialogs and tabs loaded
// later are of the same feature (features never import each other), so that catalog covers them.
// What stays to check is every place outside a feature that lazy-loads one of its modules (the
// route table, the shell's lapsed member's page and renewal banner): it must be a page() naming
// that feature's catalog, or the page renders in English on a French page.
import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';

const PAGE_CALL = /\bpage(?:<[^>]*>)?\(\s*\(\)\s*=>\s*import\('([^']+)'\),\s*'\w+'\s*(?:,\s*'(\w+)')?\s*,?\s*\)/g;
const DYNAMIC_IMPORT = /\bimport\('([^']+)'\)/g;

/** The feature a module of src/client belongs to, if any. */
const featureOf = (file: string) => /^src\/client\/features\/([^/]+)\//.exec(file)?.[1];

/** Every lazy import of a feature's module from outside it that is not a page() naming its catalog. */
export function featureImportsWithoutCatalog(root: string): string[] {
  const problems: string[] = [];
  for (const file of globSync('src/client/**/*.{ts,tsx}', { cwd: root })) {
    if (file.startsWith('src/client/locales/')) continue; // the catalogs' own loaders
    const source = readFileSync(path.join(root, file), 'utf8');
    const target = (spec: string) => featureOf(path.posix.join(path.posix.dirname(file), spec) + '/');
    const named = new Map<number, string | undefined>();
    for (const m of source.matchAll(PAGE_CALL)) named.set(m.index + m[0].indexOf('import('), m[2]);
    for (const m of source.matchAll(DYNAMIC_IMPORT)) {
      const feature = target(m[1]!);
      if (!feature || feature === featureOf(file)) continue;
      const line = source.slice(0, m.index).split('\n').length;
      if (!named.has(m.index)) problems.push(`${file}:${line}: import('${m[1]}') outside page(): its catalog '${feature}' would not load`);
      else if (named.get(m.index) !== feature)
        problems.push(
          `${file}:${line}: page(() => import('${m[1]}'), …) must name its catalog '${feature}', not ${named.get(m.index) ? `'${named.get(m.index)}'` : 'none'}`,
        );
    }
  }
  return problems;
}
