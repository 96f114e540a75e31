// iCalendar (RFC 5545) files for "Add to calendar", the join confirmation's attachment and the
// member's calendar feed. Times are written as UTC instants (DTSTART:20260305T000000Z), which
// every calendar app shows in its own zone without a VTIMEZONE block; the event's own zone is
// named in X-WR-TIMEZONE and in the description for people reading the raw text.
import { CLUB_NAME } from '../../../shared/constants';
import type { EventRow } from '../../db/schema/events';

export type IcsEvent = Pick<
  EventRow,
  | 'id'
  | 'slug'
  | 'title'
  | 'description'
  | 'note'
  | 'startsAt'
  | 'endsAt'
  | 'timeZone'
  | 'isPhysical'
  | 'location'
  | 'zipCode'
  | 'city'
  | 'state'
  | 'country'
  | 'virtualLink'
  | 'updatedAt'
>;

/** TEXT value escaping: backslash, semicolon, comma and newlines. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/**
 * Folds a content line at 75 octets: continuation lines start with one space. Never splits a
 * UTF-8 character across lines.
 */
export function foldIcsLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const out: string[] = [];
  let current = '';
  let currentBytes = 0;
  let limit = 75;
  for (const ch of line) {
    const bytes = encoder.encode(ch).length;
    if (currentBytes + bytes > limit) {
      out.push(current);
      current = '';
      currentBytes = 0;
      limit = 74; // the leading space of a continuation line counts
    }
    current += ch;
    currentBytes += bytes;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** 20260305T000000Z */
export function icsUtc(instant: number): string {
  return new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function eventPlace(
  e: Pick<IcsEvent, 'isPhysical' | 'location' | 'zipCode' | 'city' | 'state' | 'country' | 'virtualLink'>,
): string {
  if (!e.isPhysical) return e.virtualLink ?? '';
  const cityLine = [e.city, [e.state, e.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [e.location && e.location !== 'Unset' ? e.location : null, cityLine || null, e.country].filter(Boolean).join(', ');
}

function vevent(e: IcsEvent, origin: string, now: number): string[] {
  const url = new URL(`/events/${e.id}`, origin).toString();
  const host = new URL(origin).host;
  const description = [e.description, e.note, `Time zone: ${e.timeZone}`, url].filter(Boolean).join('\n\n');
  const place = eventPlace(e);
  return [
    'BEGIN:VEVENT',
    `UID:event-${e.id}@${host}`,
    `DTSTAMP:${icsUtc(now)}`,
    `LAST-MODIFIED:${icsUtc(e.updatedAt)}`,
    // Increases whenever the event is edited, so calendar apps replace their copy.
    `SEQUENCE:${Math.max(0, Math.floor(e.updatedAt / 1000) - 1_700_000_000)}`,
    `DTSTART:${icsUtc(e.startsAt)}`,
    `DTEND:${icsUtc(e.endsAt)}`,
    `SUMMARY:${escapeIcsText(e.title)}`,
    `DESCRIPTION:${escapeIcsText(description)}`,
    ...(place ? [`LOCATION:${escapeIcsText(place)}`] : []),
    `URL:${url}`,
    'STATUS:CONFIRMED',
    'END:VEVENT',
  ];
}

/** A whole VCALENDAR with CRLF line endings and folded lines. */
export function buildIcs(list: IcsEvent[], opts: { origin: string; now: number; name?: string; method?: 'PUBLISH' }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeIcsText(CLUB_NAME)}//Events//EN`,
    'CALSCALE:GREGORIAN',
    `METHOD:${opts.method ?? 'PUBLISH'}`,
    ...(opts.name ? [`X-WR-CALNAME:${escapeIcsText(opts.name)}`, 'REFRESH-INTERVAL;VALUE=DURATION:PT6H', 'X-PUBLISHED-TTL:PT6H'] : []),
    ...(list.length === 1 ? [`X-WR-TIMEZONE:${list[0]!.timeZone}`] : []),
    ...list.flatMap((e) => vevent(e, opts.origin, opts.now)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}

/** A safe download name: the slug plus .ics. */
export function icsFilename(e: Pick<IcsEvent, 'slug'>): string {
  return `${e.slug || 'event'}.ics`;
}
