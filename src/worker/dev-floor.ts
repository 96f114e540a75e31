import { readSessionToken } from './modules/auth/session-cookie';
import { hintCheck, hintFor } from './modules/auth/session-hints';
import { resolveSessionById, sessionRowStatement } from './modules/auth/sessions';
import { commentPage } from './modules/comments/comments';
import {
  countedEventPage,
  eventPage,
  eventPageInvitation,
  eventPageParticipants,
  eventPageRow,
  eventPageWaitlist,
} from './modules/events/events';
import { imagePage } from './modules/images/images';
import type { MemberActor } from './platform/actor';
import { AppError } from './platform/app-error';
import type { BoundRead, SlotValues } from './platform/built-once';
import { sha256Hex } from './platform/crypto';
import { createDeps } from './platform/deps';
import { refuseUnlessDevRoute } from './platform/dev-routes';
import type { Env } from './platform/env';
import { errorResponse } from './platform/http-errors';

/** The page size of the load bench's lists (`?limit=30`). */
const SIZE = 30;

/**
 * Each route's reads as the route builds them for her (only the role fields and her id go into a
 * shape), filled in with `slots` (her id, the time, the route's own value).
 */
const ROUTE_READS: Record<string, (me: MemberActor, slots: SlotValues) => BoundRead<unknown>[]> = {
  // GET /api/events?limit=30: the upcoming page with both counts, the past part behind it.
  events: (me, slots) => [countedEventPage(me, `u${SIZE}`).with(slots), eventPage(me, `p${SIZE}b`).with(slots)],
  // GET /api/events/{id}: the event, its participants, her invitation, its waitlist.
  event: (me, slots) =>
    [eventPageRow, eventPageParticipants, eventPageInvitation, eventPageWaitlist].map((built) => built(me, 'id').with(slots)),
  // GET /api/images?limit=30: the gallery's first page.
  images: (me, slots) => [imagePage(me, `${SIZE}`).with(slots)],
  // GET /api/comments?commentableId=event-{id}: the event's first page of comments.
  comments: (me, slots) => [commentPage(me, `event:${SIZE}`).with(slots)],
};

/**
 * The local simulator's floor (issue 29, ADR 0020), under `npm start` only (ENVIRONMENT
 * development): what a request costs under `wrangler dev` with none of the app's code on its way
 * (no Hono, middleware, tRPC, Drizzle's row mapping, DTOs), so the load bench can tell the
 * simulator's share of a route's cost from the project's own.
 *   /dev/floor/none              the Worker answers at once: no D1
 *   /dev/floor/session           the session's statement alone, as one D1 batch (a member's /auth-status)
 *   /dev/floor/events            the session's statement and the first page of events' reads, one batch
 *   /dev/floor/event/:id         … and the event page's four reads (GET /api/events/{id})
 *   /dev/floor/images            … and the gallery's first page (GET /api/images?limit=30)
 *   /dev/floor/comments/:id      … and an event's first page of comments (GET /api/comments)
 * Issue 45: she is the member of her session cookie, as on the routes (session-hints.ts: the
 * isolate's hint of an earlier request, her session read first when there is none, its row riding
 * in the batch and still saying the same member; else 401), never a `?member=` of the URL. Only a
 * request for 127.0.0.1 or localhost is answered (platform/dev-routes.ts), and the answer carries
 * none of D1's rows, which are raw (an invite-only event's note among them): each statement's
 * row count, padded to the length of the rows' JSON so the answer costs what they would.
 * index.ts calls this before the app.
 */
export async function devFloor(req: Request, env: Env): Promise<Response> {
  try {
    refuseUnlessDevRoute(env, req);
    const results = await floorBatch(req, env);
    if (!results) return Response.json({});
    const size = JSON.stringify(results).length;
    const head = `{"rows":${JSON.stringify(results.map((r) => r.results.length))},"pad":"`;
    return new Response(`${head}${' '.repeat(Math.max(0, size - head.length - 2))}"}`, {
      headers: { 'Content-Type': 'application/json' },
    });
  } catch (err) {
    return errorResponse(err);
  }
}

/** The floor's D1 batch for this request as D1 answers it (null for /dev/floor/none); throws its 404 or 401. */
export async function floorBatch(req: Request, env: Env): Promise<D1Result[] | null> {
  const url = new URL(req.url);
  const [, , , what = '', id] = url.pathname.split('/');
  if (what === 'none') return null;
  const reads = Object.hasOwn(ROUTE_READS, what) ? ROUTE_READS[what] : undefined;
  if (!reads && what !== 'session') throw new AppError('NOT_FOUND', /*i18n*/ 'Not found');
  const token = readSessionToken(req.url, req.headers.get('Cookie')) ?? '';
  const sessionId = await sha256Hex(token);
  const d1 = env.DB.withSession('first-unconstrained');
  if (!reads) {
    const session = sessionRowStatement(sessionId);
    return d1.batch([d1.prepare(session.sql).bind(...session.params)]);
  }
  const deps = createDeps(env, () => {}, d1);
  const me = hintFor(sessionId) ?? (token ? await resolveSessionById(deps, sessionId) : null);
  if (!me) throw new AppError('UNAUTHORIZED', /*i18n*/ 'Sign in first: the floor reads as the member of the session cookie.');
  const check = hintCheck(deps, me);
  const statements = [d1.prepare(check.sql).bind(...check.params)];
  for (const read of reads(me, { me: me.id, now: Date.now(), ref: Number(id) })) statements.push(d1.prepare(read.sql).bind(...read.params));
  const results = await d1.batch<Record<string, unknown>>(statements);
  check.check(results[0]?.results[0] ?? null);
  return results;
}
