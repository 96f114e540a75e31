// npm run check:docs: fails when a comment or a doc cites a repository path that does not exist,
// or a "SPEC n" section / DECISIONS heading that docs/product/ does not have. Files move; comments
// that name them are not compiled, so nothing else notices when they go stale.
//
// What counts as a citation, in the comments of TypeScript, JavaScript and CSS files and in the
// whole text of Markdown files under src, tests, scripts, docs and README.md: a token with a slash
// whose first folder is a known one (src/, tests/, docs/, modules/, platform/, shared/, ./, ../, …)
// or that ends in a file extension, and a bare file name (`users.ts`).
// How it resolves: from the citing file's folder when it starts with ./ or ../; from the repo root
// when it starts with src/, tests/, scripts/, docs/, migrations/, seed/, public/ or .ci/; otherwise
// it must be the end of some file's or folder's path (`modules/comments/rest.ts`). A bare name
// must be some file's name. <name>, {name} and * stand for one path segment, ** for any number.
// URLs, URL paths (/api/...), hidden output folders (.wrangler/) and package paths are not
// citations.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
const SCANNED = ['src', 'tests', 'scripts', 'docs', 'README.md'];
const SPEC = 'docs/product/spec.md';
const DECISIONS = 'docs/product/decisions.md';

// What the repository contains: tracked files plus new ones not ignored (dist/, node_modules/ are not).
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && existsSync(path.join(ROOT, f)));
const entries = new Set<string>();
const basenames = new Set<string>();
for (const f of files) {
  entries.add(f);
  basenames.add(path.posix.basename(f));
  for (let d = path.posix.dirname(f); d !== '.'; d = path.posix.dirname(d)) entries.add(d);
}

const EXT = /\.(tsx?|jsx?|mjs|css|md|sql|json|toml|html|svg|png|jpe?g|webp|txt)$/;
const BARE_EXT = /\.(tsx?|jsx?|mjs|css|md|json|toml|html)$/;
const ROOTS = new Set([
  '.',
  '..',
  '.ci',
  'src',
  'tests',
  'scripts',
  'docs',
  'migrations',
  'seed',
  'public',
  'worker',
  'client',
  'shared',
  'modules',
  'platform',
  'db',
  'schema',
  'schemas',
  'features',
  'components',
  'shell',
  'lib',
  'middleware',
  'emails',
  'bench',
  'e2e',
  'unit',
  'decisions',
  'product',
  // Folders the code used to have: a mention of one is stale, so it must be looked at.
  'services',
  'rest',
  'trpc',
  'routers',
]);

function commentsOf(file: string, text: string): string[] {
  if (file.endsWith('.md')) return [text];
  if (file.endsWith('.css')) return text.match(/\/\*[\s\S]*?\*\//g) ?? [];
  const kind = file.endsWith('.tsx') || file.endsWith('.jsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const seen = new Map<number, string>();
  const take = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) seen.set(r.pos, text.slice(r.pos, r.end));
  };
  const visit = (node: ts.Node) => {
    take(ts.getLeadingCommentRanges(text, node.pos));
    take(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...seen.values()];
}

function toRegExp(pattern: string, anchored: boolean): RegExp {
  const body = pattern
    .split(/(\*\*|\*|<[^>/]+>|\{[^}/]+\})/)
    .map((part, i) => {
      if (i % 2 === 0) return part.replace(/[.+?^$()|[\]\\]/g, '\\$&');
      return part === '**' ? '.*' : part === '*' ? '[^/]*' : '[^/]+';
    })
    .join('');
  return new RegExp(`${anchored ? '^' : '(^|/)'}${body}$`);
}

// Folders a path is read from the repo root when it starts with one of them.
const ANCHORED = new Set(['src', 'tests', 'scripts', 'docs', 'migrations', 'seed', 'public', '.ci']);

/** Whether some repository file or folder is `candidate` (anchored) or ends with it (not anchored). */
function exists(candidate: string, anchored: boolean): boolean {
  const normal = path.posix.normalize(candidate).replace(/\/$/, '');
  if (normal.startsWith('..')) return false;
  if (anchored && !/[*<{]/.test(normal)) return normal === '.' || entries.has(normal);
  const re = toRegExp(normal, anchored);
  for (const e of entries) if (re.test(e)) return true;
  return false;
}

function resolves(token: string, file: string): boolean {
  if (!token.includes('/')) return basenames.has(token) || exists(token, true);
  if (token.startsWith('./') || token.startsWith('../')) return exists(path.posix.join(path.posix.dirname(file), token), true);
  if (ANCHORED.has(token.split('/')[0])) return exists(token, true);
  // `modules/comments/rest.ts`, `shared/comments/`: any file or folder whose path ends so.
  return exists(token, false);
}

const TOKEN = /(?<![\w./@~:$-])[\w.<>{}*-]+(?:\/[\w.<>{}*-]*)*(?!\()/g;

function citations(comment: string): string[] {
  const text = comment.replace(/\b[a-z][\w+.-]*:\/\/\S+/gi, ' ');
  const found: string[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const token = match[0].replace(/[.,;:]+$/, '');
    if (!token || /^[\d.]+$/.test(token)) continue;
    const first = token.split('/')[0];
    // Hidden folders other than .ci are local output (.wrangler/, .bench/, .screens/), not the repo's.
    if (/^[.-]/.test(first) && first !== '.' && first !== '..' && first !== '.ci') continue;
    if (token.includes('/')) {
      if (!ROOTS.has(first) && !EXT.test(token)) continue;
      if (first.startsWith('{') || first.startsWith('<')) continue;
      if (!first.startsWith('.') && existsSync(path.join(ROOT, 'node_modules', first))) continue; // a package's own file
    } else if (!BARE_EXT.test(token) || /^\*?\.\w+$/.test(token)) {
      continue; // not a file name (`ctx.sql` is code), or just an extension (`.ts`)
    }
    found.push(token);
    if (process.env.CHECK_DOCS_LIST) console.log(token);
  }
  return found;
}

const headingsOf = (file: string) =>
  existsSync(path.join(ROOT, file))
    ? readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('#'))
        .map((l) => l.replace(/^#+\s*/, '').trim())
    : [];
const specSections = new Set(headingsOf(SPEC).flatMap((h) => (/^(\d+)\./.exec(h) ?? []).slice(1)));
// A quoted DECISIONS citation may name a heading or a rule's bold lead-in (**No secret at rest.**).
const decisionsText = existsSync(path.join(ROOT, DECISIONS)) ? readFileSync(path.join(ROOT, DECISIONS), 'utf8') : '';
const decisionHeadings = new Set(
  [...headingsOf(DECISIONS), ...[...decisionsText.matchAll(/\*\*([^*]+?)\.?\*\*/g)].map((m) => m[1])].map((h) => h.toLowerCase()),
);

const problems: string[] = [];
const scanned = files.filter((f) => SCANNED.some((s) => f === s || f.startsWith(`${s}/`)) && /\.(tsx?|jsx?|mjs|css|md)$/.test(f));
for (const file of scanned) {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  for (const comment of commentsOf(file, text)) {
    const line = (needle: string) => text.slice(0, text.indexOf(comment) + Math.max(0, comment.indexOf(needle))).split('\n').length;
    for (const token of citations(comment)) {
      if (!resolves(token, file)) problems.push(`${file}:${line(token)}: cites ${token}, which the repository does not contain`);
    }
    for (const m of comment.matchAll(/\bSPEC(?:'s)? ((?:\d+)(?:(?:, | and )\d+)*)/g)) {
      for (const n of m[1].split(/, | and /)) {
        if (!specSections.has(n)) problems.push(`${file}:${line(m[0])}: cites SPEC ${n}, but ${SPEC} has no section ${n}`);
      }
    }
    for (const m of comment.matchAll(/\bDECISIONS "([^"]+)"/g)) {
      if (!decisionHeadings.has(m[1].toLowerCase()))
        problems.push(`${file}:${line(m[0])}: cites DECISIONS "${m[1]}", but ${DECISIONS} has no such heading or bold lead-in`);
    }
  }
}

if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`\ncheck:docs: ${problems.length} stale citation(s) in ${scanned.length} files`);
  process.exit(1);
}
console.log(`check:docs: every path, SPEC section and DECISIONS heading cited in ${scanned.length} files exists`);
