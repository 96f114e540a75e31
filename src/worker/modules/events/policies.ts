import type { JoinRequestStatus } from '../../../shared/schemas/events';
import { sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { columnRef } from '../../db/column-ref';
import type { MemberActor } from '../../platform/actor';
import { eventParticipants, eventWaitlist, events } from '../../db/schema/events';
import { tokens } from '../../db/schema/membership';
import { adminWithSecondFactorSql } from '../auth/sessions';

type EventRef = { exclusivity: string; createdBy: number | null };

/**
 * What the viewer holds on one event: a place among its participants, a place on its waitlist
 * (1: next in line; null when not waiting), a live invitation.
 */
export type EventViewerState = {
  joined: boolean;
  hasInvitation: boolean;
  waitlistPlace?: number | null;
  /** Her request to join (issue 46 point 12): null when none; undefined when not read (lists). */
  joinRequest?: JoinRequestStatus | null;
};

const creatorOrAdmin = (a: MemberActor, event: { createdBy: number | null }) => a.isAdmin || event.createdBy === a.id;

/**
 * Who may do what with events. Services enforce these; the event DTO's `viewer` flags are
 * computed by the same functions, so the page offers exactly what the server allows.
 */
export const eventPolicy = {
  /** Founding members, Travel Hosts and admins; Standard members may not. */
  create: (a: Pick<MemberActor, 'isAdmin' | 'type'>) => a.isAdmin || a.type === 'Founding' || a.type === 'Travel Host',
  /** Edit Details: the creator or an admin. */
  edit: creatorOrAdmin,
  /** Delete Event: the creator or an admin. */
  delete: creatorOrAdmin,
  /** Draft Announcement Email to the participants: the creator or an admin. */
  announce: creatorOrAdmin,
  /** Choose or clear the banner (one of the event's own images): the creator or an admin. */
  changeBanner: creatorOrAdmin,
  /** Ask for another participant's confirmation email (one's own is always allowed). */
  confirmForOthers: creatorOrAdmin,
  /** Invite-only events: joining needs an invitation, except for the creator and admins. */
  joinWithoutInvitation: (a: MemberActor, event: EventRef) => event.exclusivity === 'open' || a.isAdmin || event.createdBy === a.id,
  /** Join: without an invitation where allowed, otherwise with a pending one. */
  join: (a: MemberActor, event: EventRef, hasInvitation: boolean) => eventPolicy.joinWithoutInvitation(a, event) || hasInvitation,
  /** The names on a full event's waitlist: the creator or an admin (DECISIONS "Events, grown up"). */
  seeWaitlist: creatorOrAdmin,
  /** Any member invites others to an open event; only the creator or an admin to an invite-only one. */
  invite: (a: MemberActor, event: EventRef) => event.exclusivity === 'open' || a.isAdmin || event.createdBy === a.id,
  /**
   * DECISIONS "Privacy and trust": an invite-only event's address, virtual link, participants,
   * images and comments are for its creator, admins, its participants and members holding a live
   * (unused, unexpired) invitation; an open event's for every member. Everyone else sees only
   * the listing fields. eventDetailsVisibleSql is the same rule for queries. A member waiting for
   * a place counts as a participant here: she joined with her invitation (which that used up).
   */
  seeDetails: (a: MemberActor, event: EventRef, state: EventViewerState) =>
    event.exclusivity === 'open' ||
    a.isAdmin ||
    event.createdBy === a.id ||
    state.joined ||
    Boolean(state.waitlistPlace) ||
    state.hasInvitation,
};

/**
 * eventPolicy.seeDetails as an SQL condition on the event whose id is `eventId` (a column of the
 * outer query): one correlated EXISTS served by primary keys and tokens_user_idx, so a list that
 * filters with it stays one statement (one D1 round trip). An id that names no event (or null) is
 * false. `now` decides which invitations are live. Every name is qualified (columnRef), so the
 * condition means the same in a select list, a where clause or a nested subquery.
 */
export function eventDetailsVisibleSql(a: MemberActor, eventId: AnySQLiteColumn, now: number): SQL {
  const outer = columnRef(eventId);
  if (a.isAdmin) return sql`(${outer} IS NOT NULL)`;
  return detailsVisibleSql(sql`${a.id}`, outer, now);
}

/**
 * The same rule for a member named by an SQL expression (a recipient column of the notifications'
 * fan-out, a bound id): admins with a second factor (auth/sessions.ts) see everything.
 */
export function eventDetailsVisibleToSql(memberId: SQL, eventId: SQL, now: number): SQL {
  return sql`(${adminWithSecondFactorSql(memberId)} OR ${detailsVisibleSql(memberId, eventId, now)})`;
}

function detailsVisibleSql(member: SQL, outer: SQL, now: number): SQL {
  const e = (c: AnySQLiteColumn) => columnRef(c, 'visible_event');
  const p = (c: AnySQLiteColumn) => columnRef(c, 'visible_participant');
  const t = (c: AnySQLiteColumn) => columnRef(c, 'visible_invitation');
  const w = (c: AnySQLiteColumn) => columnRef(c, 'visible_waiting');
  return sql`EXISTS (SELECT 1 FROM ${events} AS "visible_event" WHERE ${e(events.id)} = ${outer} AND (
    ${e(events.exclusivity)} = 'open' OR ${e(events.createdBy)} = ${member}
    OR EXISTS (SELECT 1 FROM ${eventParticipants} AS "visible_participant"
      WHERE ${p(eventParticipants.eventId)} = ${e(events.id)} AND ${p(eventParticipants.userId)} = ${member})
    OR EXISTS (SELECT 1 FROM ${eventWaitlist} AS "visible_waiting"
      WHERE ${w(eventWaitlist.eventId)} = ${e(events.id)} AND ${w(eventWaitlist.userId)} = ${member})
    OR EXISTS (SELECT 1 FROM ${tokens} AS "visible_invitation"
      WHERE ${t(tokens.userId)} = ${member} AND ${t(tokens.purpose)} = 'event_invitation' AND ${t(tokens.eventId)} = ${e(events.id)}
        AND ${t(tokens.usedAt)} IS NULL AND ${t(tokens.expiresAt)} > ${now})))`;
}

/** The viewer's flags on one event (EventViewerDto), from the rules above. */
export function eventViewer(a: MemberActor, event: EventRef, state: EventViewerState) {
  const place = state.joined ? null : state.waitlistPlace || null;
  return {
    joined: state.joined,
    state: state.joined ? ('participant' as const) : place ? ('waitlisted' as const) : ('none' as const),
    waitlist_place: place,
    can_see_details: eventPolicy.seeDetails(a, event, state),
    can_edit: eventPolicy.edit(a, event),
    can_delete: eventPolicy.delete(a, event),
    can_announce: eventPolicy.announce(a, event),
    can_change_banner: eventPolicy.changeBanner(a, event),
    can_join: eventPolicy.join(a, event, state.hasInvitation),
    can_invite: eventPolicy.invite(a, event),
    can_leave_waitlist: place !== null,
    can_see_waitlist: eventPolicy.seeWaitlist(a, event),
    // Issue 46 point 12: "Ask to join" an invite-only event she may not join yet, once (the event page reads her request).
    can_ask_to_join: state.joinRequest === null && !state.joined && !place && !eventPolicy.join(a, event, state.hasInvitation),
    join_request: state.joinRequest ?? null,
  };
}
