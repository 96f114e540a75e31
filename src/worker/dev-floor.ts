import { readSessionToken } from './modules/auth/session-cookie';
import { sessionRowStatement } from './modules/auth/sessions';
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
import type { BoundRead, SlotValues } from './platform/built-once';
import { sha256Hex } from './platform/crypto';
import type { Env } from './platform/env';

/** The page size of the load bench's lists (`?limit=30`). */
const SIZE = 30;

/**
 * Each route's reads as the route builds them for a Standard member (only the role fields and
 * her id go into a shape), filled in with `slots` (her id, the time, the route's own value).
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
 * `?member=` her id. The answer is D1's results as JSON, unread. index.ts calls this before the app.
 */
export async function devFloor(req: Request, env: Env): Promise<Response> {
  const url = new URL(req.url);
  const [, , , what = '', id] = url.pathname.split('/');
  if (what === 'none') return Response.json({});
  const token = readSessionToken(req.url, req.headers.get('Cookie')) ?? '';
  const session = sessionRowStatement(await sha256Hex(token));
  const d1 = env.DB.withSession('first-unconstrained');
  const statements = [d1.prepare(session.sql).bind(...session.params)];
  const reads = Object.hasOwn(ROUTE_READS, what) ? ROUTE_READS[what] : undefined;
  if (reads) {
    const me = { kind: 'member', id: Number(url.searchParams.get('member')), isAdmin: false, type: 'Standard' } as MemberActor;
    for (const read of reads(me, { me: me.id, now: Date.now(), ref: Number(id) }))
      statements.push(d1.prepare(read.sql).bind(...read.params));
  } else if (what !== 'session') {
    return new Response('Not found', { status: 404 });
  }
  return Response.json(await d1.batch(statements));
}
