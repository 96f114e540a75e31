// ESLint: a small rule set (the recommended ones, no type-aware rules so it stays fast) plus the
// import boundaries of the layout. Prettier owns formatting, so no stylistic rules here.
// scripts/check-lint-rules.ts proves every boundary below still fires.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import lingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const src = (p) => path.join(root, 'src', p);
const dirsIn = (dir) =>
  readdirSync(src(dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const features = dirsIn('client/features');
const modules = dirsIn('worker/modules');
// A module's transport: other modules call its services, never these.
const TRANSPORT_FILES = ['rest.ts', 'router.ts', 'session-middleware.ts'];

const zones = [
  {
    target: src('shared'),
    from: [src('worker'), src('client')],
    message: 'src/shared is imported by worker and client; it imports neither.',
  },
  {
    target: src('worker'),
    from: src('client'),
    // Its one door: the render of a member's first screen (issue 27, docs/decisions/0019).
    except: ['./ssr.tsx'],
    message: 'The worker never imports client code, except src/client/ssr.tsx (the render of a member page).',
  },
  {
    target: src('client'),
    from: src('worker'),
    // The tRPC router's type is the contract; no-restricted-imports below keeps that import type-only.
    except: ['./router.ts'],
    message: 'The client imports nothing from the worker except `import type { AppRouter }` from the router.',
  },
  ...features.map((f) => ({
    target: src(`client/features/${f}`),
    from: src('client/features'),
    except: [`./${f}`],
    message: 'Features never import each other: move what several pages use to src/client/shared or src/client/components.',
  })),
  {
    target: src('client/components'),
    from: [src('client/features'), src('client/shared'), src('client/shell')],
    message: 'components/ are design-system pieces: they import no feature, shared widget or shell.',
  },
  {
    target: src('client/shared'),
    from: [src('client/features'), src('client/shell')],
    message: 'Shared widgets are composed by pages; they import no feature or shell.',
  },
  { target: src('worker/platform'), from: src('worker/modules'), message: 'platform/ is what every module uses; it imports no module.' },
  ...modules.map((m) => ({
    target: src(`worker/modules/${m}`),
    from: modules.filter((other) => other !== m).flatMap((other) => TRANSPORT_FILES.map((file) => src(`worker/modules/${other}/${file}`))),
    message: "Cross-module calls go through the other module's exported service functions, not its REST routes, tRPC router or middleware.",
  })),
];

// Issue 41: a text typed into the client without i18n.t fails the lint, everywhere in src/client but
// the catalogs and NOT_YET, what is still being translated (it shrinks to nothing).
const TRANSLATED = ['src/client/**/*.{ts,tsx}'];
export const NOT_YET = ['src/client/**/locales/**', 'src/client/prerender.tsx'];

const ACCOUNT_TYPE = '/^(Founding|Standard|Travel Host)$/';
const ACCOUNT_TYPE_MESSAGE = "The client reads capability flags from the server's DTOs; it never decides from an account type.";

export default defineConfig(
  {
    ignores: [
      'dist/',
      'node_modules/',
      '.wrangler/',
      'migrations/',
      'worker-configuration.d.ts',
      // Compiled text catalogs (npm run i18n:compile).
      'src/client/**/locales/*.ts',
      'src/worker/locales/*.ts',
      'src/shared/locales/*.ts',
      'reports/',
      '.test-reports/',
      'test-results/',
      'playwright-report/',
      '.bench/',
      '.perf/',
      '.fuzz/',
      '.screens/',
      '.e2e-client-*/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Unused names are dead code; a leading underscore marks a deliberate one (e.g. a positional argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // A missing dependency is a stale-closure bug: fail the gate instead of warning.
      'react-hooks/exhaustive-deps': 'error',
      // Compiler-performance advice; the forms here deliberately copy a query's result into editable state when it arrives.
      'react-hooks/set-state-in-effect': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)worker/router(\\.ts)?$',
              allowTypeImports: true,
              message: 'Only `import type { AppRouter }` from the worker router: its code stays on the server.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: `BinaryExpression[operator=/^[!=]==?$/] > Literal[value=${ACCOUNT_TYPE}]`, message: ACCOUNT_TYPE_MESSAGE },
        { selector: `SwitchCase > Literal.test[value=${ACCOUNT_TYPE}]`, message: ACCOUNT_TYPE_MESSAGE },
        {
          selector: `CallExpression > MemberExpression.callee[property.name='includes'] > ArrayExpression.object > Literal[value=${ACCOUNT_TYPE}]`,
          message: ACCOUNT_TYPE_MESSAGE,
        },
      ],
    },
  },
  {
    files: TRANSLATED,
    ignores: NOT_YET,
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          // A text has a letter; a message's id is its English (i18n.t), a list of texts is marked /*i18n*/.
          // A URL, or one lower-case token, is not a text: a value or a key ('open', 'post', 'company': a DTO's enum, a field's
          // key), a file or a media type ('photo.webp', 'image/webp'), a CSS length ('px').
          // A namespaced key ('owow:scroll-positions') is not a text either.
          ignore: ['^[^\\p{L}]*$', '^/', '^https?://', '^[a-z][\\w.-]*(/[\\w.+-]+)?$', '^[\\d.]*(px|rem|em)$', '^[a-z]+:[\\w-]+$'],
          ignoreNames: [
            {
              regex: {
                pattern:
                  '^(className|.*ClassName|href|to|key|type|id|role|rel|target|name|path|form|field|autoComplete|inputMode|rootMargin|cookie|data-.*|aria-(haspopup|current|hidden|live|controls))$',
              },
            },
          ],
          ignoreFunctions: [
            'i18n.t',
            'i18n._',
            'console.*',
            '*.matchMedia',
            'matchMedia',
            'navigate',
            'Error',
            'import',
            'RegExp',
            'test',
            'startsWith',
            'get',
            '*.headers.get',
            // A page's component name (routes.tsx).
            'page',
            '*.addEventListener',
            'addEventListener',
          ],
        },
      ],
    },
  },
  { files: ['src/worker/**/*.ts', 'tests/worker/**/*.ts', 'tests/unit/**/*.ts'], languageOptions: { globals: globals.serviceworker } },
  { files: ['src/shared/**/*.ts'], languageOptions: { globals: globals['shared-node-browser'] } },
  { files: ['scripts/**/*.ts', 'tests/e2e/**/*.ts', '*.{js,ts}'], languageOptions: { globals: globals.node } },
);
