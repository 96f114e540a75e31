// npm run i18n:compile: the catalogs' .po files (lingui.config.ts) compiled into the .ts modules
// the app imports, English trimmed to its ICU messages: a message's id is its English text
// (src/client/i18n/i18n.ts), so an English catalog holds only what its id cannot say (plurals,
// placeholders). Also writes
// - src/client/locales/catalogs-{locale}.ts: each language's loaders (a chunk each), fetched by a
//   page in that language: the entry holds six imports, not one per catalog and language (`common`
//   is src/shared's, `shared` src/client/shared's);
// - src/client/features/{name}/locales/i18n.ts: the page's i18n with the feature's English ICU
//   messages, which its components import, so English ships with the code and fetches nothing.
//   npx tsx scripts/i18n-compile.ts [--check]   (--check: fails when a compiled file is out of date or
//   a translation is missing, and writes nothing)
import { globSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_RENDERED_CATALOGS } from '../src/client/i18n/server-catalogs';
import { run, ROOT } from './lib/wrangler';

const check = process.argv.includes('--check');
// The client's catalogs, the Worker's (src/worker/locales: emails and error messages, English kept whole)
// and src/shared's (src/shared/locales: both load it; English kept whole for the Worker, the client needs none).
const COMPILED = '{src/client/**/locales/*.ts,src/worker/locales/*.ts,src/shared/locales/*.ts}';
const before = new Map(globSync(COMPILED, { cwd: ROOT }).map((f) => [f, readFileSync(path.join(ROOT, f), 'utf8')]));

// --strict: a language missing a translation fails (the check of npm test).
run(path.join(ROOT, 'node_modules/.bin/lingui'), ['compile', '--workers', '1', ...(check ? ['--strict'] : [])]);

// The service worker's catalog (the offline page) is imported whole by the worker (src/client/sw/offline-language.ts): no i18n.ts, no loader.
const SERVICE_WORKER = 'src/client/sw';
const PREFIX = '/*eslint-disable*/import type{Messages}from"@lingui/core";export const messages=JSON.parse(';
const SUFFIX = ')as Messages;';
for (const file of globSync('src/client/**/locales/en.ts', { cwd: ROOT })) {
  const source = readFileSync(path.join(ROOT, file), 'utf8');
  if (!source.startsWith(PREFIX) || !source.endsWith(SUFFIX)) throw new Error(`${file}: not what lingui compile writes`);
  const messages = JSON.parse(JSON.parse(source.slice(PREFIX.length, -SUFFIX.length))) as Record<string, unknown>;
  const kept = Object.fromEntries(
    Object.entries(messages).filter(([id, m]) => !(Array.isArray(m) && m.length === 1 && m[0] === id) && m !== id),
  );
  writeFileSync(path.join(ROOT, file), PREFIX + JSON.stringify(JSON.stringify(kept)) + SUFFIX);
  const dir = path.dirname(path.dirname(file));
  if (dir !== 'src/client' && dir !== SERVICE_WORKER)
    writeFileSync(
      path.join(ROOT, dir, 'locales/i18n.ts'),
      `// Written by scripts/i18n-compile.ts: this catalog's own i18n, with its English ICU messages.\nimport { catalogI18n } from '${path.relative(path.join(dir, 'locales'), 'src/client/i18n/i18n')}';\nimport { messages } from './en';\n\nexport const i18n = catalogI18n('${dir === 'src/client/shared' ? 'shared' : path.basename(dir)}', messages);\n`,
    );
}

const locales = new Map<string, Map<string, string>>();
for (const file of globSync('{src/client/**,src/shared}/locales/*.po', { cwd: ROOT }).sort()) {
  const locale = path.basename(file, '.po');
  const dir = path.dirname(path.dirname(file));
  if (locale === 'en' || dir === SERVICE_WORKER) continue;
  const name = dir === 'src/client' ? 'shell' : dir === 'src/shared' ? 'common' : path.basename(dir);
  const from = path.relative('src/client/locales', path.join(path.dirname(file), locale));
  locales.set(locale, (locales.get(locale) ?? new Map()).set(name, from.startsWith('.') ? from : `./${from}`));
}
// A catalog no first screen rendered in the Worker needs (src/client/i18n/server-catalogs.ts) is
// left out of the Worker's bundle: its import sits behind CLIENT_IN_WORKER, true only there. The
// shared widgets' catalog (`shared`) is loaded with the shell's (src/client/i18n/i18n.ts loadCatalog).
const loaderLines = (modules: Map<string, string>) =>
  [...modules].map(([name, from]) =>
    SERVER_RENDERED_CATALOGS.includes(name)
      ? `  ${name}: () => import('${from}'),`
      : `  ${name}: () => (CLIENT_IN_WORKER ? notInWorker('${name}') : import('${from}')),`,
  );
for (const [locale, modules] of locales) {
  const lines = loaderLines(modules);
  writeFileSync(
    path.join(ROOT, `src/client/locales/catalogs-${locale}.ts`),
    `// Written by scripts/i18n-compile.ts: the catalogs of ${locale}, each a chunk of its own.\nimport type { Messages } from '@lingui/core';\n\n/** wrangler.toml's define (true in the Worker's bundle), vite.config.ts's (false in the pages'). */\ndeclare const CLIENT_IN_WORKER: boolean;\n/** A catalog left out of the Worker (src/client/i18n/server-catalogs.ts), asked for there. */\nconst notInWorker = (name: string) => Promise.reject(new Error(\`The \${name} catalog is not in the Worker's bundle\`));\n\nexport const catalogs: Record<string, () => Promise<{ messages: Messages }>> = {\n${lines.join('\n')}\n};\n`,
  );
}

if (check) {
  const after = globSync(COMPILED, { cwd: ROOT });
  const stale = after.filter((f) => before.get(f) !== readFileSync(path.join(ROOT, f), 'utf8'));
  for (const f of after) if (!before.has(f)) rmSync(path.join(ROOT, f));
  for (const [f, text] of before) writeFileSync(path.join(ROOT, f), text);
  if (stale.length) {
    console.error(`Compiled catalogs out of date (run npm run i18n:compile and commit):\n  ${stale.join('\n  ')}`);
    process.exit(1);
  }
}
