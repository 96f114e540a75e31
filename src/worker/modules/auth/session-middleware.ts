import type { Context, MiddlewareHandler } from 'hono';
import { VISITOR } from '../../platform/actor';
import { sha256Hex } from '../../platform/crypto';
import type { AppEnv } from '../../platform/hono-env';
import { readSessionToken } from './session-cookie';
import { hintCheck, hintFor, rememberHint, StaleSessionHint } from './session-hints';
import { resolveSessionById } from './sessions';

/** Runs a request through the whole app again (app.ts hands in its own fetch). */
export type Redispatch = (req: Request, env: AppEnv['Bindings'], ctx: Context<AppEnv>['executionCtx']) => Response | Promise<Response>;

/**
 * Tells actorOf how to find the member behind the session cookie, lazily. A read (GET, HEAD)
 * whose session this isolate has checked before runs with that member at once and checks the
 * session in its first D1 round trip (session-hints.ts, ADR 0020); should the check find the
 * session ended or changed, the answer is thrown away and the request runs again, resolving the
 * session first as every other request does.
 */
export function sessionActor(redispatch: Redispatch): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let hinted = false;
    c.set('resolveActor', async () => {
      const token = readSessionToken(c.req.url, c.req.header('Cookie'));
      if (!token) return VISITOR;
      const deps = c.get('deps');
      const sessionId = await sha256Hex(token);
      if (c.req.method === 'GET' || c.req.method === 'HEAD') {
        const hint = hintFor(sessionId);
        if (hint) {
          hinted = true;
          c.get('firstTrip').ride(hintCheck(deps, hint));
          return hint;
        }
      }
      const actor = await resolveSessionById(deps, sessionId);
      if (actor) rememberHint(actor);
      return actor ?? VISITOR;
    });
    await next();
    if (!hinted) return;
    try {
      await c.get('firstTrip').settle();
    } catch (err) {
      if (!(err instanceof StaleSessionHint)) throw err;
      // Dropped, not merged: nothing of the answer made for the hint may reach the member.
      c.res = undefined;
      c.res = await redispatch(c.req.raw, c.env, c.executionCtx);
    }
  };
}
