// Text helpers for events (SPEC 2 and 9): the 120-character description excerpt and the type
// labels. Dates and times are date-format.ts's, the one formatter.

import type { EventType } from './constants';

export const DESCRIPTION_EXCERPT_LENGTH = 120;

/** The first 120 characters plus an ellipsis when the text is longer; shorter text unchanged. */
export function truncateDescription(text: string, max = DESCRIPTION_EXCERPT_LENGTH): string {
  const chars = Array.from(text ?? '');
  if (chars.length <= max) return text ?? '';
  return `${chars.slice(0, max).join('')}...`;
}

/**
 * The types' labels in English, messages of src/shared's catalog (issue 41): the Worker's emails
 * and the admin's insights translate them where they are shown.
 */
const TYPE_LABELS: Record<EventType, string> = {
  travel: /*i18n*/ 'Travel',
  'tea-party': /*i18n*/ 'Tea Party',
  golf: /*i18n*/ 'Golf',
  concert: /*i18n*/ 'Concert',
  'arts-crafts': /*i18n*/ 'Arts & Crafts',
  entertainment: /*i18n*/ 'Entertainment',
  'cooking-food': /*i18n*/ 'Cooking & Food',
  sports: /*i18n*/ 'Sports',
  'hiking-camping': /*i18n*/ 'Hiking & Camping',
  'book-club': /*i18n*/ 'Book Club',
  'yoga-meditation': /*i18n*/ 'Yoga & Meditation',
  picnic: /*i18n*/ 'Picnic',
  'movie-screening': /*i18n*/ 'Movie Screening',
  'charity-fundraising': /*i18n*/ 'Charity & Fundraising',
  'arcade-escape': /*i18n*/ 'Arcade & Escape Room',
  'wine-tasting': /*i18n*/ 'Wine Tasting',
  karaoke: /*i18n*/ 'Karaoke',
  'volunteer-day': /*i18n*/ 'Volunteer Day',
  'fishing-trip': /*i18n*/ 'Fishing Trip',
  golfing: /*i18n*/ 'Golfing',
  potluck: /*i18n*/ 'Potluck',
  'art-gallery': /*i18n*/ 'Art Gallery',
  museum: /*i18n*/ 'Museum',
  other: /*i18n*/ 'Other',
  custom: /*i18n*/ 'Custom',
};

/** 'tea-party' -> 'Tea Party', 'arts-crafts' -> 'Arts & Crafts'; a type the club does not know, from its words. */
export function eventTypeLabel(type: string): string {
  const known = TYPE_LABELS[type as EventType];
  if (known) return known;
  return type
    .split('-')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
}
