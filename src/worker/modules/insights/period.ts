import { todayInZone, zonedTimeToUtc } from '../../../shared/date-format';
import { addDays, addMonths, utcDate } from '../../../shared/membership-term';
import { INSIGHTS_MAX_YEARS, type InsightsInput, type InsightsPeriod } from '../../../shared/schemas/insights';

const DAY_MS = 86_400_000;
/** Up to this many days a series comes per week, beyond it per month. */
export const WEEKLY_UP_TO_DAYS = 92;

/** Two calendar dates (both included) in a zone, as the instants [start, end) they cover. */
export interface Span {
  from: string;
  to: string;
  start: number;
  end: number;
}

/** One bucket of a series: its first day in the period and the instant that day begins. */
export interface Bucket {
  date: string;
  at: number;
}

/**
 * The period an admin asked for, resolved in her zone (issue 42): the instants it covers, the
 * previous period of the same length, and the buckets of its series. Every SQL range of the panels
 * is built from these; `now` bounds what "held" and "lapsed" mean.
 */
export interface Period extends Span {
  tz: string;
  days: number;
  bucket: 'week' | 'month';
  buckets: Bucket[];
  previous: Span;
  now: number;
  /** Today in UTC: membership terms are read on it (DECISIONS "Membership terms"). */
  todayUtc: string;
}

const dayStart = (date: string, tz: string) => zonedTimeToUtc(date, '00:00', tz);

export function span(from: string, to: string, tz: string): Span {
  return { from, to, start: dayStart(from, tz), end: dayStart(addDays(to, 1), tz) };
}

/** Whole days from one date to another (UTC arithmetic on calendar dates: no DST involved). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

function bucketDates(from: string, to: string, bucket: 'week' | 'month'): string[] {
  const dates = [from];
  // Monday of from's week, or the first of its month; each next bucket starts a week or a month later.
  let next =
    bucket === 'week' ? addDays(from, 7 - ((new Date(`${from}T00:00:00Z`).getUTCDay() + 6) % 7)) : addMonths(`${from.slice(0, 8)}01`, 1);
  while (next <= to) {
    dates.push(next);
    next = bucket === 'week' ? addDays(next, 7) : addMonths(next, 1);
  }
  return dates;
}

/**
 * `clubStart`: the club's first day, for a period without `from` ("all time"), at most five years
 * before `to`.
 */
export function resolvePeriod(input: InsightsInput, now: number, clubStart: string | null): Period {
  const tz = input.tz;
  const to = input.to ?? todayInZone(now, tz);
  const earliest = addDays(addMonths(to, -INSIGHTS_MAX_YEARS * 12), 1);
  let from = input.from ?? clubStart ?? to;
  if (from < earliest) from = earliest;
  if (from > to) from = to;
  const days = daysBetween(from, to) + 1;
  const bucket = days <= WEEKLY_UP_TO_DAYS ? 'week' : 'month';
  const previous = span(addDays(from, -days), addDays(from, -1), tz);
  return {
    ...span(from, to, tz),
    tz,
    days,
    bucket,
    buckets: bucketDates(from, to, bucket).map((date) => ({ date, at: dayStart(date, tz) })),
    previous,
    now,
    todayUtc: utcDate(now),
  };
}

export function periodView(p: Period): InsightsPeriod {
  return { from: p.from, to: p.to, tz: p.tz, days: p.days, bucket: p.bucket, previous: { from: p.previous.from, to: p.previous.to } };
}
