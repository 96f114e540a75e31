import { and, asc, eq, sql } from 'drizzle-orm';
import type { JoinRequestIdInput, JoinRequestStatus, JoinRequestView } from '../../../shared/schemas/events';
import type { Actor } from '../../platform/actor';
import { eventJoinRequests } from '../../db/schema/event-join-requests';
import { eventParticipants, eventWaitlist, events } from '../../db/schema/events';
import { users } from '../../db/schema/users';
import { AppError } from '../../platform/app-error';
import { ensure, requireMember } from '../../platform/guards';
import { enforceRateLimit } from '../../platform/rate-limit';
import type { Deps } from '../../platform/deps';
import { notify } from '../notifications/record';
import { EVENT_NOT_FOUND, findEventRow } from './events';
import { inviteMembers, pendingInvitationsOf } from './participation';
import { eventPolicy } from './policies';

/*
 * Issue 46 point 12: an invite-only event can be asked for. A member who is not invited asks once
 * ("Ask to join"); its host (or an admin: who may invite to it, eventPolicy.invite) hears of it
 * (event_join_request, in the app and by email as she chose) and invites her with one tap (the
 * usual invitation: its email, and Join on the page) or declines; she is told either way
 * (event_join_answer). A decided request stays, so she asks once per event.
 */

export const JOIN_REQUEST_MESSAGES = {
  open: /*i18n*/ 'This event is open to every member: join it.',
  free: /*i18n*/ 'You can join this event without asking.',
  joined: /*i18n*/ 'You already take part in this event.',
  invited: /*i18n*/ 'You are already invited to this event: join it.',
  asked: /*i18n*/ 'You already asked to join this event.',
  notFound: /*i18n*/ 'Join request not found.',
  answered: /*i18n*/ 'This request was already answered.',
  onlyHost: /*i18n*/ 'Only the event’s host or an admin can answer requests to join it.',
} as const;

/** POST /api/events/{id}/join-requests: one request per member per event, when joining needs an invitation she lacks. */
export async function askToJoin(deps: Deps, actor: Actor, input: { id: number }): Promise<{ id: number; status: JoinRequestStatus }> {
  const me = requireMember(actor);
  await enforceRateLimit(deps.env, 'MEMBER_WRITE_LIMITER', `member:${me.id}`);
  const [found, invitations, joined, waiting] = await deps.db.batch([
    deps.db
      .select({ id: events.id, exclusivity: events.exclusivity, createdBy: events.createdBy })
      .from(events)
      .where(eq(events.id, input.id))
      .limit(1),
    pendingInvitationsOf(deps, me.id, input.id),
    deps.db
      .select({ id: eventParticipants.userId })
      .from(eventParticipants)
      .where(and(eq(eventParticipants.eventId, input.id), eq(eventParticipants.userId, me.id))),
    deps.db
      .select({ id: eventWaitlist.userId })
      .from(eventWaitlist)
      .where(and(eq(eventWaitlist.eventId, input.id), eq(eventWaitlist.userId, me.id))),
  ]);
  const event = found[0];
  if (!event) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  if (event.exclusivity === 'open') throw new AppError('BAD_REQUEST', JOIN_REQUEST_MESSAGES.open);
  if (eventPolicy.joinWithoutInvitation(me, event)) throw new AppError('BAD_REQUEST', JOIN_REQUEST_MESSAGES.free);
  if (joined.length + waiting.length > 0) throw new AppError('CONFLICT', JOIN_REQUEST_MESSAGES.joined);
  if (invitations.length > 0) throw new AppError('CONFLICT', JOIN_REQUEST_MESSAGES.invited);
  const inserted = await deps.db
    .insert(eventJoinRequests)
    .values({ eventId: event.id, userId: me.id, createdAt: deps.now() })
    .onConflictDoNothing()
    .returning({ id: eventJoinRequests.id });
  const id = inserted[0]?.id;
  if (id === undefined) throw new AppError('CONFLICT', JOIN_REQUEST_MESSAGES.asked);
  await notify(deps, me.id, { kind: 'event_join_request', requestId: id });
  return { id, status: 'pending' };
}

/** GET /api/events/{id}/join-requests: the pending requests, oldest first, for whoever may invite to it. */
export async function listJoinRequests(deps: Deps, actor: Actor, input: { id: number }): Promise<JoinRequestView[]> {
  const me = requireMember(actor);
  const event = await findEventRow(deps, input.id);
  ensure(eventPolicy.invite(me, event), JOIN_REQUEST_MESSAGES.onlyHost);
  const rows = await deps.db
    .select({
      id: eventJoinRequests.id,
      userId: eventJoinRequests.userId,
      name: users.name,
      status: eventJoinRequests.status,
      createdAt: eventJoinRequests.createdAt,
    })
    .from(eventJoinRequests)
    .innerJoin(users, eq(users.id, eventJoinRequests.userId))
    .where(and(eq(eventJoinRequests.eventId, event.id), eq(eventJoinRequests.status, 'pending')))
    .orderBy(asc(eventJoinRequests.createdAt), asc(eventJoinRequests.id))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    event_id: event.id,
    user_id: r.userId,
    name: r.name,
    status: r.status,
    created_at: new Date(r.createdAt).toISOString(),
  }));
}

/** Approve (invite her: the usual invitation and its email) or decline a pending request; she is told either way. */
async function answer(deps: Deps, actor: Actor, input: JoinRequestIdInput, status: 'approved' | 'declined') {
  const me = requireMember(actor);
  const event = await findEventRow(deps, input.id);
  ensure(eventPolicy.invite(me, event), JOIN_REQUEST_MESSAGES.onlyHost);
  const [request] = await deps.db
    .select()
    .from(eventJoinRequests)
    .where(and(eq(eventJoinRequests.id, input.request_id), eq(eventJoinRequests.eventId, event.id)))
    .limit(1);
  if (!request) throw new AppError('NOT_FOUND', JOIN_REQUEST_MESSAGES.notFound);
  // Only a pending request is answered, once: two taps at once decide it once.
  const decided = await deps.db
    .update(eventJoinRequests)
    .set({ status, decidedAt: deps.now() })
    .where(and(eq(eventJoinRequests.id, request.id), eq(eventJoinRequests.status, 'pending')))
    .returning({ id: eventJoinRequests.id });
  if (decided.length === 0) throw new AppError('CONFLICT', JOIN_REQUEST_MESSAGES.answered);
  if (status === 'approved') await inviteMembers(deps, me, { eventId: event.id, userIds: [request.userId] });
  await notify(deps, me.id, { kind: 'event_join_answer', requestId: request.id });
  return { id: request.id, status };
}

/** POST /api/events/{id}/join-requests/{request_id}/approve */
export const approveJoinRequest = (deps: Deps, actor: Actor, input: JoinRequestIdInput) => answer(deps, actor, input, 'approved');
/** POST /api/events/{id}/join-requests/{request_id}/decline */
export const declineJoinRequest = (deps: Deps, actor: Actor, input: JoinRequestIdInput) => answer(deps, actor, input, 'declined');

/** What the notifications' plans need of a request: its event, who asked, the answer, and who hosts. */
export async function joinRequestNewsFacts(deps: Deps, requestId: number) {
  const rows = await deps.db.all<{
    event_id: number;
    user_id: number;
    status: JoinRequestStatus;
    title: string;
    created_by: number | null;
  }>(
    sql`SELECT "r"."event_id", "r"."user_id", "r"."status", "e"."title", "e"."created_by"
      FROM ${eventJoinRequests} AS "r" JOIN ${events} AS "e" ON "e"."id" = "r"."event_id" WHERE "r"."id" = ${requestId}`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    eventId: row.event_id,
    userId: row.user_id,
    status: row.status,
    title: row.title,
    hosts: sql`SELECT ${row.created_by} AS "user_id"`,
  };
}
