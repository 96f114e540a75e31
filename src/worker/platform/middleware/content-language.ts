import type { MiddlewareHandler } from 'hono';
import { VISITOR } from '../actor';
import type { AppEnv } from '../hono-env';
import { languageOf, requestMeta } from '../request-actor';

const API = /^\/(api|trpc)\/|^\/auth-status$/;

/**
 * Issue 41: every API answer says in Content-Language the language its error `message` is for: the
 * signed-in member's choice, else the request's (its `lang` cookie, else Accept-Language, else
 * English). A session that the route never read is not looked up for it (no D1): the device's
 * cookie mirrors her choice.
 */
export const contentLanguage: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (!API.test(c.req.path)) return;
  const pending = c.get('actorPromise');
  const actor = pending ? await pending.catch(() => VISITOR) : VISITOR;
  c.res.headers.set('Content-Language', languageOf(actor, requestMeta(c)));
};
