const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** SPEC 4 counts months as 30 days (the same bound that ends 'N day(s) ago'). */
const MONTH = 30 * DAY;

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/**
 * SPEC 4 "Relative time": under 5 minutes 'commented'; under 60 minutes 'N minutes ago'; under
 * 12 hours 'N hours ago'; under 30 days 'N day(s) ago'; otherwise 'N month(s) ago'. Counts are
 * whole units rounded down, except that 12 to 24 hours reads '1 day ago' rather than '0 days ago'.
 * One hour reads '1 hour ago' (see docs/decisions/0003-comments.md). A future timestamp
 * (clock skew, bad data) is logged and shown as 'commented'.
 */
export function relativeTime(when: string | number | Date, now: number = Date.now()): string {
  const at = when instanceof Date ? when.getTime() : typeof when === 'number' ? when : Date.parse(when);
  if (!Number.isFinite(at)) {
    console.warn('relativeTime: invalid timestamp', when);
    return 'commented';
  }
  const elapsed = now - at;
  if (elapsed < 0) {
    console.warn('relativeTime: timestamp in the future', new Date(at).toISOString());
    return 'commented';
  }
  if (elapsed < 5 * MINUTE) return 'commented';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} minutes ago`;
  if (elapsed < 12 * HOUR) return plural(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < MONTH) return plural(Math.max(1, Math.floor(elapsed / DAY)), 'day');
  return plural(Math.floor(elapsed / MONTH), 'month');
}
