// Text helpers for events (SPEC 2 and 9): the 120-character description excerpt and the type
// labels. Dates and times are date-format.ts's, the one formatter.

export const DESCRIPTION_EXCERPT_LENGTH = 120;

/** The first 120 characters plus an ellipsis when the text is longer; shorter text unchanged. */
export function truncateDescription(text: string, max = DESCRIPTION_EXCERPT_LENGTH): string {
  const chars = Array.from(text ?? '');
  if (chars.length <= max) return text ?? '';
  return `${chars.slice(0, max).join('')}...`;
}

/** 'tea-party' -> 'Tea Party', 'arts-crafts' -> 'Arts & Crafts'. */
export function eventTypeLabel(type: string): string {
  const special: Record<string, string> = {
    'arts-crafts': 'Arts & Crafts',
    'cooking-food': 'Cooking & Food',
    'hiking-camping': 'Hiking & Camping',
    'yoga-meditation': 'Yoga & Meditation',
    'charity-fundraising': 'Charity & Fundraising',
    'arcade-escape': 'Arcade & Escape Room',
  };
  if (special[type]) return special[type];
  return type
    .split('-')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
}
