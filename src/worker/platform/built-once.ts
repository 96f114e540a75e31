import { fillPlaceholders, sql } from 'drizzle-orm';
import { createDb } from '../db/client';
import type { MemberActor } from './actor';
import type { Deps } from './deps';

/*
 * Statements built once per isolate (issue 29, ADR 0020). Building a statement with Drizzle (its
 * SQL text and parameters) was about a quarter of the Worker's CPU on the hot lists, and it was
 * the same text every time: only the member's id, the time and a few values change. So a hot
 * read is built once per shape, with placeholders for those values, and each request fills them
 * in (Drizzle's fillPlaceholders, with each column's encoder) and reads its rows through the
 * prepared query's own mapping. Drizzle's `.prepare()` alone cannot do it on D1: a prepared query
 * is bound to the D1 client it was prepared on (each request has its own D1 session) and cannot
 * go in a `db.batch()` (drizzle-team/drizzle-orm#2197), and a page must stay one batch.
 *
 * The shape of a statement may depend on who reads (an admin sees every event: no visibility
 * condition), so the key of a built statement always holds the member's role fields; anything
 * else that changes the text (a page size, a list) goes in the caller's key. A worker test holds
 * that each built statement, filled in, is exactly what Drizzle builds for the same values.
 */

/** A Drizzle over no database: it only builds statements, it never runs one. */
const buildOnly = createDb({ prepare: () => ({}) } as unknown as D1Database);

/** Where a request's own values go: filled in by `BuiltRead.with`. */
export const SLOT = {
  me: sql.placeholder('me'),
  now: sql.placeholder('now'),
  ref: sql.placeholder('ref'),
  /** A later page's cursor: the key it stopped at (a time) and the row's id. */
  after: sql.placeholder('after'),
  afterId: sql.placeholder('afterId'),
};
type Slot = keyof typeof SLOT;
export type SlotValues = Partial<Record<Slot, unknown>>;

/** The deps and the member a shape is built with: the clock and her id are slots. */
const BUILD_DEPS = { db: buildOnly, now: () => SLOT.now as unknown as number } as unknown as Deps;
const asBuilder = (me: MemberActor): MemberActor => ({ ...me, id: SLOT.me as unknown as number });

/** What Drizzle hands back from `.prepare()` (public API): the statement, and its rows' mapping. */
interface Prepared {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(result: unknown, isFromBatch?: boolean): unknown;
}
/**
 * A read that `.prepare()`s into rows R: a Drizzle select builder (R is what it resolves to), or
 * a statement composed of them (`countedPage`: R is named by `rowsType`, a type only).
 */
export type Preparable<R> = { prepare(): Prepared } & (PromiseLike<R> | { readonly rowsType?: R });

/** One read, filled in for one request: SQL, its parameters, and how its D1 result becomes rows. */
export interface BoundRead<R> {
  sql: string;
  params: unknown[];
  rows(result: D1Result): R;
}

export class BuiltRead<R> {
  private readonly query: { sql: string; params: unknown[] };
  constructor(private readonly prepared: Prepared) {
    this.query = prepared.getQuery();
  }
  /** The statement with this request's values. */
  with(values: SlotValues): BoundRead<R> {
    const { sql: text, params } = this.query;
    return { sql: text, params: fillPlaceholders(params, values), rows: (result) => this.prepared.mapResult(result, true) as R };
  }
}

/** The role fields a statement's shape may depend on (policies: the admin's, the account type's). */
const roleKey = (me: MemberActor) => `${me.isAdmin ? 'admin' : 'member'}:${me.type}`;

/**
 * A family of statements built once per isolate and shape: `build` gets deps whose `now()` and a
 * member whose `id` are slots (use SLOT.ref for one more value), and must use them only inside SQL.
 * At most `max` shapes are kept (the oldest goes): keys are bounded by design, this is a backstop.
 */
export function builtOnce<K extends string | number, R>(
  build: (deps: Deps, me: MemberActor, key: K) => Preparable<R>,
  max = 256,
): (me: MemberActor, key: K) => BuiltRead<R> {
  const shapes = new Map<string, BuiltRead<R>>();
  return (me, key) => {
    const id = `${roleKey(me)}|${key}`;
    let built = shapes.get(id);
    if (!built) {
      built = new BuiltRead<R>(build(BUILD_DEPS, asBuilder(me), key).prepare());
      shapes.set(id, built);
      if (shapes.size > max) shapes.delete(shapes.keys().next().value!);
    }
    return built;
  };
}

/** The values every built read takes from the request: her id and the time. */
export const slotsOf = (deps: Deps, me: MemberActor): SlotValues => ({ me: me.id, now: deps.now() });

/** A later page's slots (SLOT.after, SLOT.afterId) from its cursor's key; none on a first page. */
export const afterSlots = (after: readonly [number, number] | undefined): SlotValues =>
  after ? { after: after[0], afterId: after[1] } : {};

/** A statement as Drizzle's builders show theirs (tests, EXPLAIN QUERY PLAN). */
interface ToSql {
  toSQL(): { sql: string; params: unknown[] };
}

/** The counts and the rows of a `countedPage`. */
export interface Counted<C, R> {
  counts: C;
  rows: R[];
}

/** A D1 result's rows as arrays in column order (objects keep the columns' order). */
const rowArrays = (result: unknown): unknown[][] => (result as D1Result<Record<string, unknown>>).results.map((row) => Object.values(row));

/**
 * A page and the counts of its whole list in one statement, answered on an empty page too: the
 * counts' one row LEFT JOINed to the page,
 *
 *   select "c".*, "p".* from (counts) as "c" left join (page) as "p" on 1 order by <order>
 *
 * (an empty page is one row whose page columns are all null). The page keeps its own plan, its
 * index walk and its LIMIT, inside the subquery; `order` (the page's order again, over "p"'s
 * columns) sorts at most its size + 1 rows, since SQLite does not promise a subquery's order.
 * `width` is the number of the counts' columns; no column name of the counts may be one of the
 * page's (a batch's rows come back keyed by name), and the page's first column is never null in
 * a row of the page (its table's id). Built once like any other read, or built for
 * one request (`toSQL`, the statement Drizzle's parts build with their values).
 */
export function countedPage<C, R>(
  counts: Preparable<C[]> & ToSql,
  width: number,
  page: Preparable<R[]> & ToSql,
  order: string,
): Preparable<Counted<C, R>> & ToSql {
  const compose = (c: { sql: string; params: unknown[] }, p: { sql: string; params: unknown[] }) => ({
    sql: `select "c".*, "p".* from (${c.sql}) as "c" left join (${p.sql}) as "p" on 1 order by ${order}`,
    params: [...c.params, ...p.params],
  });
  return {
    toSQL: () => compose(counts.toSQL(), page.toSQL()),
    prepare() {
      const [c, p] = [counts.prepare(), page.prepare()];
      return {
        getQuery: () => compose(c.getQuery(), p.getQuery()),
        mapResult(result) {
          const rows = rowArrays(result);
          const [head] = c.mapResult(rows.slice(0, 1).map((r) => r.slice(0, width))) as C[];
          const inPage = rows.filter((r) => r[width] !== null).map((r) => r.slice(width));
          return { counts: head!, rows: p.mapResult(inPage) as R[] } satisfies Counted<C, R>;
        },
      };
    },
  };
}

type RowsOfAll<T extends readonly BoundRead<unknown>[]> = { [K in keyof T]: T[K] extends BoundRead<infer R> ? R : never };

/**
 * Runs built reads as one D1 batch on the request's D1 (so a session check may ride on it, and
 * the round trip is counted like any other): one round trip, each read's rows in order.
 */
export async function readBatch<T extends readonly BoundRead<unknown>[]>(deps: Deps, reads: [...T]): Promise<RowsOfAll<T>> {
  const results = await deps.d1.batch(reads.map((r) => deps.d1.prepare(r.sql).bind(...r.params)));
  return reads.map((r, i) => r.rows(results[i]!)) as RowsOfAll<T>;
}
