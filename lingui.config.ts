import type { LinguiConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The texts' catalogs (issue 41, docs/decisions/0025-languages-and-appearance.md). English is the
 * source: a message's id is its English text, typed in the code (`i18n.t('Sign in')`), so English
 * needs no catalog but its ICU messages (scripts/i18n-compile.ts). `pseudo` is the tests'
 * bracketed, accented language, generated from English.
 *
 * One catalog per feature (src/client/features/{name}/locales/{locale}.po), loaded with that
 * feature's pages for the page's language only, one for the shell (header, menu, footer,
 * components), loaded before the first render, and one for the widgets of src/client/shared,
 * loaded with the shell's.
 * `npm run i18n:extract` writes the .po files from the code; `npm run i18n:compile` the .ts
 * modules the app imports (committed: the Worker's bundle and tsc read them as they are).
 */
const config: LinguiConfig = {
  sourceLocale: 'en',
  locales: ['en', 'fr', 'es', 'ja', 'ar', 'pseudo'],
  pseudoLocale: { locale: 'pseudo', prepend: '[', append: ']' },
  fallbackLocales: false,
  compileNamespace: 'ts',
  orderBy: 'messageId',
  // No origins: a moved line would otherwise touch every language's catalog (and every rebase).
  format: formatter({ origins: false, explicitIdAsDefault: true }),
  catalogs: [
    {
      path: '<rootDir>/src/client/locales/{locale}',
      include: [
        '<rootDir>/src/client/app.tsx',
        '<rootDir>/src/client/root.tsx',
        '<rootDir>/src/client/shell/',
        '<rootDir>/src/client/components/',
        '<rootDir>/src/client/lib/',
        '<rootDir>/src/client/pwa/',
        // A widget the header shows (her name), so its text is the shell's, which reads it (i18n/i18n.ts).
        '<rootDir>/src/client/shared/members/member-name.tsx',
      ],
    },
    // The widgets pages compose (src/client/shared): a catalog of their own, loaded with the
    // shell's in another language (scripts/i18n-compile.ts writes one loader for both), whose
    // English ICU messages ship with the widgets that use them (shared/locales/i18n.ts), not in the
    // entry. src/shared/images.ts's upload messages are checked in the browser too.
    {
      path: '<rootDir>/src/client/shared/locales/{locale}',
      include: ['<rootDir>/src/client/shared/', '<rootDir>/src/shared/images.ts'],
      exclude: ['<rootDir>/src/client/shared/members/member-name.tsx'],
    },
    // The service worker's few words (the offline page): all five languages are in the built worker, no loader.
    {
      path: '<rootDir>/src/client/sw/locales/{locale}',
      include: ['<rootDir>/src/client/sw/'],
    },
    {
      path: '<rootDir>/src/client/features/{name}/locales/{locale}',
      include: ['<rootDir>/src/client/features/{name}/'],
    },
    // The Worker's texts (emails and the API's error messages, src/worker/platform/i18n.ts).
    {
      path: '<rootDir>/src/worker/locales/{locale}',
      include: ['<rootDir>/src/worker/'],
    },
    // What src/shared says, to the Worker and the client alike (a schema's field messages, the
    // notification kinds' labels…): one catalog both load, the Worker with its own, the client
    // with a feature's (src/client/i18n/i18n.ts). A message here with {placeholders} is formatted
    // in English by the code that writes it (src/shared/message.ts), so English needs no catalog.
    {
      path: '<rootDir>/src/shared/locales/{locale}',
      include: ['<rootDir>/src/shared/'],
    },
  ],
};

export default config;
