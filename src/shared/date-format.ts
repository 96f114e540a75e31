// The one date formatter of the club (issue 14). Every date and time a member reads comes from
// here: event cards, My Schedule, the event page, the emails, the .ics text, the admin lists. It is
// plain Intl, so the browser and the Worker (emails, .ics, reminders) write the same words.
// Dates are SPEC 9's 'MMM dd, yyyy' and times 12-hour (SPEC 2); a time always carries the short
// name of its zone ('7:00 PM CET'), since a member in another country reads the same page.
// In another language than English (issue 41) dates and times are Intl's in that language
// ('05 janv. 2026, 19:00 CET', '2026年1月5日'); the zones' names stay as they are.

import type { Language } from './preferences';

/** A moment: Unix milliseconds, an ISO string (the DTOs' starts_at) or a Date. */
export type Instant = number | string | Date;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

function ms(instant: Instant): number {
  return instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);
}

// Intl formatters are costly to build and a list formats hundreds of times: one per zone and locale.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, timeZone: string | undefined, zoneName: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}|${zoneName}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      ...(zoneName ? { timeZoneName: 'short' as const } : {}),
    });
    formatters.set(key, f);
  }
  return f;
}

let renderZone: string | undefined;

/**
 * Runs a synchronous render as if the runtime ran in `timeZone`: the Worker rendering a member's
 * page (src/client/ssr.tsx) writes her dates in her browser's zone, as her browser will.
 */
export function withLocalTimeZone<T>(timeZone: string, render: () => T): T {
  renderZone = timeZone;
  try {
    return render();
  } finally {
    renderZone = undefined;
  }
}

let renderLanguage: Language | undefined;

/**
 * Runs a synchronous render (or an email's text) with dates in `language`: the Worker writing a
 * member's page or email in hers. In the browser the page's `<html lang>` says it.
 */
export function withDateLanguage<T>(language: Language, render: () => T): T {
  renderLanguage = language;
  try {
    return render();
  } finally {
    renderLanguage = undefined;
  }
}

/**
 * The language dates are written in: the render's, else the page's `<html lang>` (which the Worker
 * writes, one of the five: no list is imported here, so this module stays its own small chunk),
 * else English.
 */
export function dateLanguage(): Language {
  return renderLanguage ?? (((typeof document === 'undefined' ? '' : document.documentElement.lang) || 'en') as Language);
}

/** The zone the runtime runs in: the viewer's in a browser, UTC in the Worker (or withLocalTimeZone's). */
export function localTimeZone(): string {
  return renderZone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone's short name at an instant, from Intl's timeZoneName 'short': the American names from
 * en-US (EST, PDT), the European ones from en-GB (CET, BST), and where neither locale knows one,
 * the offset (GMT+5:30 for Asia/Kolkata, GMT+9 for Asia/Tokyo), which cannot be misread the way
 * IST (India, Ireland, Israel) can.
 */
export function zoneAbbreviation(instant: Instant, timeZone: string): string {
  const at = new Date(ms(instant));
  let name = '';
  for (const locale of ['en-US', 'en-GB']) {
    name =
      formatter(locale, timeZone, true)
        .formatToParts(at)
        .find((p) => p.type === 'timeZoneName')?.value ?? '';
    if (!/^GMT[+-]/.test(name)) return name;
  }
  return name;
}

/** An instant's calendar date and wall time in a zone. */
export interface ZonedParts {
  /** yyyy-mm-dd */
  isoDate: string;
  /** 'Dec 04, 2026' */
  date: string;
  /** '7:00 PM' */
  time: string;
  /** '19:00' */
  hhmm: string;
  /** 'CET' */
  zone: string;
}

/** An instant's calendar date ('yyyy-mm-dd') and 24-hour wall time ('19:00') in a zone. */
function wallClock(at: number, timeZone: string): { isoDate: string; hhmm: string } {
  const parts = formatter('en-US', timeZone, false).formatToParts(new Date(at));
  const get = (t: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === t)?.value ?? '';
  return { isoDate: `${get('year')}-${get('month')}-${get('day')}`, hhmm: `${get('hour')}:${get('minute')}` };
}

export function zonedParts(instant: Instant, timeZone: string): ZonedParts {
  const at = ms(instant);
  const { isoDate, hhmm } = wallClock(at, timeZone);
  return { isoDate, date: formatDate(isoDate), time: formatTime12(hhmm), hhmm, zone: zoneAbbreviation(at, timeZone) };
}

/** An instant's calendar date in a zone, 'yyyy-mm-dd' (without the zone's name, which costs two more formatters). */
export function isoDateInZone(instant: Instant, timeZone: string): string {
  return wallClock(ms(instant), timeZone).isoDate;
}

/** A calendar date 'yyyy-mm-dd' (a stay's night, an event's local date) -> 'Dec 04, 2026'; anything else unchanged. */
export function formatDate(isoDate: string): string {
  const m = ISO_DATE.exec(isoDate);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  if (!m || !month) return isoDate;
  const language = dateLanguage();
  return language === 'en' ? `${month} ${m[3]}, ${m[1]}` : shortDate(language).format(utcDay(isoDate));
}

/** Two calendar dates: one when they are the same day (SPEC 2), else 'Dec 04, 2026 - Dec 08, 2026'. */
export function formatDateRange(startIsoDate: string, endIsoDate?: string | null): string {
  if (!endIsoDate || endIsoDate.slice(0, 10) === startIsoDate.slice(0, 10)) return formatDate(startIsoDate);
  return `${formatDate(startIsoDate)} - ${formatDate(endIsoDate)}`;
}

/**
 * A formatter made on first use, not when the module loads: making an Intl.DateTimeFormat is
 * costly (the first loads the locale's data), and every page's start-up loads this module.
 */
export function madeOnUse(options: Intl.DateTimeFormatOptions | ((language: Language) => Intl.DateTimeFormatOptions)) {
  const made: Partial<Record<Language, Intl.DateTimeFormat>> = {};
  return (language = dateLanguage()) =>
    (made[language] ??= new Intl.DateTimeFormat(
      language === 'en' ? 'en-US' : language,
      typeof options === 'function' ? options(language) : options,
    ));
}
// 'Jan 05, 2026' in another language: '05 janv. 2026', '05 ene 2026', '05 يناير 2026'; Japanese
// writes the day as it is said, '2026年1月5日'.
export const shortDate = madeOnUse((language) => ({
  day: language === 'ja' ? 'numeric' : '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
}));
const wallTime = madeOnUse({ hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
export const utcDay = (isoDate: string) => new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);

/** 'HH:MM' (24-hour) -> 'h:mm AM/PM'. */
export function formatTime12(hhmm: string): string {
  const m = /^(\d{1,2}):(\d{2})/.exec(hhmm);
  if (!m) return hhmm;
  const h = Number(m[1]);
  const language = dateLanguage();
  // Another language: its own clock ('19:00' in French, '7:00 م' in Arabic).
  if (language !== 'en') return wallTime(language).format(Date.UTC(2000, 0, 1, h, Number(m[2])));
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${h < 12 ? 'AM' : 'PM'}`;
}

/** 'Dec 04, 2026, 7:00 PM CET': a moment in a zone (the viewer's own when none is given). */
export function formatDateTime(instant: Instant, timeZone: string = localTimeZone()): string {
  const p = zonedParts(instant, timeZone);
  return `${p.date}, ${p.time} ${p.zone}`;
}

/** 'Dec 04, 2026': the calendar date of a moment in a zone (the viewer's own when none is given). */
export function formatInstantDate(instant: Instant, timeZone: string = localTimeZone()): string {
  return formatDate(isoDateInZone(instant, timeZone));
}

/** When an event happens, in one zone: its dates, its times with the zone, and both in one line. */
export interface EventWhen {
  /** 'Dec 04, 2026', or 'Dec 04, 2026 - Dec 05, 2026' when it ends on a later day there. */
  date: string;
  /** '7:00 PM - 10:00 PM CET' ('7:00 PM CET - 11:00 AM CEST' across a change of clocks). */
  time: string;
  /** 'Dec 04, 2026, 7:00 PM - 10:00 PM CET', or 'Dec 04, 2026, 7:00 PM - Dec 05, 2026, 1:00 AM CET'. */
  full: string;
  /** The start alone: 'Dec 04, 2026, 7:00 PM CET'. */
  start: string;
  /** The zone's short name at the start. */
  zone: string;
}

/**
 * An event's start and end as read in `timeZone` (the event's own, or the viewer's for
 * "Your time"). The one place that decides how an event's time reads.
 */
export function formatEventWhen(startsAt: Instant, endsAt: Instant, timeZone: string): EventWhen {
  const a = zonedParts(startsAt, timeZone);
  const b = zonedParts(endsAt, timeZone);
  const sameDay = a.isoDate === b.isoDate;
  // Both names only when the clocks change during the event.
  const startTime = a.zone === b.zone ? a.time : `${a.time} ${a.zone}`;
  const endTime = `${b.time} ${b.zone}`;
  return {
    date: sameDay ? a.date : `${a.date} - ${b.date}`,
    time: `${startTime} - ${endTime}`,
    full: sameDay ? `${a.date}, ${startTime} - ${endTime}` : `${a.date}, ${startTime} - ${b.date}, ${endTime}`,
    start: `${a.date}, ${a.time} ${a.zone}`,
    zone: a.zone,
  };
}

/** Today's date (yyyy-mm-dd) in a zone. */
export function todayInZone(now: Instant, timeZone: string): string {
  return isoDateInZone(now, timeZone);
}

/** The zone's offset from UTC at an instant, in milliseconds (positive east of Greenwich). */
export function zoneOffsetMs(instant: Instant, timeZone: string): number {
  const at = ms(instant);
  const parts = formatter('en-US', timeZone, false).formatToParts(new Date(at));
  const get = (t: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(at / 1000) * 1000;
}

/**
 * Local wall time in an IANA zone -> UTC milliseconds, without a date library: read the wall time
 * as if it were UTC, then correct by the zone's offset at that instant (twice, which settles DST
 * changes). A wall time the clocks skip (02:30 on a spring-forward night) lands an hour later;
 * one they pass twice (an autumn night) is read as the second.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const wall = Date.UTC(y!, m! - 1, d!, hh!, mm!);
  let utc = wall - zoneOffsetMs(wall, timeZone);
  utc = wall - zoneOffsetMs(utc, timeZone);
  return utc;
}
