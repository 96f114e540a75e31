import { i18n } from './i18n';

/**
 * The page's language for Intl (RelativeTimeFormat, DisplayNames, Collator): i18n's, which a
 * render in the Worker sets to hers; the pseudo-language's is English. Not in i18n.ts, which the
 * visitor's entry carries.
 */
export const intlLocale = (): string => (i18n.locale === 'pseudo' ? 'en' : i18n.locale);

/** A count, a price or a share in the page's language ("1,234", "1 234", "١٬٢٣٤"), never by hand. */
export const formatNumber = (n: number, options?: Intl.NumberFormatOptions): string => n.toLocaleString(intlLocale(), options);

/**
 * Names or words as one list in the page's language ("Amara, Mei and Hana", "Amara, Mei et Hana",
 * "Amara、Mei、Hana"); English keeps the club's list without the serial comma (en-GB's).
 */
export const formatList = (items: readonly string[], type: Intl.ListFormatType = 'conjunction'): string =>
  new Intl.ListFormat(intlLocale() === 'en' ? 'en-GB' : intlLocale(), { type }).format(items);
