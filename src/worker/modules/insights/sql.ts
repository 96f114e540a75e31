import { sql, type SQL } from 'drizzle-orm';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { addDays, ISO_DATE_PATTERN } from '../../../shared/membership-term';
import type { SeriesPoint, Total } from '../../../shared/schemas/insights';
import type { Period } from './period';

// The panels' SQL (issue 42): every figure is an aggregate read on an index, and every statement
// of the page goes to D1 in one batch (insights.ts). Ranges and bucket bounds are literals made
// here from the resolved period (numbers and YYYY-MM-DD dates, never a client's text): a month
// series over five years has 61 bounds, and D1 binds at most 100 parameters a statement.

const dialect = new SQLiteSyncDialect();

/** A number or a calendar date written into the SQL. */
export function lit(value: number | string): SQL {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
    return sql.raw(String(value));
  }
  if (!ISO_DATE_PATTERN.test(value)) throw new Error(`not a date: ${value}`);
  return sql.raw(`'${value}'`);
}

/**
 * The bucket `expr` falls in: -1 before bounds[0] (the previous period), i from bounds[i] up to
 * bounds[i + 1], the last one open-ended (the caller's WHERE bounds the period). A binary search
 * in nested CASEs, so a row costs about log2(n) comparisons.
 */
export function bucketIndex(expr: SQL, bounds: (number | string)[]): SQL {
  const search = (lo: number, hi: number): SQL => {
    if (lo === hi) return lit(lo);
    const mid = (lo + hi + 1) >> 1;
    return sql`CASE WHEN ${expr} < ${lit(bounds[mid]!)} THEN ${search(lo, mid - 1)} ELSE ${search(mid, hi)} END`;
  };
  return sql`CASE WHEN ${expr} < ${lit(bounds[0]!)} THEN -1 ELSE ${search(0, bounds.length - 1)} END`;
}

/** The bucket of an instant (Unix ms) in the admin's zone. */
export const instantBucket = (expr: SQL, p: Period) =>
  bucketIndex(
    expr,
    p.buckets.map((b) => b.at),
  );
/**
 * The bucket of a calendar date (YYYY-MM-DD). `laterBy`: the day that counts is that many days
 * after the column's (a lapse is renews_on + 30), so the bounds move back instead of each row.
 */
export const dateBucket = (expr: SQL, p: Period, laterBy = 0) =>
  bucketIndex(
    expr,
    p.buckets.map((b) => addDays(b.date, -laterBy)),
  );

export interface BucketRow {
  b: number;
  n: number;
}

/** A series (every bucket, zeros included) and its total beside the previous period's (bucket -1). */
export function seriesAndTotal(rows: BucketRow[], p: Period): { series: SeriesPoint[]; total: Total } {
  const values = p.buckets.map(() => 0);
  let previous = 0;
  for (const r of rows) {
    if (r.b < 0) previous += Number(r.n);
    else values[r.b] = (values[r.b] ?? 0) + Number(r.n);
  }
  return {
    series: p.buckets.map((b, i) => ({ bucket: b.date, value: values[i]! })),
    total: { value: values.reduce((a, v) => a + v, 0), previous },
  };
}

export type Row = Record<string, unknown>;

/** A panel's statements (each one of the page's batch) and what their rows become. */
export interface PanelReads<T> {
  queries: SQL[];
  build(results: Row[][]): T;
}

export function toStatement(d1: D1Database | D1DatabaseSession, query: SQL): D1PreparedStatement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return d1.prepare(text).bind(...params);
}

/** The SQL text of a query (the query-plan test reads it). */
export const sqlText = (query: SQL) => dialect.sqlToQuery(query);

export const num = (v: unknown): number => Number(v ?? 0);
export const total = (value: unknown, previous: unknown): Total => ({ value: num(value), previous: num(previous) });
