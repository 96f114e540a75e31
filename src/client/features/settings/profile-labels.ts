import { COUNTRY_OPTIONS, type CountryCode } from '../../../shared/country-codes';
import type { ClubActivity, Industry } from '../../../shared/members';
import { intlLocale } from '../../i18n/intl-locale';
import { i18n } from './locales/i18n';

/** A profile's industries in the page's language (the stored value stays src/shared/members.ts's English). */
export const industryLabels = (): Record<Industry, string> => ({
  Finance: i18n.t('Finance'),
  Technology: i18n.t('Technology'),
  Law: i18n.t('Law'),
  Healthcare: i18n.t('Healthcare'),
  Consulting: i18n.t('Consulting'),
  Education: i18n.t('Education'),
  Media: i18n.t('Media'),
  Arts: i18n.t('Arts'),
  'Real estate': i18n.t('Real estate'),
  Retail: i18n.t('Retail'),
  Hospitality: i18n.t('Hospitality'),
  Manufacturing: i18n.t('Manufacturing'),
  'Public sector': i18n.t('Public sector'),
  'Non-profit': i18n.t('Non-profit'),
  Energy: i18n.t('Energy'),
  Other: i18n.t('Other'),
});

/** The club's activities (a profile's interests) in the page's language. */
export const activityLabels = (): Record<ClubActivity, string> => ({
  Travel: i18n.t('Travel'),
  Art: i18n.t('Art'),
  Writing: i18n.t('Writing'),
  Media: i18n.t('Media'),
  'Performance Arts': i18n.t('Performance Arts'),
  Gardening: i18n.t('Gardening'),
  'Tea culture': i18n.t('Tea culture'),
  Meditation: i18n.t('Meditation'),
  'Artwork exhibition': i18n.t('Artwork exhibition'),
  'Video/movie viewing': i18n.t('Video/movie viewing'),
  'Book reading': i18n.t('Book reading'),
  'Tea/wine tasting': i18n.t('Tea/wine tasting'),
  'Food sampling': i18n.t('Food sampling'),
});

const countries = new Map<string, readonly (readonly [CountryCode, string])[]>();

/**
 * The country select's options: English's list as it is, another language's names from Intl
 * (Intl.DisplayNames), in that language's order.
 */
export function countryOptions(): readonly (readonly [CountryCode, string])[] {
  const locale = intlLocale();
  if (locale === 'en') return COUNTRY_OPTIONS;
  let options = countries.get(locale);
  if (!options) {
    const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    const collator = new Intl.Collator(locale);
    options = COUNTRY_OPTIONS.map(([code, name]) => [code, names.of(code) ?? name] as const).sort((a, b) => collator.compare(a[1], b[1]));
    countries.set(locale, options);
  }
  return options;
}
