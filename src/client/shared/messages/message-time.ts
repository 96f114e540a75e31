import { formatDate, isoDateInZone, localTimeZone, zonedParts } from '../../../shared/date-format';

const DAY = 24 * 60 * 60 * 1000;

/** The day a message was sent, in her zone: 'Today', 'Yesterday' or 'Dec 04, 2026' (a thread's day headings). */
export function messageDay(iso: string, now: number): string {
  const zone = localTimeZone();
  const day = isoDateInZone(iso, zone);
  if (day === isoDateInZone(now, zone)) return 'Today';
  if (day === isoDateInZone(now - DAY, zone)) return 'Yesterday';
  return formatDate(day);
}

/** The time a message was sent, in her zone: '7:05 PM'. */
export function messageTime(iso: string): string {
  return zonedParts(iso, localTimeZone()).time;
}

/** When, in a list of conversations: the time today, else 'Yesterday' or the date. */
export function conversationWhen(iso: string, now: number): string {
  const day = messageDay(iso, now);
  return day === 'Today' ? messageTime(iso) : day;
}
