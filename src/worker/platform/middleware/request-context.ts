import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../hono-env';
import { createDeps } from '../deps';
import { BOOKMARK_HEADER, bookmarkCookie, requestBookmark, sessionStart, type FreshReads } from '../d1-session';

/**
 * Gives each request an id (echoed as X-Request-Id, used in logs) and its service deps, whose D1
 * is one session of the read-replicated database (ADR 0012): writes and `fresh` reads start at the
 * primary, other reads at the bookmark the browser carries, else at the nearest replica.
 */
export function requestContext(fresh: FreshReads): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const requestId = c.req.header('CF-Ray') ?? crypto.randomUUID();
    c.set('requestId', requestId);
    const start = sessionStart(c.req.raw, fresh);
    const session = c.env.DB.withSession(start);
    c.set(
      'deps',
      createDeps(c.env, (p) => c.executionCtx.waitUntil(p), session),
    );
    await next();
    c.res.headers.set('X-Request-Id', requestId);
    const bookmark = session.getBookmark();
    if (bookmark === null) return;
    c.res.headers.set(BOOKMARK_HEADER, bookmark);
    // Only a write that succeeded (or a fresh read) moves the cookie: its session began at the
    // primary, so its bookmark covers everything the member wrote. A plain read's answer could
    // land after her write's and set an older one; a refused write changed nothing of hers.
    if (start === 'first-primary' && c.res.status < 400 && bookmark !== requestBookmark(c.req.raw)) {
      c.res.headers.append('Set-Cookie', bookmarkCookie(c.req.url, bookmark));
    }
  };
}
