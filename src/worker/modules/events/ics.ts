// iCalendar (RFC 5545) files for "Add to calendar", the join confirmation's attachment and the
// member's calendar feed. Times are the event's wall time in its own zone
// (DTSTART;TZID=Europe/Paris:20261204T190000), so a calendar shows "7:00 PM Paris time" wherever
// it is read; the VTIMEZONE each TZID needs is written from Intl's rules for the span the file
// covers (no zone database is shipped). UTC events are written as UTC instants. The description
// says when in words, from the one date formatter, for people reading the raw text.
import { CLUB_NAME } from '../../../shared/constants';
import { formatEventWhen, zoneAbbreviation, zonedParts, zoneOffsetMs } from '../../../shared/date-format';
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

/** 20261204T190000: the wall time in the zone, for a property with TZID. */
function icsLocal(instant: number, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${p.isoDate.replace(/-/g, '')}T${p.hhmm.replace(':', '')}00`;
}

const isUtc = (timeZone: string) => timeZone === 'UTC' || timeZone === 'Etc/UTC';

/** DTSTART / DTEND: with the event's zone (TZID), or a UTC instant for a UTC event. */
function icsTime(name: 'DTSTART' | 'DTEND', instant: number, timeZone: string): string {
  return isUtc(timeZone) ? `${name}:${icsUtc(instant)}` : `${name};TZID=${timeZone}:${icsLocal(instant, timeZone)}`;
}

const WEEK = 7 * 24 * 3600_000;

/** '+0530', '-0800' */
function icsOffset(ms: number): string {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  return `${ms < 0 ? '-' : '+'}${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The moments the zone's offset changes between two instants, to the minute: a weekly walk (no
 * zone changes its clocks twice within a week) and a binary search inside the week that changed.
 */
export function offsetChanges(timeZone: string, from: number, to: number): { at: number; before: number; after: number }[] {
  const changes: { at: number; before: number; after: number }[] = [];
  let t = from;
  let offset = zoneOffsetMs(t, timeZone);
  while (t < to) {
    const next = Math.min(t + WEEK, to);
    const nextOffset = zoneOffsetMs(next, timeZone);
    if (nextOffset !== offset) {
      // In whole minutes: the offset at lo is the old one, at hi the new one.
      let lo = Math.floor(t / 60_000);
      let hi = Math.ceil(next / 60_000);
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (zoneOffsetMs(mid * 60_000, timeZone) === offset) lo = mid;
        else hi = mid;
      }
      const at = hi * 60_000;
      const after = zoneOffsetMs(at, timeZone);
      changes.push({ at, before: offset, after });
      offset = after;
      t = at;
      continue;
    }
    t = next;
  }
  return changes;
}

/**
 * A VTIMEZONE for the zone, valid from `from` to `to`: the offset in force at `from`, then one
 * observance per change of clocks in between (a move to a larger offset is DAYLIGHT). Each
 * observance's DTSTART is the wall time just before the change, as RFC 5545 wants it.
 */
export function vtimezone(timeZone: string, from: number, to: number): string[] {
  const first = zoneOffsetMs(from, timeZone);
  const changes = offsetChanges(timeZone, from, to);
  const wall = (instant: number, offset: number) => icsUtc(instant + offset).replace(/Z$/, '');
  const observance = (kind: 'STANDARD' | 'DAYLIGHT', start: string, fromOffset: number, toOffset: number, at: number) => [
    `BEGIN:${kind}`,
    `DTSTART:${start}`,
    `TZOFFSETFROM:${icsOffset(fromOffset)}`,
    `TZOFFSETTO:${icsOffset(toOffset)}`,
    `TZNAME:${zoneAbbreviation(at, timeZone)}`,
    `END:${kind}`,
  ];
  const firstKind = changes[0] && changes[0].after < first ? 'DAYLIGHT' : 'STANDARD';
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    ...observance(firstKind, wall(from, first), first, first, from),
    ...changes.flatMap((c) => observance(c.after > c.before ? 'DAYLIGHT' : 'STANDARD', wall(c.at, c.before), c.before, c.after, c.at)),
    'END:VTIMEZONE',
  ];
}

/** One VTIMEZONE per zone the events use, covering their span (and a day either side). */
function vtimezones(list: IcsEvent[]): string[] {
  const spans = new Map<string, { from: number; to: number }>();
  for (const e of list) {
    if (isUtc(e.timeZone)) continue;
    const span = spans.get(e.timeZone);
    spans.set(e.timeZone, { from: Math.min(span?.from ?? e.startsAt, e.startsAt), to: Math.max(span?.to ?? e.endsAt, e.endsAt) });
  }
  const DAY = 24 * 3600_000;
  return [...spans].flatMap(([zone, span]) => vtimezone(zone, span.from - DAY, span.to + DAY));
}

function vevent(e: IcsEvent, origin: string, now: number): string[] {
  const url = new URL(`/events/${e.id}`, origin).toString();
  const host = new URL(origin).host;
  const when = `${formatEventWhen(e.startsAt, e.endsAt, e.timeZone).full} (${e.timeZone.replace(/_/g, ' ')})`;
  const description = [when, e.description, e.note, url].filter(Boolean).join('\n\n');
  const place = eventPlace(e);
  return [
    'BEGIN:VEVENT',
    `UID:event-${e.id}@${host}`,
    `DTSTAMP:${icsUtc(now)}`,
    `LAST-MODIFIED:${icsUtc(e.updatedAt)}`,
    // Increases whenever the event is edited, so calendar apps replace their copy.
    `SEQUENCE:${Math.max(0, Math.floor(e.updatedAt / 1000) - 1_700_000_000)}`,
    icsTime('DTSTART', e.startsAt, e.timeZone),
    icsTime('DTEND', e.endsAt, e.timeZone),
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
    ...vtimezones(list),
    ...list.flatMap((e) => vevent(e, opts.origin, opts.now)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}

/** A safe download name: the slug plus .ics. */
export function icsFilename(e: Pick<IcsEvent, 'slug'>): string {
  return `${e.slug || 'event'}.ics`;
}
