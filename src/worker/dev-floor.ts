import { readSessionToken } from './modules/auth/session-cookie';
import { sessionRowStatement } from './modules/auth/sessions';
import { eventPageInvitation, eventPageParticipants, eventPageRow, eventPageWaitlist } from './modules/events/events';
import type { MemberActor } from './platform/actor';
import { sha256Hex } from './platform/crypto';
import type { Env } from './platform/env';

/**
 * The local simulator's floor (issue 29, ADR 0020), under `npm start` only (ENVIRONMENT
 * development): what a request costs under `wrangler dev` with none of the app's code on its way
 * (no Hono, middleware, tRPC, Drizzle, DTOs), so the load bench can tell the simulator's share of
 * a route's cost from the project's own.
 *   /dev/floor/none            the Worker answers at once: no D1
 *   /dev/floor/session         the session's statement alone, as one D1 batch (a member's /auth-status)
 *   /dev/floor/event/:id       the session's statement and the event page's four reads, one batch
 *                              (GET /api/events/{id}; `?member=` her id)
 * The answer is D1's results as JSON, unread. index.ts calls this before the app.
 */
export async function devFloor(req: Request, env: Env): Promise<Response> {
  const url = new URL(req.url);
  const [, , , what, id] = url.pathname.split('/');
  if (what === 'none') return Response.json({});
  const token = readSessionToken(req.url, req.headers.get('Cookie')) ?? '';
  const session = sessionRowStatement(await sha256Hex(token));
  const d1 = env.DB.withSession('first-unconstrained');
  const statements = [d1.prepare(session.sql).bind(...session.params)];
  if (what === 'event') {
    // The shape of a Standard member's page: only the role fields and her id go into it.
    const me = { kind: 'member', id: Number(url.searchParams.get('member')), isAdmin: false, type: 'Standard' } as MemberActor;
    const slots = { me: me.id, now: Date.now(), ref: Number(id) };
    for (const built of [eventPageRow, eventPageParticipants, eventPageInvitation, eventPageWaitlist]) {
      const read = built(me, 'id').with(slots);
      statements.push(d1.prepare(read.sql).bind(...read.params));
    }
  } else if (what !== 'session') {
    return new Response('Not found', { status: 404 });
  }
  return Response.json(await d1.batch(statements));
}
