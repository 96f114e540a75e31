const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** SPEC 4 counts months as 30 days (the same bound that ends 'N day(s) ago'). */
const MONTH = 30 * DAY;
/** A clock a little ahead of the server's still reads a comment just posted as "just now". */
const SKEW = MINUTE;

const formats = new Map<string, Intl.RelativeTimeFormat>();
function formatOf(locale: string): Intl.RelativeTimeFormat {
  let format = formats.get(locale);
  if (!format) formats.set(locale, (format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' })));
  return format;
}

/** Under a minute: English says "just now"; other languages say Intl's own word for now. */
export function justNow(locale: string): string {
  return locale === 'en' || locale.startsWith('en-')
    ? 'just now'
    : new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'second');
}

/**
 * How long ago, in the page's language (Intl.RelativeTimeFormat): under a minute 'just now'; under
 * 60 minutes 'N minute(s) ago'; under 12 hours 'N hour(s) ago'; under 30 days 'N day(s) ago';
 * otherwise 'N month(s) ago' (SPEC 4's thresholds from an hour on). Issue 46 point 11 replaced
 * SPEC 4's 'commented' for the first 5 minutes: a new comment says when it was written. Counts are
 * whole units rounded down, except that 12 to 24 hours reads '1 day ago' rather than '0 days ago'.
 * A timestamp more than a minute in the future (bad data) or unreadable is logged and shown as
 * 'just now'.
 */
export function relativeTime(when: string | number | Date, now: number = Date.now(), locale = 'en'): string {
  const at = when instanceof Date ? when.getTime() : typeof when === 'number' ? when : Date.parse(when);
  if (!Number.isFinite(at)) {
    console.warn('relativeTime: invalid timestamp', when);
    return justNow(locale);
  }
  const elapsed = now - at;
  if (elapsed < -SKEW) console.warn('relativeTime: timestamp in the future', new Date(at).toISOString());
  if (elapsed < MINUTE) return justNow(locale);
  const format = formatOf(locale);
  if (elapsed < HOUR) return format.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < 12 * HOUR) return format.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < MONTH) return format.format(-Math.max(1, Math.floor(elapsed / DAY)), 'day');
  return format.format(-Math.floor(elapsed / MONTH), 'month');
}
