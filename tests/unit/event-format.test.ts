import { describe, expect, it } from 'vitest';
import {
  eventTypeLabel,
  formatEventDate,
  formatEventDateRange,
  formatInstantInZone,
  formatInstantRangeInZone,
  formatTime12,
  todayInZone,
  truncateDescription,
} from '../../src/shared/event-format';

describe('event-format', () => {
  it("formats dates as 'MMM dd, yyyy'", () => {
    expect(formatEventDate('2026-03-05')).toBe('Mar 05, 2026');
    expect(formatEventDate('2026-12-31T00:00:00.000Z')).toBe('Dec 31, 2026');
    expect(formatEventDate('garbage')).toBe('garbage');
  });

  it('shows a single date when start and end fall on one day', () => {
    expect(formatEventDateRange('2026-03-05', null)).toBe('Mar 05, 2026');
    expect(formatEventDateRange('2026-03-05', '2026-03-05')).toBe('Mar 05, 2026');
    expect(formatEventDateRange('2026-03-05', '2026-03-08')).toBe('Mar 05, 2026 - Mar 08, 2026');
  });

  it('formats 12-hour times', () => {
    expect(formatTime12('00:00')).toBe('12:00 AM');
    expect(formatTime12('09:05')).toBe('9:05 AM');
    expect(formatTime12('12:00')).toBe('12:00 PM');
    expect(formatTime12('16:00')).toBe('4:00 PM');
    expect(formatTime12('23:59')).toBe('11:59 PM');
  });

  it('truncates descriptions to 120 characters plus an ellipsis', () => {
    expect(truncateDescription('short')).toBe('short');
    expect(truncateDescription('x'.repeat(120))).toBe('x'.repeat(120));
    expect(truncateDescription('y'.repeat(121))).toBe(`${'y'.repeat(120)}...`);
    // Characters, not UTF-16 units: an emoji is not cut in half.
    expect(truncateDescription('😀'.repeat(130))).toBe(`${'😀'.repeat(120)}...`);
  });

  it('labels event types', () => {
    expect(eventTypeLabel('tea-party')).toBe('Tea Party');
    expect(eventTypeLabel('arts-crafts')).toBe('Arts & Crafts');
    expect(eventTypeLabel('other')).toBe('Other');
  });

  it('shows an instant in a zone', () => {
    const t = Date.UTC(2026, 6, 1, 20, 0);
    expect(formatInstantInZone(t, 'America/New_York')).toMatchObject({ date: 'Jul 01, 2026', time: '4:00 PM', zone: 'EDT' });
    expect(formatInstantInZone(t, 'Asia/Tokyo')).toMatchObject({ date: 'Jul 02, 2026', time: '5:00 AM' });
    expect(formatInstantRangeInZone(t, t + 3 * 3600_000, 'America/New_York')).toBe('Jul 01, 2026, 4:00 PM - 7:00 PM EDT');
    expect(formatInstantRangeInZone(t, t + 9 * 3600_000, 'America/New_York')).toBe('Jul 01, 2026, 4:00 PM - Jul 02, 2026, 1:00 AM EDT');
    expect(todayInZone(Date.UTC(2026, 0, 1, 23, 30), 'Asia/Tokyo')).toBe('2026-01-02');
  });
});
