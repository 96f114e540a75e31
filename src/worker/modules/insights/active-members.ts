import { sql, type SQL } from 'drizzle-orm';
import { addMonths } from '../../../shared/membership-term';
import { lit } from './sql';

// Active members between two moments, counted from the summaries the triggers keep (issue 42;
// src/worker/db/schema/member-activity.ts): member_active_months, one row a member and month of
// UTC−12 with her first moment in it, and member_active_quarter_hours, one row a member and
// quarter hour. A span [a, b) in the admin's zone (a bucket, a period, the last 30 days) is read as
// - the quarter hours from a to the first month that begins at or after a (the few hours by which
//   a midnight anywhere comes before one of UTC−12, or the days before the first whole month when
//   the span starts mid-month), and
// - the months that begin in [a, b), the last of them only if her first moment in it is before b:
//   that month's part of the span is its beginning, so she was active in it exactly then.
// Quarter hours and months never straddle a bucket's start (every zone's midnight is on a quarter
// hour), so the counts are exact in any zone, and a bucket reads about one row a member.

const QUARTER_HOUR_MS = 900_000;
/** UTC−12: its months begin 12 hours after UTC's, after every zone's. */
const MONTH_OFFSET_MS = 12 * 3_600_000;

/** The summary month (YYYY-MM, of UTC−12) an instant falls in; the triggers compute the same. */
export const activityMonth = (at: number) => new Date(at - MONTH_OFFSET_MS).toISOString().slice(0, 7);
const monthStart = (month: string) => Date.parse(`${month}-01T00:00:00Z`) + MONTH_OFFSET_MS;
const nextMonth = (month: string) => addMonths(`${month}-01`, 1).slice(0, 7);
/** A month written into the SQL (made here from instants, never a client's text). */
function monthLit(month: string): SQL {
  if (!/^\d{4}-\d{2}$/.test(month)) throw new Error(`not a month: ${month}`);
  return sql.raw(`'${month}'`);
}

/** How a span [a, b) is read from the summaries. */
export interface SpanReads {
  /** The quarter hours' part, [from, to), or none. */
  quarters: { from: number; to: number } | null;
  /** The months beginning in the span; in `last`, only a first moment before `before` counts. */
  months: { first: string; last: string; before: number } | null;
}

export function spanReads(a: number, b: number): SpanReads {
  let first = activityMonth(a);
  if (monthStart(first) < a) first = nextMonth(first);
  const begins = monthStart(first);
  if (begins >= b) return { quarters: b > a ? { from: a, to: b } : null, months: null };
  return { quarters: begins > a ? { from: a, to: begins } : null, months: { first, last: activityMonth(b - 1), before: b } };
}

const quarterRange = (q: { from: number; to: number }, alias: string) =>
  sql`${sql.raw(alias)}."at" >= ${lit(q.from)} AND ${sql.raw(alias)}."at" < ${lit(q.to)}`;

/** Whether member `member` (an SQL expression) was active in [a, b): at most three seeks on primary keys. */
export function activeIn(member: SQL, a: number, b: number): SQL {
  const { quarters, months } = spanReads(a, b);
  const tests: SQL[] = [];
  if (months) {
    if (months.first < months.last) {
      tests.push(sql`EXISTS (SELECT 1 FROM "member_active_months" m WHERE m."user_id" = ${member}
        AND m."month" >= ${monthLit(months.first)} AND m."month" < ${monthLit(months.last)})`);
    }
    tests.push(sql`EXISTS (SELECT 1 FROM "member_active_months" m WHERE m."user_id" = ${member}
      AND m."month" = ${monthLit(months.last)} AND m."first_at" < ${lit(months.before)})`);
  }
  if (quarters) {
    tests.push(sql`EXISTS (SELECT 1 FROM "member_active_quarter_hours" q WHERE q."user_id" = ${member}
      AND q."quarter_hour" >= ${lit(Math.floor(quarters.from / QUARTER_HOUR_MS))} AND q."quarter_hour" < ${lit(Math.ceil(quarters.to / QUARTER_HOUR_MS))}
      AND ${quarterRange(quarters, 'q')})`);
  }
  return tests.length ? sql`(${sql.join(tests, sql` OR `)})` : sql`0`;
}

/**
 * How many members were active in [a, b) (of those `only`, a condition on "users", allows), a span
 * holding at most one month's beginning (a week, a month, 30 days): the month's members counted on
 * its index, plus those seen only in the quarter hours before it. A longer span is counted member
 * by member (activeIn).
 */
export function activeCount(a: number, b: number, only?: SQL): SQL {
  const { quarters, months } = spanReads(a, b);
  if (months && months.first !== months.last) {
    return sql`(SELECT count(*) FROM "users" WHERE ${only ?? sql`1`} AND ${activeIn(sql`"users"."id"`, a, b)})`;
  }
  const allowed = (member: SQL) => (only ? sql` AND EXISTS (SELECT 1 FROM "users" WHERE "users"."id" = ${member} AND ${only})` : sql``);
  const inMonth = (member: SQL) =>
    months
      ? sql`EXISTS (SELECT 1 FROM "member_active_months" m WHERE m."user_id" = ${member}
          AND m."month" = ${monthLit(months.last)} AND m."first_at" < ${lit(months.before)})`
      : sql`0`;
  const parts: SQL[] = [];
  if (months) {
    parts.push(sql`(SELECT count(*) FROM "member_active_months" m WHERE m."month" = ${monthLit(months.last)}
      AND m."first_at" < ${lit(months.before)}${allowed(sql`m."user_id"`)})`);
  }
  if (quarters) {
    parts.push(sql`(SELECT count(DISTINCT q."user_id") FROM "member_active_quarter_hours" q
      WHERE ${quarterRange(quarters, 'q')} AND NOT ${inMonth(sql`q."user_id"`)}${allowed(sql`q."user_id"`)})`);
  }
  return parts.length ? sql.join(parts, sql` + `) : sql`0`;
}
