/**
 * Her language and appearance (issue 41, docs/decisions/0025-languages-and-appearance.md): the
 * values, the cookies that carry them on a device, and how a request's language is chosen. Shared
 * by the Worker (pages, errors, emails) and the client (Settings, the footer).
 */

/** English is the reference (SPEC's quoted texts are English); Arabic is written right to left. */
export const LANGUAGES = ['en', 'fr', 'es', 'ja', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in itself: what the footer and Settings list. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français', es: 'Español', ja: '日本語', ar: 'العربية' };

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** The device's copy of her choices (a visitor's only, a member's mirror of her account): not HttpOnly, the page sets them. */
export const LANGUAGE_COOKIE = 'lang';
export const THEME_COOKIE = 'theme';

export const isLanguage = (v: unknown): v is Language => typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);
export const isTheme = (v: unknown): v is Theme => typeof v === 'string' && (THEMES as readonly string[]).includes(v);

/**
 * The tests' pseudo-language (issue 41: every text bracketed and accented, so one left untranslated
 * shows): a `lang` cookie of this value, honoured only by a Worker run locally (npm start, tests).
 */
export const PSEUDO_LANGUAGE_TAG = 'en-XA';

export const directionOf = (language: Language): 'ltr' | 'rtl' => (language === 'ar' ? 'rtl' : 'ltr');

/**
 * The best of the five for an Accept-Language header (RFC 9110 weights; a region matches its
 * language: fr-CA is French), or null when it names none of them.
 */
export function bestLanguage(acceptLanguage: string | null | undefined): Language | null {
  if (!acceptLanguage) return null;
  let best: { language: Language; q: number } | null = null;
  for (const part of acceptLanguage.split(',').slice(0, 32)) {
    const [tag = '', ...params] = part.trim().split(';');
    const q = Number(
      params
        .map((p) => p.trim())
        .find((p) => p.startsWith('q='))
        ?.slice(2) ?? 1,
    );
    if (!(q > 0) || q > 1) continue;
    const language = tag.trim().toLowerCase().split('-')[0];
    if (!isLanguage(language)) continue;
    // Equal weights: the first named wins.
    if (!best || q > best.q) best = { language, q };
  }
  return best?.language ?? null;
}

/**
 * The language of a request: hers when she chose one (a member's account), else the device's
 * cookie, else the browser's Accept-Language, else English.
 */
export function requestLanguage(opts: { account?: Language | null; cookie?: string | null; acceptLanguage?: string | null }): Language {
  if (opts.account) return opts.account;
  if (isLanguage(opts.cookie)) return opts.cookie;
  return bestLanguage(opts.acceptLanguage) ?? DEFAULT_LANGUAGE;
}

/** A year, on this device; readable by the page (it writes them when she chooses), sent with every request. */
export function preferenceCookie(name: string, value: string, secure: boolean): string {
  return `${name}=${value}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`;
}
