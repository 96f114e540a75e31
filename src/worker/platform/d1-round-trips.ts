import type { Context } from 'hono';
import { depsOver, type Deps } from './deps';
import type { AppEnv } from './hono-env';

/**
 * Deps whose D1 counts its round trips (each statement run on its own, and each batch, is one),
 * so the send-email route can report them in Server-Timing and the bench can hold the bound.
 * The statements are the real ones; only the calls are counted.
 */
export function countingDeps(deps: Deps): { deps: Deps; roundTrips: () => number } {
  // The request's D1 session (or the binding): counted reads stay on the same replica and bookmark.
  const counted = countingD1(deps.d1);
  return { deps: depsOver(deps, counted.d1), roundTrips: counted.roundTrips };
}

/** The same count at the D1 level: requestContext counts every round trip of a request with it. */
export function countingD1<S extends D1Database | D1DatabaseSession>(real: S): { d1: S; roundTrips: () => number; waitedMs: () => number } {
  let trips = 0;
  let waited = 0;
  /** One round trip: counted, and its wait summed (in a Worker the clock moves only across I/O). */
  const trip = <T>(run: () => Promise<T>): Promise<T> => {
    trips += 1;
    const t0 = performance.now();
    return run().finally(() => (waited += performance.now() - t0));
  };
  const inner = new WeakMap<object, D1PreparedStatement>();
  const wrap = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const counted = {
      bind: (...values: unknown[]) => wrap(stmt.bind(...values)),
      first: (col?: string) => trip(() => (col === undefined ? stmt.first() : stmt.first(col))),
      run: () => trip(() => stmt.run()),
      all: () => trip(() => stmt.all()),
      raw: (opts?: { columnNames?: boolean }) => trip(() => stmt.raw(opts as { columnNames: true })),
    } as unknown as D1PreparedStatement;
    inner.set(counted, stmt);
    return counted;
  };
  const d1 = {
    prepare: (query: string) => wrap(real.prepare(query)),
    batch: (statements: D1PreparedStatement[]) => trip(() => real.batch(statements.map((s) => inner.get(s) ?? s))),
    getBookmark: () => ('getBookmark' in real ? real.getBookmark() : null),
  } as unknown as S;
  return { d1, roundTrips: () => trips, waitedMs: () => waited };
}

/**
 * Runs a REST read with counting deps and tells its D1 round trips in Server-Timing: a paged list
 * promises one (issue 13), and the bench reads the header.
 */
export async function withRoundTrips<T>(c: Context<AppEnv>, run: (deps: Deps) => Promise<T>): Promise<T> {
  const counted = countingDeps(c.get('deps'));
  const result = await run(counted.deps);
  c.header('Server-Timing', `d1;desc="D1 round trips: ${counted.roundTrips()}"`);
  return result;
}
