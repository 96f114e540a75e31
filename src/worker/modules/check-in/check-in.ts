import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  NOT_A_PARTICIPANT,
  TICKET_NOT_VALID,
  type CheckInAnswer,
  type CheckInInput,
  type CheckInList,
  type DoorMember,
  type EventMemberInput,
  type WalkInSearchInput,
  type WalkInAnswer,
} from '../../../shared/schemas/check-in';
import { columnRef } from '../../db/column-ref';
import { containsText } from '../../db/like';
import { eventParticipants, eventWaitlist } from '../../db/schema/events';
import { users } from '../../db/schema/users';
import type { Actor, MemberActor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import type { Deps } from '../../platform/deps';
import { requireMember } from '../../platform/guards';
import { readTicket } from '../events/ticket-token';
import { memberPhotoSql, memberPhotoUrl } from '../members/member-refs';
import { receivesClubNewsSql, todayOf } from '../membership/terms';
import { publishChange } from '../notifications/live-publish';
import { doorEventToCheckIn } from './door-event';

/*
 * Issue 43, the door: the host, her co-hosts and admins check participants in by their ticket
 * (a scan) or by name, undo it, and add walk-ins. A check-in is one conditional UPDATE, so the
 * same ticket scanned twice (two phones, or an offline queue sent twice) counts once: the second
 * answers `already` with the first one's time.
 */

/** An offline check-in keeps the time it was made, if it was made within this long. */
const OFFLINE_KEPT_MS = 2 * 24 * 60 * 60 * 1000;

const iso = (ms: number) => new Date(ms).toISOString();

/** When it happened: the offline queue's time (never later than now, at most two days back), else now. */
function checkInTime(now: number, given: string | undefined): number {
  if (!given) return now;
  const at = Date.parse(given);
  return Number.isFinite(at) && at <= now && at >= now - OFFLINE_KEPT_MS ? at : now;
}

/** Her participation at the event with her name and photo (as the viewer may see it). */
function participantRow(deps: Deps, viewer: MemberActor, eventId: number, memberId: number) {
  return deps.db
    .select({
      id: users.id,
      name: users.name,
      photoKey: memberPhotoSql(viewer, users.id),
      joinedAt: eventParticipants.joinedAt,
      checkedInAt: eventParticipants.checkedInAt,
      walkIn: eventParticipants.walkIn,
    })
    .from(eventParticipants)
    .innerJoin(users, eq(users.id, eventParticipants.userId))
    .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, memberId)))
    .limit(1);
}

/** GET /api/events/{id}/check-in: every participant with her face, by name, and how many came. */
export async function checkInList(deps: Deps, actor: Actor, input: { id: number }): Promise<CheckInList> {
  const me = requireMember(actor);
  await doorEventToCheckIn(deps, me, input.id);
  const rows = await deps.db
    .select({
      id: users.id,
      name: users.name,
      photoKey: memberPhotoSql(me, users.id),
      checkedInAt: eventParticipants.checkedInAt,
      walkIn: eventParticipants.walkIn,
    })
    .from(eventParticipants)
    .innerJoin(users, eq(users.id, eventParticipants.userId))
    .where(eq(eventParticipants.eventId, input.id))
    .orderBy(asc(sql`${users.name} COLLATE NOCASE`), asc(users.id));
  const participants = rows.map((r) => ({
    id: r.id,
    name: r.name,
    photo_url: memberPhotoUrl(r.photoKey),
    checked_in_at: r.checkedInAt === null ? null : iso(r.checkedInAt),
    walk_in: r.walkIn,
  }));
  return { checked_in: participants.filter((p) => p.checked_in_at !== null).length, total: participants.length, participants };
}

/**
 * POST /api/events/{id}/check-in: by ticket or by member id. A ticket the Worker did not sign, or
 * signed for another event, or from a participation since left and taken again, is 'Ticket not
 * valid.' (400); a member who does not take part (she left: her ticket went with it) is 'Not a
 * participant of this event.' (404).
 */
export async function checkIn(deps: Deps, actor: Actor, input: CheckInInput): Promise<CheckInAnswer> {
  const me = requireMember(actor);
  const event = await doorEventToCheckIn(deps, me, input.id);
  let memberId = input.member_id;
  let serial: number | null = null;
  if (input.token !== undefined) {
    const claims = await readTicket(deps.env, input.token);
    if (!claims || claims.eventId !== event.id) throw new AppError('BAD_REQUEST', TICKET_NOT_VALID);
    memberId = claims.memberId;
    serial = claims.serial;
  }
  const at = checkInTime(deps.now(), input.checked_in_at);
  const [marked, rows] = await deps.db.batch([
    deps.db
      .update(eventParticipants)
      .set({ checkedInAt: at })
      .where(
        and(
          eq(eventParticipants.eventId, event.id),
          eq(eventParticipants.userId, memberId!),
          isNull(eventParticipants.checkedInAt),
          serial === null ? undefined : eq(eventParticipants.joinedAt, serial),
        ),
      )
      .returning({ at: eventParticipants.checkedInAt }),
    participantRow(deps, me, event.id, memberId!),
  ]);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', NOT_A_PARTICIPANT);
  if (serial !== null && row.joinedAt !== serial) throw new AppError('BAD_REQUEST', TICKET_NOT_VALID);
  if (marked.length > 0) publishChange(deps, `event-${event.id}`, 'event');
  return {
    member: { id: row.id, name: row.name, photo_url: memberPhotoUrl(row.photoKey) },
    checked_in_at: iso(row.checkedInAt ?? at),
    already: marked.length === 0,
  };
}

/** DELETE /api/events/{id}/check-in/{member_id}: she is not checked in any more (a walk-in stays on the list). */
export async function undoCheckIn(deps: Deps, actor: Actor, input: EventMemberInput): Promise<void> {
  const me = requireMember(actor);
  const event = await doorEventToCheckIn(deps, me, input.id);
  const undone = await deps.db
    .update(eventParticipants)
    .set({ checkedInAt: null })
    .where(and(eq(eventParticipants.eventId, event.id), eq(eventParticipants.userId, input.member_id)))
    .returning({ id: eventParticipants.userId });
  if (undone.length === 0) throw new AppError('NOT_FOUND', NOT_A_PARTICIPANT);
  publishChange(deps, `event-${event.id}`, 'event');
}

/**
 * checkIn.walkInCandidates: members whose name holds the search, who are not on the list and whose
 * membership has not lapsed (at most 8, by name), for the door's "Add a walk-in".
 */
export async function walkInCandidates(deps: Deps, actor: Actor, input: WalkInSearchInput): Promise<DoorMember[]> {
  const me = requireMember(actor);
  const event = await doorEventToCheckIn(deps, me, input.id);
  const rows = await deps.db
    .select({ id: users.id, name: users.name, photoKey: memberPhotoSql(me, users.id) })
    .from(users)
    .where(
      and(
        containsText(columnRef(users.name), input.q),
        receivesClubNewsSql(columnRef(users.id), todayOf(deps)),
        sql`NOT EXISTS (SELECT 1 FROM ${eventParticipants} AS "listed" WHERE "listed"."event_id" = ${event.id} AND "listed"."user_id" = ${columnRef(users.id)})`,
      ),
    )
    .orderBy(asc(sql`${users.name} COLLATE NOCASE`), asc(users.id))
    .limit(8);
  return rows.map((r) => ({ id: r.id, name: r.name, photo_url: memberPhotoUrl(r.photoKey) }));
}

export const WALK_IN_UNKNOWN = /*i18n*/ 'Member not found.';
export const WALK_IN_LAPSED = /*i18n*/ 'That member’s membership has lapsed: she cannot be added to an event until it is renewed.';

/**
 * POST /api/events/{id}/walk-ins: a member who is not on the list comes in. She becomes a
 * participant, checked in and noted as a walk-in, even beyond the capacity (the door is where the
 * host decides); off the waitlist if she was on it. A member already on the list is simply
 * checked in (`created` false). One batch.
 */
export async function addWalkIn(deps: Deps, actor: Actor, input: EventMemberInput): Promise<WalkInAnswer & { created: boolean }> {
  const me = requireMember(actor);
  const event = await doorEventToCheckIn(deps, me, input.id);
  const [member] = await deps.db
    .select({ id: users.id, receives: receivesClubNewsSql(columnRef(users.id), todayOf(deps)).mapWith(Boolean).as('receives') })
    .from(users)
    .where(eq(users.id, input.member_id))
    .limit(1);
  if (!member) throw new AppError('NOT_FOUND', WALK_IN_UNKNOWN);
  if (!member.receives) throw new AppError('BAD_REQUEST', WALK_IN_LAPSED);
  const now = deps.now();
  const [added, , , rows] = await deps.db.batch([
    deps.db
      .insert(eventParticipants)
      .values({ eventId: event.id, userId: member.id, joinedAt: now, checkedInAt: now, walkIn: true })
      .onConflictDoNothing()
      .returning({ id: eventParticipants.userId }),
    deps.db
      .update(eventParticipants)
      .set({ checkedInAt: now })
      .where(and(eq(eventParticipants.eventId, event.id), eq(eventParticipants.userId, member.id), isNull(eventParticipants.checkedInAt))),
    deps.db.delete(eventWaitlist).where(and(eq(eventWaitlist.eventId, event.id), eq(eventWaitlist.userId, member.id))),
    participantRow(deps, me, event.id, member.id),
  ]);
  const row = rows[0]!;
  publishChange(deps, `event-${event.id}`, 'event');
  return {
    member: { id: row.id, name: row.name, photo_url: memberPhotoUrl(row.photoKey) },
    checked_in_at: iso(row.checkedInAt ?? now),
    already: added.length === 0 && row.checkedInAt !== now,
    walk_in: row.walkIn,
    created: added.length > 0,
  };
}
