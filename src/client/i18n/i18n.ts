import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { isLanguage, PSEUDO_LANGUAGE_TAG, type Language } from '../../shared/preferences';
import { messages as shellEnglish } from '../locales/en';

/**
 * The page's texts (issue 41, lingui.config.ts, docs/decisions/0025-languages-and-appearance.md).
 * A message's id is its English text (`i18n.t('Sign in')`, `i18n.t('{count, plural, one {# guest} other {# guests}}', { count })`),
 * so English ships no catalog but its ICU messages, and a message no catalog has shows its English.
 * Written without Lingui's macros: the Worker renders these components too (src/client/ssr.tsx)
 * from a bundle of its own that no macro transform runs over, and the React bindings' 2 KB of gzip
 * were more than the first loads had: the language of a page never changes while it is open
 * (a new choice reloads it), so components read `i18n` as they render.
 *
 * This one is the shell's (src/client/shell, components, lib, i18n). Each other catalog has its own
 * (catalogI18n: a feature's and the shared widgets' locales/i18n.ts), because two catalogs may word
 * one English text differently ('Home': the menu's Accueil, an admin table's Logement), and one
 * instance holding both would show whichever loaded last.
 */
export const i18n = setupI18n({ missing: (_locale, id) => id });

/** The page's language, or the tests' pseudo-language (bracketed and accented English), whose `<html lang>` is en-XA. */
export type PageLocale = Language | 'pseudo';

/** The page's language, as the Worker wrote it on `<html lang>`. */
export function pageLocale(): PageLocale {
  const lang = typeof document === 'undefined' ? 'en' : document.documentElement.lang;
  if (lang === PSEUDO_LANGUAGE_TAG) return 'pseudo';
  return isLanguage(lang) ? lang : 'en';
}

/** A catalog: `shell` (src/client/locales) or a feature's (src/client/features/{name}/locales). */
export type CatalogName = 'shell' | (string & {});

type Loaders = typeof import('../locales/catalogs-fr');

/** wrangler.toml's and vite.config.ts's define: false in a deploy's build (scripts/lib/production-config.ts). */
declare const PSEUDO_LANGUAGE: boolean;

// A language's loaders (src/client/locales/catalogs-{locale}.ts, written by npm run i18n:compile),
// named one by one: a template import would bring its runtime helper into the entry.
const LOADERS: Record<Exclude<PageLocale, 'en'>, () => Promise<Loaders>> = {
  fr: () => import('../locales/catalogs-fr'),
  es: () => import('../locales/catalogs-es'),
  ja: () => import('../locales/catalogs-ja'),
  ar: () => import('../locales/catalogs-ar'),
  // Only where a local Worker honours it (wrangler.toml's define): a deploy's build has no pseudo catalogs.
  pseudo: () => (PSEUDO_LANGUAGE ? import('../locales/catalogs-pseudo') : Promise.resolve({ catalogs: {} })),
};

const importCatalog = async (locale: Exclude<PageLocale, 'en'>, name: CatalogName) => {
  const { catalogs } = await LOADERS[locale]();
  return catalogs[name]?.() ?? { messages: {} };
};

const loaded = new Map<string, Promise<void>>();

/** Each catalog's i18n: the shell's, and those of the catalogs whose code has run (catalogI18n). */
const instances: [CatalogName, I18n][] = [['shell', i18n]];
/** What every catalog loaded so far held, so an i18n made after its catalog arrived gets it too. */
const delivered: [CatalogName, PageLocale, Messages][] = [];

/** A catalog's messages, to its own i18n; src/shared's (`common`: its schemas' messages, the kinds' labels) to every one. */
function deliver(name: CatalogName, locale: PageLocale, messages: Messages, to = instances) {
  if (to === instances) delivered.push([name, locale, messages]);
  // A copy: Lingui keeps the first object it is given for a language and assigns later ones into
  // it, which would write one catalog's messages into another's (src/shared's go to every i18n).
  for (const [own, i] of to) if (own === name || name === 'common') i.load(locale, { ...messages });
}

/**
 * A catalog's own i18n (written into its locales/i18n.ts by npm run i18n:compile), with its
 * English ICU messages, the messages of its catalog and src/shared's already loaded, in the page's language.
 */
export function catalogI18n(name: CatalogName, english: Messages): I18n {
  const own = setupI18n({ missing: (_locale, id) => id });
  own.load('en', english);
  for (const d of delivered) deliver(...d, [[name, own]]);
  activateOne(own, i18n.locale as PageLocale);
  instances.push([name, own]);
  return own;
}

/** What finds a shared message's template (src/shared/message-template.ts): fetched with the `common` catalog only. */
let findTemplate: Promise<unknown> | undefined;
let templates: typeof import('../../shared/message-template') | undefined;

/** The catalogs whose pages need none of src/shared's texts (the `common` catalog): the public pages stay light. */
const NO_SHARED_TEXTS = new Set<CatalogName>(['shell', 'shared', 'common', 'public']);

/**
 * Loads a catalog of a language once. English's ICU messages come with the code instead: the
 * shell's here, a feature's with its components (they import `i18n` from its locales/i18n.ts).
 */
export function loadCatalog(locale: PageLocale, name: CatalogName | undefined): Promise<void> {
  if (!name || locale === 'en') return Promise.resolve();
  // A feature's pages show what src/shared says too (its forms' messages, the kinds' labels…).
  if (!NO_SHARED_TEXTS.has(name)) {
    findTemplate ??= import('../../shared/message-template').then((m) => (templates = m));
    return Promise.all([loadOne(locale, name), loadOne(locale, 'common'), findTemplate]).then(() => undefined);
  }
  // The shared widgets' texts come with the shell's, before the first render.
  if (name === 'shell') return Promise.all([loadOne(locale, 'shell'), loadOne(locale, 'shared')]).then(() => undefined);
  return loadOne(locale, name);
}

function loadOne(locale: Exclude<PageLocale, 'en'>, name: CatalogName): Promise<void> {
  const key = `${locale}:${name}`;
  let loading = loaded.get(key);
  if (!loading) {
    loading = importCatalog(locale, name).then(({ messages }) => deliver(name, locale, messages));
    loading.catch(() => loaded.delete(key));
    loaded.set(key, loading);
  }
  return loading;
}

/** Intl has no pseudo-language: its numbers, dates and plurals are English. */
const activateOne = (own: I18n, locale: PageLocale) => own.activate(locale, locale === 'pseudo' ? ['en'] : [locale]);
/** Every catalog's i18n in one language. */
const activate = (locale: PageLocale) => {
  for (const [, own] of instances) activateOne(own, locale);
};

i18n.load('en', shellEnglish);
activate(pageLocale());

/**
 * Runs a render in a language (the Worker's render of a member's first screen, whose catalogs
 * are loaded): synchronous, so two requests in two languages never see each other's.
 */
export function withLocale<T>(locale: PageLocale, render: () => T): T {
  const before = i18n.locale as PageLocale;
  activate(locale);
  try {
    return render();
  } finally {
    activate(before);
  }
}

/**
 * Runs an asynchronous render in a language, from no catalog of it: the build's prerender of a page
 * in each language (src/client/prerender.tsx), one page at a time. The render loads the catalogs
 * the browser's first render of the page loads, in the same order (the shell's, then its page's as
 * it renders), and no other: two catalogs may word a message differently, and the browser hydrates
 * what it would render.
 */
export async function inLocale<T>(locale: PageLocale, render: () => Promise<T>): Promise<T> {
  const before = i18n.locale as PageLocale;
  if (locale === 'en') activate(locale);
  else {
    for (const key of loaded.keys()) if (key.startsWith(`${locale}:`)) loaded.delete(key);
    for (let i = delivered.length - 1; i >= 0; i--) if (delivered[i]![1] === locale) delivered.splice(i, 1);
    for (const [, own] of instances) own.loadAndActivate({ locale, locales: locale === 'pseudo' ? ['en'] : [locale], messages: {} });
  }
  try {
    return await render();
  } finally {
    activate(before);
  }
}

/**
 * A text the client did not write (a form's message from a shared zod schema) in the page's
 * language: a message of a loaded catalog, or one written from a template with its values
 * (src/shared/message.ts); any other text as it is.
 */
export function translateText(text: string): string {
  if (i18n.locale === 'en') return text;
  if (i18n.messages[text] !== undefined) return i18n._(text);
  const written = templates?.messageOf(
    text,
    Object.keys(i18n.messages).filter((id) => id.includes('{')),
  );
  return written ? i18n._(written.id, templates!.translatedLabel(written.values, translateText)) : text;
}
