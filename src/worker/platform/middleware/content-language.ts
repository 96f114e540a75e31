import type { MiddlewareHandler } from 'hono';
import { VISITOR } from '../actor';
import type { AppEnv } from '../hono-env';
import { languageOf, requestMeta } from '../request-actor';
import { errorInLanguage, isErrorAnswer } from '../http-errors';

const API = /^\/(api|trpc)\/|^\/auth-status$/;

/**
 * Issue 41: every API answer says in Content-Language the language its error `message` is for: the
 * signed-in member's choice, else the request's (its `lang` cookie, else Accept-Language, else
 * English). A session that the route never read is not looked up for it (no D1): the device's
 * cookie mirrors her choice. An error answer is written in that language here (http-errors.ts
 * errorInLanguage); tRPC's errors are in their formatter (platform/trpc.ts).
 */
export const contentLanguage: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  // SPEC's own REST paths outside /api (/login, /reset-password…) answer their errors so too.
  if (!API.test(c.req.path) && !isErrorAnswer(c.res)) return;
  const pending = c.get('actorPromise');
  const actor = pending ? await pending.catch(() => VISITOR) : VISITOR;
  const language = languageOf(actor, requestMeta(c));
  const localized = await errorInLanguage(c.res, language);
  if (localized) c.res = localized;
  c.res.headers.set('Content-Language', language);
};
