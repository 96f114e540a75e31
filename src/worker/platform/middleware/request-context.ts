import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../hono-env';
import { createDeps } from '../deps';
import { withFirstTrip } from '../d1-first-trip';
import { countingD1 } from '../d1-round-trips';
import { logRequest } from '../request-log';
import { BOOKMARK_HEADER, bookmarkCookie, requestBookmark, sessionStart, type FreshReads } from '../d1-session';

/**
 * Gives each request an id (echoed as X-Request-Id, used in logs) and its service deps, whose D1
 * is one session of the read-replicated database (ADR 0012): writes and `fresh` reads start at the
 * primary, other reads at the bookmark the browser carries, else at the nearest replica. Its D1
 * counts every round trip and lets one check ride on the first (issue 29, ADR 0020): Server-Timing
 * tells the round trips in all and the time spent waiting for them, and `app` the request's whole
 * time inside the Worker, from here to its answer (a Worker's clock moves across I/O, so on
 * Cloudflare it leaves out CPU time since the last I/O). Under load, the client's wait minus `app`
 * is the wait before the Worker saw the request. In production each request also writes one
 * structured log line (request-log.ts).
 */
export function requestContext(fresh: FreshReads): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const arrived = Date.now();
    const requestId = c.req.header('CF-Ray') ?? crypto.randomUUID();
    c.set('requestId', requestId);
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
    c.res.headers.set('X-Request-Id', requestId);
    c.res.headers.append(
      'Server-Timing',
      `d1-all;dur=${counted.waitedMs().toFixed(1)};desc="D1 round trips in all: ${counted.roundTrips()}"`,
    );
    c.res.headers.append('Server-Timing', `app;dur=${Date.now() - arrived}`);
    logRequest(c, requestId, arrived);
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
