import type { Db } from '../db/client';
import { createDb } from '../db/client';
import type { Env } from './env';

/** What every service needs; built once per request (or per queue batch, or cron run). */
export interface Deps {
  db: Db;
  /**
   * What `db` runs on: a request's D1 session (nearest replica, read-your-writes through the
   * bookmark; ADR 0012), or the binding itself (the primary) for the queue consumer and the cron.
   */
  d1: D1Database | D1DatabaseSession;
  env: Env;
  now: () => number;
  /** Lets a service finish work after the answer (e.g. touching a session). */
  waitUntil: (p: Promise<unknown>) => void;
}

export function createDeps(
  env: Env,
  waitUntil: (p: Promise<unknown>) => void = () => {},
  d1: D1Database | D1DatabaseSession = env.DB,
): Deps {
  return depsOver({ env, now: Date.now, waitUntil }, d1);
}

/**
 * Deps whose statements run on `d1`. Its Drizzle is made on first use: a read built once per
 * isolate (built-once.ts) runs on `d1` itself and never needs one (ADR 0020).
 */
export function depsOver(base: Pick<Deps, 'env' | 'now' | 'waitUntil'>, d1: D1Database | D1DatabaseSession): Deps {
  let db: Db | undefined;
  return {
    get db() {
      return (db ??= createDb(d1));
    },
    d1,
    env: base.env,
    now: base.now,
    waitUntil: base.waitUntil,
  };
}
