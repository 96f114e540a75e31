// Pure display helpers for events (SPEC 2 and 9): dates 'MMM dd, yyyy', 12-hour times, the
// 120-character description excerpt, and an instant shown in a given time zone.
import { EVENT_TYPES, type EventType } from './constants';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export const DESCRIPTION_EXCERPT_LENGTH = 120;

/** 'yyyy-mm-dd' -> 'MMM dd, yyyy' (e.g. 'Mar 05, 2026'). Anything else is returned unchanged. */
export function formatEventDate(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!m) return isoDate;
  const month = MONTHS[Number(m[2]) - 1];
  return month ? `${month} ${m[3]}, ${m[1]}` : isoDate;
}

/** One date when the event starts and ends on the same day, otherwise 'start - end'. */
export function formatEventDateRange(startDate: string, endDate?: string | null): string {
  const start = formatEventDate(startDate);
  if (!endDate || endDate.slice(0, 10) === startDate.slice(0, 10)) return start;
  return `${start} - ${formatEventDate(endDate)}`;
}

/** 'HH:MM' (24-hour) -> 'h:mm AM/PM'. */
export function formatTime12(time: string): string {
  const m = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!m) return time;
  const h = Number(m[1]);
  const suffix = h < 12 ? 'AM' : 'PM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${m[2]} ${suffix}`;
}

export function formatTimeRange12(start: string, end: string): string {
  return `${formatTime12(start)} - ${formatTime12(end)}`;
}

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

export const EVENT_TYPE_OPTIONS: { value: EventType; label: string }[] = EVENT_TYPES.map((value) => ({
  value,
  label: eventTypeLabel(value),
}));

/**
 * An instant as the calendar date and 12-hour time in a zone, with the zone's short name:
 * { date: 'Mar 05, 2026', time: '4:00 PM', zone: 'PST' }.
 */
export function formatInstantInZone(instant: number, timeZone: string): { date: string; time: string; zone: string; isoDate: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).formatToParts(new Date(instant));
  const get = (t: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === t)?.value ?? '';
  const isoDate = `${get('year')}-${get('month')}-${get('day')}`;
  return { date: formatEventDate(isoDate), time: formatTime12(`${get('hour')}:${get('minute')}`), zone: get('timeZoneName'), isoDate };
}

/** "Mar 05, 2026, 4:00 PM - 9:00 PM PST" (or two dates when the range crosses midnight there). */
export function formatInstantRangeInZone(startsAt: number, endsAt: number, timeZone: string): string {
  const a = formatInstantInZone(startsAt, timeZone);
  const b = formatInstantInZone(endsAt, timeZone);
  if (a.isoDate === b.isoDate) return `${a.date}, ${a.time} - ${b.time} ${b.zone}`;
  return `${a.date}, ${a.time} - ${b.date}, ${b.time} ${b.zone}`;
}

/** Today's date (yyyy-mm-dd) in a zone. */
export function todayInZone(now: number, timeZone: string): string {
  return formatInstantInZone(now, timeZone).isoDate;
}
