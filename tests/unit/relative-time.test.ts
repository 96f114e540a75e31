import { afterEach, describe, expect, it, vi } from 'vitest';
import { relativeTime } from '../../src/shared/relative-time';

const NOW = Date.UTC(2026, 4, 15, 12, 0, 0);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (ms: number) => relativeTime(new Date(NOW - ms).toISOString(), NOW);

afterEach(() => vi.restoreAllMocks());

describe('relativeTime (issue 46 point 11, then SPEC 4 thresholds: 60 minutes, 12 hours, 30 days)', () => {
  it("says 'just now' under a minute, not SPEC's 'commented'", () => {
    expect(ago(0)).toBe('just now');
    expect(ago(30 * SECOND)).toBe('just now');
    expect(ago(MINUTE - 1)).toBe('just now');
  });

  it("says 'N minute(s) ago' from a minute to under 60", () => {
    expect(ago(MINUTE)).toBe('1 minute ago');
    expect(ago(4 * MINUTE + 59 * SECOND)).toBe('4 minutes ago');
    expect(ago(5 * MINUTE)).toBe('5 minutes ago');
    expect(ago(30 * MINUTE)).toBe('30 minutes ago');
    expect(ago(HOUR - 1)).toBe('59 minutes ago');
  });

  it("speaks the page's language (Intl.RelativeTimeFormat)", () => {
    expect(relativeTime(NOW - 5 * MINUTE, NOW, 'fr')).toBe('il y a 5 minutes');
    expect(relativeTime(NOW - 2 * DAY, NOW, 'es')).toBe('hace 2 días');
    expect(relativeTime(NOW - 10 * SECOND, NOW, 'fr')).toBe('maintenant');
  });

  it("says 'N hours ago' from 60 minutes to under 12 hours (one hour is '1 hour ago')", () => {
    expect(ago(HOUR)).toBe('1 hour ago');
    expect(ago(HOUR + 59 * MINUTE)).toBe('1 hour ago');
    expect(ago(2 * HOUR)).toBe('2 hours ago');
    expect(ago(11 * HOUR + 59 * MINUTE)).toBe('11 hours ago');
    expect(ago(12 * HOUR - 1)).toBe('11 hours ago');
  });

  it("says 'N day(s) ago' from 12 hours to under 30 days, never '0 days ago'", () => {
    expect(ago(12 * HOUR)).toBe('1 day ago');
    expect(ago(23 * HOUR + 59 * MINUTE)).toBe('1 day ago');
    expect(ago(DAY)).toBe('1 day ago');
    expect(ago(2 * DAY - 1)).toBe('1 day ago');
    expect(ago(2 * DAY)).toBe('2 days ago');
    expect(ago(29 * DAY)).toBe('29 days ago');
    expect(ago(30 * DAY - 1)).toBe('29 days ago');
  });

  it("says 'N month(s) ago' from 30 days on, counting 30-day months", () => {
    expect(ago(30 * DAY)).toBe('1 month ago');
    expect(ago(59 * DAY)).toBe('1 month ago');
    expect(ago(60 * DAY)).toBe('2 months ago');
    expect(ago(365 * DAY)).toBe('12 months ago');
    expect(ago(800 * DAY)).toBe('26 months ago');
  });

  it("shows a slightly ahead clock's comment as 'just now', and logs a timestamp far in the future", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(ago(-5 * SECOND)).toBe('just now');
    expect(warn).not.toHaveBeenCalled();
    expect(ago(-3 * DAY)).toBe('just now');
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]![0])).toContain('future');
  });

  it("logs an unreadable timestamp and shows it as 'just now'", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(relativeTime('not a date', NOW)).toBe('just now');
    expect(warn).toHaveBeenCalledOnce();
  });

  it('accepts ISO strings, epoch milliseconds and Date objects alike', () => {
    const at = NOW - 3 * HOUR;
    expect(relativeTime(at, NOW)).toBe('3 hours ago');
    expect(relativeTime(new Date(at), NOW)).toBe('3 hours ago');
    expect(relativeTime(new Date(at).toISOString(), NOW)).toBe('3 hours ago');
  });

  it('uses the current time by default', () => {
    expect(relativeTime(new Date(Date.now() - 10 * MINUTE).toISOString())).toBe('10 minutes ago');
  });
});
