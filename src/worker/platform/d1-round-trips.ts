import type { Context } from 'hono';
import { createDb } from '../db/client';
import type { Deps } from './deps';
import type { AppEnv } from './hono-env';

/**
 * Deps whose D1 counts its round trips (each statement run on its own, and each batch, is one),
 * so the send-email route can report them in Server-Timing and the bench can hold the bound.
 * The statements are the real ones; only the calls are counted.
 */
export function countingDeps(deps: Deps): { deps: Deps; roundTrips: () => number } {
  let trips = 0;
  // The request's D1 session (or the binding): counted reads stay on the same replica and bookmark.
  const real = deps.d1;
  const inner = new WeakMap<object, D1PreparedStatement>();
  const wrap = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const counted = {
      bind: (...values: unknown[]) => wrap(stmt.bind(...values)),
      first: (col?: string) => ((trips += 1), col === undefined ? stmt.first() : stmt.first(col)),
      run: () => ((trips += 1), stmt.run()),
      all: () => ((trips += 1), stmt.all()),
      raw: (opts?: { columnNames?: boolean }) => ((trips += 1), stmt.raw(opts as { columnNames: true })),
    } as unknown as D1PreparedStatement;
    inner.set(counted, stmt);
    return counted;
  };
  const d1: D1DatabaseSession = {
    prepare: (query: string) => wrap(real.prepare(query)),
    batch: (statements: D1PreparedStatement[]) => ((trips += 1), real.batch(statements.map((s) => inner.get(s) ?? s))),
    getBookmark: () => ('getBookmark' in real ? real.getBookmark() : null),
  } as D1DatabaseSession;
  return { deps: { ...deps, db: createDb(d1), d1 }, roundTrips: () => trips };
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
