import type { MiddlewareHandler } from 'hono';
import { VISITOR } from '../../platform/actor';
import type { AppEnv } from '../../platform/hono-env';
import { readSessionToken } from './session-cookie';
import { resolveSession } from './sessions';

/** Tells actorOf how to find the member behind the session cookie, lazily. */
export const sessionActor: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('resolveActor', async () => {
    const token = readSessionToken(c.req.url, c.req.header('Cookie'));
    if (!token) return VISITOR;
    return (await resolveSession(c.get('deps'), token)) ?? VISITOR;
  });
  await next();
};
