import { fillIn, i18n } from '../i18n';
import { countryLabel } from './profile-labels';

// A member's one-line summaries, apart from the profile view: the directory's cards use them on
// its first screen, without the view's code.

/** "Paris, France" (her city, her country in the page's language); a country the list does not have as it is. */
export function placeOf(city: string | null, country: string | null): string {
  const name = country ? countryLabel(country) : null;
  // Hong Kong, Singapore, Monaco: the city is the country, named once.
  return (city && name && city.toLowerCase() === name.toLowerCase() ? [name] : [city, name]).filter(Boolean).join(', ');
}

/** "Managing Director at Fintech Partners", or either alone. */
export const roleOf = (title: string | null, company: string | null) =>
  title && company ? fillIn((kept) => i18n.t('{title} at {company}', kept), { title, company }) : (title ?? company ?? '');
