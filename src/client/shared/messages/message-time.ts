import { formatDate, isoDateInZone, localTimeZone, zonedParts } from '../../../shared/date-format';
import { i18n } from '../i18n';

const DAY = 24 * 60 * 60 * 1000;

/** The day a message was sent, in her zone: 'Today', 'Yesterday' or 'Dec 04, 2026' (a thread's day headings). */
export function messageDay(iso: string, now: number): string {
  const day = dayOf(iso, now);
  return day === 'today' ? i18n.t('Today') : day === 'yesterday' ? i18n.t('Yesterday') : formatDate(day);
}

/** 'today', 'yesterday' or the date (yyyy-mm-dd), in her zone. */
function dayOf(iso: string, now: number): string {
  const zone = localTimeZone();
  const day = isoDateInZone(iso, zone);
  if (day === isoDateInZone(now, zone)) return 'today';
  if (day === isoDateInZone(now - DAY, zone)) return 'yesterday';
  return day;
}

/** The time a message was sent, in her zone: '7:05 PM'. */
export function messageTime(iso: string): string {
  return zonedParts(iso, localTimeZone()).time;
}

/** When, in a list of conversations: the time today, else 'Yesterday' or the date. */
export function conversationWhen(iso: string, now: number): string {
  return dayOf(iso, now) === 'today' ? messageTime(iso) : messageDay(iso, now);
}
