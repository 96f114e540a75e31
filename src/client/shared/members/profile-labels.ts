import { COUNTRY_OPTIONS, countryName, type CountryCode } from '../../../shared/country-codes';
import type { ClubActivity, Industry } from '../../../shared/members';
import { intlLocale } from '../../i18n/intl-locale';
// The shell's i18n: these messages have no placeholders, so English needs no catalog.
import { i18n } from '../i18n';

/**
 * A profile's industries and interests (src/shared/members.ts's INDUSTRIES and CLUB_ACTIVITIES)
 * in the page's language, wherever a profile shows them (Settings' form, the directory's filters
 * and cards, her page). Each stored English value is its message's id in the shared catalog, so
 * a value shows as choiceLabel(value), with no table in the directory's first load: lingui
 * extracts the ids from this object (which the app never reads), and its type holds it to the
 * two lists (every value there, each its own id).
 */
/* eslint-disable lingui/no-unlocalized-strings -- its keys are the stored values; its values, the ids, are marked */
export const PROFILE_CHOICES = {
  Finance: /*i18n*/ 'Finance',
  Technology: /*i18n*/ 'Technology',
  Law: /*i18n*/ 'Law',
  Healthcare: /*i18n*/ 'Healthcare',
  Consulting: /*i18n*/ 'Consulting',
  Education: /*i18n*/ 'Education',
  Media: /*i18n*/ 'Media',
  Arts: /*i18n*/ 'Arts',
  'Real estate': /*i18n*/ 'Real estate',
  Retail: /*i18n*/ 'Retail',
  Hospitality: /*i18n*/ 'Hospitality',
  Manufacturing: /*i18n*/ 'Manufacturing',
  'Public sector': /*i18n*/ 'Public sector',
  'Non-profit': /*i18n*/ 'Non-profit',
  Energy: /*i18n*/ 'Energy',
  Other: /*i18n*/ 'Other',
  Travel: /*i18n*/ 'Travel',
  Art: /*i18n*/ 'Art',
  Writing: /*i18n*/ 'Writing',
  'Performance Arts': /*i18n*/ 'Performance Arts',
  Gardening: /*i18n*/ 'Gardening',
  'Tea culture': /*i18n*/ 'Tea culture',
  Meditation: /*i18n*/ 'Meditation',
  'Artwork exhibition': /*i18n*/ 'Artwork exhibition',
  'Video/movie viewing': /*i18n*/ 'Video/movie viewing',
  'Book reading': /*i18n*/ 'Book reading',
  'Tea/wine tasting': /*i18n*/ 'Tea/wine tasting',
  'Food sampling': /*i18n*/ 'Food sampling',
} as const satisfies { [K in Industry | ClubActivity]: K };
/* eslint-enable lingui/no-unlocalized-strings */

/** A stored industry or interest in the page's language; a value the lists no longer have, as stored. */
export const choiceLabel = (value: Industry | ClubActivity | (string & {})): string => i18n._(value);

const REGION = { type: 'region', fallback: 'none' } as const;
/** A language's full and short country names. */
const namesIn = (locale: string) =>
  [new Intl.DisplayNames([locale], REGION), new Intl.DisplayNames([locale], { ...REGION, style: 'short' })] as const;
const names = new Map<string, ReturnType<typeof namesIn>>();
const namesOf = (locale: string) => {
  let found = names.get(locale);
  if (!found) names.set(locale, (found = namesIn(locale)));
  return found;
};

/**
 * A country's name in a language from Intl (Intl.DisplayNames), in the form the club's English
 * list chose: the short one where the list has it ('Hong Kong', not 'Hong Kong SAR China';
 * 'Palestine'), otherwise the full one ('United States', not 'US').
 */
function regionName(locale: string, code: string, english: string): string {
  const [full, short] = namesOf(locale);
  const [englishFull, englishShort] = namesOf('en');
  const shortForm = english === englishShort.of(code) && english !== englishFull.of(code);
  return (shortForm ? short : full).of(code) ?? english;
}

/** A profile's country (an ISO code) in the page's language; a code not on the list as it is. */
export function countryLabel(code: string): string {
  const english = countryName(code);
  const locale = intlLocale();
  if (!english || locale === 'en') return english ?? code;
  return regionName(locale, code, english);
}

const countries = new Map<string, readonly (readonly [CountryCode, string])[]>();

/** The country select's options: English's list as it is, another language's names (countryLabel) in that language's order. */
export function countryOptions(): readonly (readonly [CountryCode, string])[] {
  const locale = intlLocale();
  if (locale === 'en') return COUNTRY_OPTIONS;
  let options = countries.get(locale);
  if (!options) {
    const collator = new Intl.Collator(locale);
    options = COUNTRY_OPTIONS.map(([code, english]) => [code, regionName(locale, code, english)] as const).sort((a, b) =>
      collator.compare(a[1], b[1]),
    );
    countries.set(locale, options);
  }
  return options;
}
