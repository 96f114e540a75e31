import { countryName } from '../../../shared/country-codes';
import { fillIn, i18n } from '../i18n';

// A member's one-line summaries, apart from the profile view: the directory's cards use them on
// its first screen, without the view's code.

/** "Hong Kong" for HK; the code itself if the list has no name for it. */
export function placeOf(city: string | null, country: string | null): string {
  const name = country ? (countryName(country) ?? country) : null;
  // Hong Kong, Singapore, Monaco: the city is the country, named once.
  return (city && name && city.toLowerCase() === name.toLowerCase() ? [name] : [city, name]).filter(Boolean).join(', ');
}

/** "Managing Director at Fintech Partners", or either alone. */
export const roleOf = (title: string | null, company: string | null) =>
  title && company ? fillIn((kept) => i18n.t('{title} at {company}', kept), { title, company }) : (title ?? company ?? '');
