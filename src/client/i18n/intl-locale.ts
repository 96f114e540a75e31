import { i18n } from './i18n';

/**
 * The page's language for Intl (RelativeTimeFormat, DisplayNames, Collator): i18n's, which a
 * render in the Worker sets to hers; the pseudo-language's is English. Not in i18n.ts, which the
 * visitor's entry carries.
 */
export const intlLocale = (): string => (i18n.locale === 'pseudo' ? 'en' : i18n.locale);
