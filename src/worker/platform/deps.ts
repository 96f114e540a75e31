import type { Db } from '../db/client';
import { createDb } from '../db/client';
import type { Env } from './env';

/** What every service needs; built once per request (or per queue batch). */
export interface Deps {
  db: Db;
  env: Env;
  now: () => number;
  /** Lets a service finish work after the answer (e.g. touching a session). */
  waitUntil: (p: Promise<unknown>) => void;
}

export function createDeps(env: Env, waitUntil: (p: Promise<unknown>) => void = () => {}): Deps {
  return { db: createDb(env.DB), env, now: Date.now, waitUntil };
}
