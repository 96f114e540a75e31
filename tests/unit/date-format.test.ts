import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateRange,
  formatDateTime,
  formatEventWhen,
  formatInstantDate,
  formatTime12,
  isoDateInZone,
  isValidTimeZone,
  todayInZone,
  withDateLanguage,
  zoneAbbreviation,
  zonedParts,
  zonedTimeToUtc,
  zoneOffsetMs,
} from '../../src/shared/date-format';
import { formatShortRange } from '../../src/shared/date-ranges';

const HOUR = 3600_000;

describe('calendar dates and times (SPEC 9 and 2)', () => {
  it("formats dates as 'MMM dd, yyyy'", () => {
    expect(formatDate('2026-03-05')).toBe('Mar 05, 2026');
    expect(formatDate('2026-12-31T00:00:00.000Z')).toBe('Dec 31, 2026');
    expect(formatDate('garbage')).toBe('garbage');
  });

  it('shows a single date when start and end fall on one day', () => {
    expect(formatDateRange('2026-03-05', null)).toBe('Mar 05, 2026');
    expect(formatDateRange('2026-03-05', '2026-03-05')).toBe('Mar 05, 2026');
    expect(formatDateRange('2026-03-05', '2026-03-08')).toBe('Mar 05, 2026 - Mar 08, 2026');
  });

  it('formats 12-hour times', () => {
    expect(formatTime12('00:00')).toBe('12:00 AM');
    expect(formatTime12('09:05')).toBe('9:05 AM');
    expect(formatTime12('12:00')).toBe('12:00 PM');
    expect(formatTime12('16:00')).toBe('4:00 PM');
    expect(formatTime12('23:59')).toBe('11:59 PM');
  });
});

describe('zone names', () => {
  it('uses the common abbreviations, winter and summer', () => {
    const winter = Date.UTC(2026, 0, 15, 12);
    const summer = Date.UTC(2026, 6, 15, 12);
    expect([zoneAbbreviation(winter, 'Europe/Paris'), zoneAbbreviation(summer, 'Europe/Paris')]).toEqual(['CET', 'CEST']);
    expect([zoneAbbreviation(winter, 'America/New_York'), zoneAbbreviation(summer, 'America/New_York')]).toEqual(['EST', 'EDT']);
    expect([zoneAbbreviation(winter, 'Europe/London'), zoneAbbreviation(summer, 'Europe/London')]).toEqual(['GMT', 'BST']);
    expect(zoneAbbreviation(winter, 'America/Los_Angeles')).toBe('PST');
    expect(zoneAbbreviation(winter, 'UTC')).toBe('UTC');
  });

  it('falls back to the offset where no abbreviation is common, minutes included', () => {
    expect(zoneAbbreviation(Date.UTC(2026, 0, 15), 'Asia/Tokyo')).toBe('GMT+9');
    expect(zoneAbbreviation(Date.UTC(2026, 0, 15), 'Asia/Kolkata')).toBe('GMT+5:30');
    expect(zoneAbbreviation(Date.UTC(2026, 6, 15), 'Asia/Kolkata')).toBe('GMT+5:30');
    // Chatham: +13:45 in its summer, +12:45 in its winter.
    expect(zoneAbbreviation(Date.UTC(2026, 0, 15), 'Pacific/Chatham')).toBe('GMT+13:45');
    expect(zoneAbbreviation(Date.UTC(2026, 6, 15), 'Pacific/Chatham')).toBe('GMT+12:45');
  });

  it('knows a zone from a typo', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('Europe/Pariss')).toBe(false);
  });
});

describe('a moment in a zone', () => {
  it("gives the moment's own calendar day in each zone, as zonedParts does", () => {
    const lateEvening = Date.UTC(2026, 11, 31, 23, 30);
    expect(isoDateInZone(lateEvening, 'UTC')).toBe('2026-12-31');
    expect(isoDateInZone(lateEvening, 'Europe/Paris')).toBe('2027-01-01');
    expect(isoDateInZone(lateEvening, 'America/Los_Angeles')).toBe('2026-12-31');
    expect(isoDateInZone(new Date(lateEvening).toISOString(), 'Asia/Tokyo')).toBe(zonedParts(lateEvening, 'Asia/Tokyo').isoDate);
    expect(formatInstantDate(lateEvening, 'Europe/Paris')).toBe('Jan 01, 2027');
  });

  it('writes the date, the 12-hour time and the zone', () => {
    const t = Date.UTC(2026, 11, 4, 18, 0);
    expect(formatDateTime(t, 'Europe/Paris')).toBe('Dec 04, 2026, 7:00 PM CET');
    expect(formatDateTime(new Date(t).toISOString(), 'America/New_York')).toBe('Dec 04, 2026, 1:00 PM EST');
    expect(formatDateTime(new Date(t), 'UTC')).toBe('Dec 04, 2026, 6:00 PM UTC');
  });

  it('moves to the next day across the date line, and midnight reads 12:00 AM', () => {
    const t = Date.UTC(2026, 6, 1, 15, 0);
    expect(zonedParts(t, 'Asia/Tokyo')).toEqual({
      isoDate: '2026-07-02',
      date: 'Jul 02, 2026',
      time: '12:00 AM',
      hhmm: '00:00',
      zone: 'GMT+9',
    });
    expect(formatInstantDate(t, 'Pacific/Honolulu')).toBe('Jul 01, 2026');
    expect(todayInZone(Date.UTC(2026, 0, 1, 23, 30), 'Asia/Tokyo')).toBe('2026-01-02');
    expect(todayInZone(Date.UTC(2026, 0, 1, 23, 30), 'America/New_York')).toBe('2026-01-01');
  });

  it('handles a half-hour zone (Asia/Kolkata)', () => {
    const t = Date.UTC(2026, 11, 4, 13, 30);
    expect(formatDateTime(t, 'Asia/Kolkata')).toBe('Dec 04, 2026, 7:00 PM GMT+5:30');
    expect(zoneOffsetMs(t, 'Asia/Kolkata')).toBe(5.5 * HOUR);
    expect(zonedTimeToUtc('2026-12-04', '19:00', 'Asia/Kolkata')).toBe(t);
    expect(formatEventWhen(t, t + 2.5 * HOUR, 'Asia/Kolkata').full).toBe('Dec 04, 2026, 7:00 PM - 9:30 PM GMT+5:30');
    // Late in the evening there is already the next day.
    expect(zonedParts(Date.UTC(2026, 11, 4, 19, 0), 'Asia/Kolkata').isoDate).toBe('2026-12-05');
  });
});

describe('DST boundaries', () => {
  // Europe/Paris springs forward on 29 March 2026 at 01:00 UTC (02:00 CET -> 03:00 CEST) and falls
  // back on 25 October 2026 at 01:00 UTC (03:00 CEST -> 02:00 CET).
  const spring = Date.UTC(2026, 2, 29, 1, 0);
  const autumn = Date.UTC(2026, 9, 25, 1, 0);

  it('changes name and offset at the exact minute', () => {
    expect(formatDateTime(spring - 60_000, 'Europe/Paris')).toBe('Mar 29, 2026, 1:59 AM CET');
    expect(formatDateTime(spring, 'Europe/Paris')).toBe('Mar 29, 2026, 3:00 AM CEST');
    expect(formatDateTime(autumn - 60_000, 'Europe/Paris')).toBe('Oct 25, 2026, 2:59 AM CEST');
    expect(formatDateTime(autumn, 'Europe/Paris')).toBe('Oct 25, 2026, 2:00 AM CET');
    // New York falls back on 1 November 2026 at 06:00 UTC: 1:30 AM happens twice.
    expect(formatDateTime(Date.UTC(2026, 10, 1, 5, 30), 'America/New_York')).toBe('Nov 01, 2026, 1:30 AM EDT');
    expect(formatDateTime(Date.UTC(2026, 10, 1, 6, 30), 'America/New_York')).toBe('Nov 01, 2026, 1:30 AM EST');
  });

  it('turns wall times into instants on both sides of a change', () => {
    expect(zonedTimeToUtc('2026-03-28', '19:00', 'Europe/Paris')).toBe(Date.UTC(2026, 2, 28, 18, 0));
    expect(zonedTimeToUtc('2026-03-29', '19:00', 'Europe/Paris')).toBe(Date.UTC(2026, 2, 29, 17, 0));
    // 02:30 does not exist that night: it lands an hour later, at 03:30 CEST.
    expect(zonedTimeToUtc('2026-03-29', '02:30', 'Europe/Paris')).toBe(Date.UTC(2026, 2, 29, 1, 30));
    // 02:30 happens twice in October: the second one (CET).
    expect(zonedTimeToUtc('2026-10-25', '02:30', 'Europe/Paris')).toBe(Date.UTC(2026, 9, 25, 1, 30));
    expect(zonedTimeToUtc('2026-11-01', '09:00', 'America/New_York')).toBe(Date.UTC(2026, 10, 1, 14, 0));
    for (const [date, time, zone] of [
      ['2026-03-29', '04:00', 'Europe/Paris'],
      ['2026-10-25', '04:00', 'Europe/Paris'],
      ['2026-03-08', '03:30', 'America/New_York'],
      // Sydney's clocks go from 02:00 to 03:00 that morning: 03:00 is the first minute after.

      ['2026-10-04', '03:00', 'Australia/Sydney'],
    ] as const) {
      expect(zonedParts(zonedTimeToUtc(date, time, zone), zone), `${date} ${time} ${zone}`).toMatchObject({ isoDate: date, hhmm: time });
    }
  });

  it('names both zones when the clocks change during an event', () => {
    const when = formatEventWhen(Date.UTC(2026, 2, 28, 23, 0), Date.UTC(2026, 2, 29, 3, 0), 'Europe/Paris');
    expect(when).toEqual({
      date: 'Mar 29, 2026',
      time: '12:00 AM CET - 5:00 AM CEST',
      full: 'Mar 29, 2026, 12:00 AM CET - 5:00 AM CEST',
      start: 'Mar 29, 2026, 12:00 AM CET',
      zone: 'CET',
    });
  });
});

describe("an event's time", () => {
  const start = Date.UTC(2026, 6, 1, 20, 0);

  it('one day: the date once, both times, the zone', () => {
    expect(formatEventWhen(start, start + 3 * HOUR, 'America/New_York')).toEqual({
      date: 'Jul 01, 2026',
      time: '4:00 PM - 7:00 PM EDT',
      full: 'Jul 01, 2026, 4:00 PM - 7:00 PM EDT',
      start: 'Jul 01, 2026, 4:00 PM EDT',
      zone: 'EDT',
    });
  });

  it('past midnight where it happens: both dates', () => {
    const when = formatEventWhen(start, start + 9 * HOUR, 'America/New_York');
    expect(when.date).toBe('Jul 01, 2026 - Jul 02, 2026');
    expect(when.full).toBe('Jul 01, 2026, 4:00 PM - Jul 02, 2026, 1:00 AM EDT');
  });

  it('the same moments read in another zone (the viewer\'s "Your time")', () => {
    expect(formatEventWhen(new Date(start).toISOString(), new Date(start + 3 * HOUR).toISOString(), 'Europe/London').full).toBe(
      'Jul 01, 2026, 9:00 PM - Jul 02, 2026, 12:00 AM BST',
    );
  });
});

describe('formatShortRange (a stay, short: issue 31)', () => {
  const inYear = (y: number) => Date.UTC(y, 5, 1);
  it('names the month once when both days are in it', () => {
    expect(formatShortRange('2026-12-10', '2026-12-14', inYear(2026))).toBe('Dec 10–14');
  });
  it('names both months across a month', () => {
    expect(formatShortRange('2026-11-28', '2026-12-03', inYear(2026))).toBe('Nov 28 – Dec 3');
  });
  it('adds the years when a day is not in the current year', () => {
    expect(formatShortRange('2026-12-28', '2027-01-03', inYear(2026))).toBe('Dec 28, 2026 – Jan 03, 2027');
    expect(formatShortRange('2027-03-01', '2027-03-05', inYear(2026))).toBe('Mar 01, 2027 – Mar 05, 2027');
  });
});

describe('in her language (issue 41): Intl, the zones as they are', () => {
  it("writes 'MMM dd, yyyy' in English and Intl's short date in the others", () => {
    const on = (language: 'fr' | 'es' | 'ja' | 'ar' | 'en') => withDateLanguage(language, () => formatDate('2026-01-05'));
    expect(on('en')).toBe('Jan 05, 2026');
    expect(on('fr')).toBe('05 janv. 2026');
    expect(on('es')).toBe('05 ene 2026');
    expect(on('ja')).toBe('2026年1月5日');
    expect(on('ar')).toContain('يناير');
    // Back to English outside the render.
    expect(formatDate('2026-01-05')).toBe('Jan 05, 2026');
  });

  it("writes times on her language's clock, and keeps the zone's name", () => {
    expect(withDateLanguage('fr', () => formatTime12('19:05'))).toBe('19:05');
    expect(withDateLanguage('ja', () => formatDateTime(Date.UTC(2026, 0, 5, 18, 5), 'Europe/Paris'))).toBe('2026年1月5日, 19:05 CET');
    // Intl's range in French (formatDayRange): it writes the second day without its leading zero.
    expect(withDateLanguage('fr', () => formatShortRange('2026-12-28', '2027-01-03', Date.UTC(2026, 5, 1)))).toBe(
      '28 déc. 2026 – 3 janv. 2027',
    );
  });
});
