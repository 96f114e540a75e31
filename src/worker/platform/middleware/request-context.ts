import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../hono-env';
import { createDeps } from '../deps';
import { withFirstTrip } from '../d1-first-trip';
import { countingD1 } from '../d1-round-trips';
import { BOOKMARK_HEADER, bookmarkCookie, requestBookmark, sessionStart, type FreshReads } from '../d1-session';

/**
 * Gives each request its service deps (after request-log.ts gave it its id), whose D1
 * is one session of the read-replicated database (ADR 0012): writes and `fresh` reads start at the
 * primary, other reads at the bookmark the browser carries, else at the nearest replica. Its D1
 * counts every round trip and lets one check ride on the first (issue 29, ADR 0020): Server-Timing
 * tells the round trips in all and the time spent waiting for them (request-log.ts adds `app`).
 */
export function requestContext(fresh: FreshReads): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const start = sessionStart(c.req.raw, fresh);
    const session = c.env.DB.withSession(start);
    const counted = countingD1(session);
    const { d1, firstTrip } = withFirstTrip(counted.d1);
    c.set('firstTrip', firstTrip);
    c.set(
      'deps',
      createDeps(c.env, (p) => c.executionCtx.waitUntil(p), d1),
    );
    await next();
    c.res.headers.append(
      'Server-Timing',
      `d1-all;dur=${counted.waitedMs().toFixed(1)};desc="D1 round trips in all: ${counted.roundTrips()}"`,
    );
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
