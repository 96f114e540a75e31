import type { EventType } from '../../../shared/constants';
import { eventTypeLabel } from '../../../shared/event-format';
import { i18n } from './locales/i18n';

/** An event type's label in the page's language ('tea-party': 'Tea Party'); a type this list does not know reads as the shared label. */
export function typeLabel(type: string): string {
  const labels: Record<EventType, string> = {
    travel: i18n.t('Travel'),
    'tea-party': i18n.t('Tea Party'),
    golf: i18n.t('Golf'),
    concert: i18n.t('Concert'),
    'arts-crafts': i18n.t('Arts & Crafts'),
    entertainment: i18n.t('Entertainment'),
    'cooking-food': i18n.t('Cooking & Food'),
    sports: i18n.t('Sports'),
    'hiking-camping': i18n.t('Hiking & Camping'),
    'book-club': i18n.t('Book Club'),
    'yoga-meditation': i18n.t('Yoga & Meditation'),
    picnic: i18n.t('Picnic'),
    'movie-screening': i18n.t('Movie Screening'),
    'charity-fundraising': i18n.t('Charity & Fundraising'),
    'arcade-escape': i18n.t('Arcade & Escape Room'),
    'wine-tasting': i18n.t('Wine Tasting'),
    karaoke: i18n.t('Karaoke'),
    'volunteer-day': i18n.t('Volunteer Day'),
    'fishing-trip': i18n.t('Fishing Trip'),
    golfing: i18n.t('Golfing'),
    potluck: i18n.t('Potluck'),
    'art-gallery': i18n.t('Art Gallery'),
    museum: i18n.t('Museum'),
    other: i18n.t('Other'),
    custom: i18n.t('Custom'),
  };
  return labels[type as EventType] ?? eventTypeLabel(type);
}
