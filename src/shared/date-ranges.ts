// Calendar days in ranges, months and weekdays (homes' availability and stays, Your club): apart
// from date-format.ts, which every page with a date loads first, so a page that shows no range
// does not carry them.
import { dateLanguage, formatDate, ISO_DATE, madeOnUse, shortDate, utcDay } from './date-format';

const monthTitle = madeOnUse({ month: 'long', year: 'numeric', timeZone: 'UTC' });
const longDate = madeOnUse({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const monthDay = madeOnUse({ month: 'short', day: 'numeric', timeZone: 'UTC' });
/**
 * Two calendar days (a stay's check-in and check-out), short: 'Dec 10–14', 'Dec 28 – Jan 3'; with
 * the years ('Dec 28, 2026 – Jan 3, 2027') when either is not the current year.
 */
export function formatShortRange(startIsoDate: string, endIsoDate: string, now = Date.now()): string {
  const start = utcDay(startIsoDate);
  const end = utcDay(endIsoDate);
  const year = new Date(now).getUTCFullYear();
  if (start.getUTCFullYear() !== year || end.getUTCFullYear() !== year) return formatDayRange(startIsoDate, endIsoDate);
  // Another language: Intl's range in it ('10–14 déc.', '12月10日～14日').
  const language = dateLanguage();
  if (language !== 'en') return monthDay(language).formatRange(start, end);
  if (start.getUTCMonth() === end.getUTCMonth()) return `${monthDay().format(start)}–${end.getUTCDate()}`;
  return `${monthDay().format(start)} – ${monthDay().format(end)}`;
}

/**
 * Two calendar days with their years: 'Dec 28, 2026 – Jan 03, 2027'; in another language Intl's
 * range in it ('28 déc. 2026 – 03 janv. 2027', '10 – 14 déc. 2026').
 */
export function formatDayRange(startIsoDate: string, endIsoDate: string): string {
  const language = dateLanguage();
  if (language === 'en' || !ISO_DATE.test(startIsoDate) || !ISO_DATE.test(endIsoDate))
    return `${formatDate(startIsoDate)} – ${formatDate(endIsoDate)}`;
  return shortDate(language).formatRange(utcDay(startIsoDate), utcDay(endIsoDate));
}

/** A calendar month's heading: 'yyyy-mm' (or a date in it) -> 'December 2026'. */
export function formatMonthTitle(isoMonth: string): string {
  return monthTitle().format(utcDay(`${isoMonth.slice(0, 7)}-01`));
}

/** A calendar date spelled out, for a screen reader's label: 'Friday, December 4, 2026'. */
export function formatLongDate(isoDate: string): string {
  return longDate().format(utcDay(isoDate));
}

const weekdayLong = madeOnUse({ weekday: 'long', timeZone: 'UTC' });
// A calendar's column heads: Arabic's short names are its long ones, so its narrow letters.
const weekdayShort = madeOnUse((language) => ({ weekday: language === 'ar' ? 'narrow' : 'short', timeZone: 'UTC' }));

/** The week's days, Monday first: 'Monday' and a calendar's column head ('Mo'; 'lun.', '月' in another language). */
export function weekdayNames(): { long: string; short: string }[] {
  const language = dateLanguage();
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => {
    const day = Date.UTC(2024, 0, 1 + i);
    const long = weekdayLong(language).format(day);
    return { long, short: language === 'en' ? long.slice(0, 2) : weekdayShort(language).format(day) };
  });
}
