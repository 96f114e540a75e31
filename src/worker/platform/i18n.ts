import { setupI18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { withDateLanguage } from '../../shared/date-format';
import { messageOf, translatedLabel } from '../../shared/message-template';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/preferences';

/**
 * The Worker's texts in five languages (issue 41, docs/decisions/0025-languages-and-appearance.md):
 * emails and the API's error messages. A message's id is its English text (an ICU message:
 * `Send part {part} first.`), marked for `lingui extract` where it is written (`/*i18n*\/ '…'`, or
 * an `i18n._('…', values)` call); the catalogs are src/worker/locales/{locale}.po (lingui.config.ts),
 * compiled by `npm run i18n:compile` into {locale}.ts, each loaded the first time a request or an
 * email needs it (English too: the list of every message is its catalog's ids).
 */
const OWN: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en'),
  fr: () => import('../locales/fr'),
  es: () => import('../locales/es'),
  ja: () => import('../locales/ja'),
  ar: () => import('../locales/ar'),
};
/** What src/shared says (its schemas' messages…): a catalog the client loads too (lingui.config.ts). */
const SHARED: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../shared/locales/en'),
  fr: () => import('../../shared/locales/fr'),
  es: () => import('../../shared/locales/es'),
  ja: () => import('../../shared/locales/ja'),
  ar: () => import('../../shared/locales/ar'),
};
const CATALOGS: Record<Language, () => Promise<{ messages: Messages }>> = Object.fromEntries(
  Object.keys(OWN).map((l) => {
    const language = l as Language;
    const both = () =>
      Promise.all([OWN[language](), SHARED[language]()]).then(([own, shared]) => ({ messages: { ...shared.messages, ...own.messages } }));
    return [language, both];
  }),
) as Record<Language, () => Promise<{ messages: Messages }>>;

/**
 * One Lingui instance for the isolate. Its active language is switched only around a synchronous
 * render (inLoadedLanguage), so requests served side by side never see each other's.
 */
export const i18n = setupI18n({ locale: DEFAULT_LANGUAGE, messages: { [DEFAULT_LANGUAGE]: {} } });
// A message a language's catalog lacks falls back to its id, the English ICU text, compiled here.
i18n.setMessagesCompiler(compileMessage);

const loading = new Map<Language, Promise<void>>();
const loaded = new Set<Language>();
/** The ids of English's catalog: every message there is. */
let englishIds: Set<string> | null = null;
/** Those of them with {placeholders}: the templates messageOf may find a text's among. */
let templateIds: string[] = [];

/** Loads a language's catalog once per isolate (and English, every message's fallback). */
export function loadLanguage(language: Language): Promise<void> {
  let p = loading.get(language);
  if (!p) {
    p = CATALOGS[language]().then((m) => {
      const { messages } = m;
      i18n.load(language, messages);
      if (language === DEFAULT_LANGUAGE) {
        englishIds = new Set(Object.keys(messages));
        templateIds = [...englishIds].filter((id) => id.includes('{'));
      }
      loaded.add(language);
    });
    p.catch(() => loading.delete(language));
    loading.set(language, p);
  }
  return p;
}

export const isLanguageLoaded = (language: Language) => loaded.has(language);

/**
 * Runs a synchronous render (an email, an error's message) in `language`, its dates too. A
 * language whose catalog is not loaded yet renders in English (callers that can wait use inLanguage).
 */
export function inLoadedLanguage<T>(language: Language, render: () => T): T {
  const lang = loaded.has(language) ? language : loaded.has(DEFAULT_LANGUAGE) ? DEFAULT_LANGUAGE : null;
  if (!lang) return render();
  const before = i18n.locale;
  i18n.activate(lang);
  try {
    return withDateLanguage(lang, render);
  } finally {
    i18n.activate(before);
  }
}

/** inLoadedLanguage once the language's catalog (and English's) is loaded. */
export async function inLanguage<T>(language: Language, render: () => T): Promise<T> {
  await Promise.all([loadLanguage(DEFAULT_LANGUAGE), loadLanguage(language)]);
  return inLoadedLanguage(language, render);
}

export type MessageValues = Record<string, unknown>;

/** A message with values in English (an error's message as logged and as English answers read it). */
export function englishText(message: string, values: MessageValues): string {
  const before = i18n.locale;
  i18n.activate(DEFAULT_LANGUAGE);
  try {
    return i18n._(message, values);
  } finally {
    i18n.activate(before);
  }
}

/**
 * One message in the active language. A text that is no message of the catalogs (never marked for
 * extraction: a value a member wrote, an unmarked error) stays exactly as written.
 */
export function translate(message: string, values?: MessageValues): string {
  if (englishIds?.has(message)) return i18n._(message, values);
  // A schema's message written from a template with its numbers and field label (src/shared/message.ts).
  const written = values ? null : messageOf(message, templateIds);
  return written
    ? i18n._(
        written.id,
        translatedLabel(written.values, (label) => translate(label)),
      )
    : message;
}
