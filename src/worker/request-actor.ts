import type { Context } from 'hono';
import { VISITOR, type Actor } from './actor';
import type { AppEnv } from './hono-env';
import { readSessionToken } from './lib/session-cookie';
import { resolveSession } from './services/sessions';
import type { RequestMeta } from './services/account';

/** The request's actor: the member behind the session cookie, or a visitor. Memoized. */
export function actorOf(c: Context<AppEnv>): Promise<Actor> {
  let p = c.get('actorPromise');
  if (!p) {
    const token = readSessionToken(c.req.header('Cookie') ?? null);
    p = token ? resolveSession(c.get('deps'), token).then((m) => m ?? VISITOR) : Promise.resolve(VISITOR);
    c.set('actorPromise', p);
  }
  return p;
}

export function requestMeta(c: Context<AppEnv>): RequestMeta {
  return { ip: c.req.header('CF-Connecting-IP') ?? c.req.header('X-Real-IP') ?? '127.0.0.1' };
}
