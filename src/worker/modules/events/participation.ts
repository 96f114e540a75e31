import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { TOKEN_TTL_MS } from '../../../shared/constants';
import type { InviteMembersInput } from '../../../shared/schemas/events';
import type { Actor } from '../../platform/actor';
import { eventParticipants, eventWaitlist, events } from '../../db/schema/events';
import { tokens } from '../../db/schema/membership';
import { users } from '../../db/schema/users';
import { columnRef } from '../../db/column-ref';
import { receivesClubNewsSql, todayOf } from '../membership/terms';
import { AppError } from '../../platform/app-error';
import { COUNTED_POLICIES } from '../../platform/rate-limit-policy';
import { randomToken, sha256Hex } from '../../platform/crypto';
import { enforceRateLimit } from '../../platform/rate-limit';
import { appLink } from '../mail/layout';
import { enqueueRenderedEmail } from '../mail/enqueue';
import { eventInvitationEmail } from './emails/event-invitation';
import { ensure, requireMember } from '../../platform/guards';
import { eventPolicy } from './policies';
import type { Deps } from '../../platform/deps';
import { EVENT_NOT_FOUND, findEventRow } from './events';
import { fillFreePlaces, joinOrWait, notifyPromoted } from './waitlist';
import { noShowNoteFor } from './attendance';
import { publishChange } from '../notifications/live-publish';

export const INVALID_INVITATION = /*i18n*/ 'Invalid or expired invitation';
export const INVITE_ONLY = /*i18n*/ 'This event is by invitation only. Ask its host for an invitation.';

export function pendingInvitationsOf(deps: Deps, userId: number, eventId: number) {
  return deps.db
    .select({ id: tokens.id })
    .from(tokens)
    .where(
      and(
        eq(tokens.purpose, 'event_invitation'),
        eq(tokens.userId, userId),
        eq(tokens.eventId, eventId),
        isNull(tokens.usedAt),
        gt(tokens.expiresAt, deps.now()),
      ),
    );
}

/**
 * Any member joins an open event; an invite-only one needs an invitation (used up by joining, or
 * by joining its waitlist), except for its creator and admins. A full event puts her on the
 * waitlist, in order (status 'waitlisted' and her place); two members taking the last place at
 * once get one place and one waitlist entry (waitlist.ts). Joining twice changes nothing.
 */
export async function joinEvent(deps: Deps, actor: Actor, input: { id: number }) {
  const me = requireMember(actor);
  const [found, invitations] = await deps.db.batch([
    deps.db
      .select({ id: events.id, title: events.title, exclusivity: events.exclusivity, createdBy: events.createdBy })
      .from(events)
      .where(eq(events.id, input.id))
      .limit(1),
    pendingInvitationsOf(deps, me.id, input.id),
  ]);
  const event = found[0];
  if (!event) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  if (!eventPolicy.join(me, event, invitations.length > 0)) throw new AppError('FORBIDDEN', INVITE_ONLY);
  // Joining with an invitation uses it up; joining where none is needed leaves any pending one.
  const free = eventPolicy.joinWithoutInvitation(me, event);
  const useInvitations = free
    ? []
    : [
        deps.db
          .update(tokens)
          .set({ usedAt: deps.now() })
          .where(
            inArray(
              tokens.id,
              invitations.map((i) => i.id),
            ),
          ),
      ];
  const outcome = await joinOrWait(deps, event.id, me.id, useInvitations);
  await notifyPromoted(deps, outcome.promoted);
  publishChange(deps, `event-${event.id}`, 'event');
  // Issue 43: joining a full event's waitlist after 3 no-shows in 12 months says so, gently.
  const noShowNote = outcome.joined ? null : await noShowNoteFor(deps, me.id);
  return {
    ok: true as const,
    ...joinStatus(outcome),
    already_joined: outcome.joined && !outcome.took,
    event: { id: event.id, title: event.title },
    no_show_note: noShowNote,
  };
}

/** What a Join did: {status: 'joined'} or {status: 'waitlisted', place: 2}; `joined` as before. */
function joinStatus(outcome: { joined: boolean; place: number | null }) {
  return outcome.joined
    ? { status: 'joined' as const, place: null, joined: true }
    : { status: 'waitlisted' as const, place: outcome.place, joined: false };
}

/**
 * Leave Event, or Leave waitlist: whichever she holds goes (left / left_waitlist say which; neither
 * is a no-op). A place she frees goes to the first member waiting, who is emailed.
 */
export async function leaveEvent(deps: Deps, actor: Actor, input: { id: number }) {
  const me = requireMember(actor);
  const [promote, forget] = fillFreePlaces(deps, [input.id], deps.now());
  const [found, deleted, unqueued, promoted] = await deps.db.batch([
    deps.db.select({ id: events.id }).from(events).where(eq(events.id, input.id)).limit(1),
    deps.db
      .delete(eventParticipants)
      .where(and(eq(eventParticipants.eventId, input.id), eq(eventParticipants.userId, me.id)))
      .returning({ userId: eventParticipants.userId }),
    deps.db
      .delete(eventWaitlist)
      .where(and(eq(eventWaitlist.eventId, input.id), eq(eventWaitlist.userId, me.id)))
      .returning({ userId: eventWaitlist.userId }),
    promote,
    forget,
  ]);
  if (!found[0]) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  await notifyPromoted(deps, promoted);
  publishChange(deps, `event-${input.id}`, 'event');
  return { ok: true as const, left: deleted.length > 0, left_waitlist: unqueued.length > 0 };
}

/** The member (users row of the query) holds a live invitation to the event. */
function liveInvitationSql(eventId: number, now: number) {
  return sql<number>`EXISTS (SELECT 1 FROM ${tokens} WHERE ${tokens.purpose} = 'event_invitation'
    AND ${tokens.userId} = ${users.id} AND ${tokens.eventId} = ${eventId} AND ${tokens.usedAt} IS NULL AND ${tokens.expiresAt} > ${now})`;
}

/**
 * Members the viewer may invite: everyone but themself, lapsed members and those already taking part; `invited`
 * marks those who hold a live invitation already (inviting them again sends nothing).
 */
export async function inviteCandidates(deps: Deps, actor: Actor, input: { id: number }) {
  const me = requireMember(actor);
  const event = await findEventRow(deps, input.id);
  ensure(eventPolicy.invite(me, event), /*i18n*/ 'Only the event’s creator or an admin can invite members to an invite-only event.');
  const rows = await deps.db
    .select({
      user_id: users.id,
      name: users.name,
      type: users.type,
      participant: eventParticipants.userId,
      invited: liveInvitationSql(event.id, deps.now()).mapWith(Boolean),
    })
    .from(users)
    .leftJoin(eventParticipants, and(eq(eventParticipants.userId, users.id), eq(eventParticipants.eventId, event.id)))
    .where(receivesClubNewsSql(columnRef(users.id), todayOf(deps)))
    .orderBy(asc(users.name));
  return rows
    .filter((r) => r.user_id !== me.id && r.participant === null)
    .map(({ user_id, name, type, invited }) => ({ user_id, name, type, invited }));
}

/** DECISIONS "Privacy and trust" / issue 11: invitation emails a member may send in any 24 hours. */
export const DAILY_INVITATION_LIMIT = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The refusal of a batch that would pass the daily limit; `left` is what the member may still send. */
export function invitationLimitMessage(left: number): string {
  const base = `You can send up to ${DAILY_INVITATION_LIMIT} invitations a day.`;
  if (left <= 0) return `${base} Please try again tomorrow.`;
  return `${base} You can send ${left} more today: please choose at most ${left} member${left === 1 ? '' : 's'}, or try again tomorrow.`;
}

/** "Sofia Reyes", "Sofia Reyes and Mei Tan", "Sofia Reyes, Mei Tan and Priya Nair". */
function nameList(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function inviteMessage(invited: number, alreadyInvited: string[]): string {
  const parts: string[] = [];
  if (invited > 0) parts.push(`Invitation sent to ${invited} member${invited === 1 ? '' : 's'}.`);
  if (alreadyInvited.length > 0) {
    const who = nameList(alreadyInvited);
    const has = alreadyInvited.length === 1 ? 'already has' : 'already have';
    parts.push(
      `${who} ${has} an invitation to this event${invited > 0 ? ': nothing new was sent to them.' : ', so nothing new was sent.'}`,
    );
  }
  return parts.join(' ');
}

/** The member's event invitations created since `since` (served by tokens_creator_idx). */
function invitationsSentSince(deps: Deps, memberId: number, since: number) {
  return deps.db
    .select({ sent: sql<number>`count(*)`.mapWith(Number), oldest: sql<number | null>`min(${tokens.createdAt})` })
    .from(tokens)
    .where(and(eq(tokens.createdBy, memberId), eq(tokens.purpose, 'event_invitation'), gt(tokens.createdAt, since)));
}

/** Seconds until the oldest invitation of the window leaves it (a Retry-After). */
function secondsUntilFreed(oldest: number | null, now: number): number {
  return oldest === null ? 1 : Math.max(1, Math.ceil((oldest + DAY_MS - now) / 1000));
}

/**
 * Emails each chosen member a personal, single-use link /events/invite/{token} (14 days). Only
 * the token's hash is stored. Members who already take part, lapsed members and unknown ids are skipped; so are
 * members who already hold a live (unused, unexpired) invitation to the event: nothing new is
 * sent to them and the answer names them (already_invited_names). A member sends at most 100 invitation
 * emails in any 24 hours (counted from the tokens she created); a batch that would pass the limit
 * is refused whole (429, nothing sent), because trimming it would leave out members she chose
 * without her choosing which.
 */
export async function inviteMembers(deps: Deps, actor: Actor, input: InviteMembersInput) {
  const me = requireMember(actor);
  const event = await findEventRow(deps, input.eventId);
  ensure(eventPolicy.invite(me, event), /*i18n*/ 'Only the event’s creator or an admin can invite members to an invite-only event.');
  await enforceRateLimit(deps.env, 'MEMBER_WRITE_LIMITER', `member:${me.id}`);
  const ids = [...new Set(input.userIds)];
  const now = deps.now();
  const since = now - DAY_MS;
  const [rows, [window]] = await deps.db.batch([
    deps.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        language: users.language,
        participant: eventParticipants.userId,
        invited: liveInvitationSql(event.id, now).mapWith(Boolean),
      })
      .from(users)
      .leftJoin(eventParticipants, and(eq(eventParticipants.userId, users.id), eq(eventParticipants.eventId, event.id)))
      // A lapsed member is invited to nothing (receivesClubNewsSql): skipped, as an unknown id is.
      .where(and(inArray(users.id, ids), receivesClubNewsSql(columnRef(users.id), todayOf(deps))))
      .orderBy(asc(users.name)),
    invitationsSentSince(deps, me.id, since),
  ]);
  const candidates = rows.filter((r) => r.participant === null && r.id !== me.id);
  const alreadyInvited = candidates.filter((r) => r.invited);
  const invitees = candidates.filter((r) => !r.invited);
  const skipped = ids.filter((id) => !invitees.some((r) => r.id === id));
  const alreadyInvitedNames = alreadyInvited.map((r) => r.name);
  if (invitees.length === 0) {
    if (alreadyInvited.length > 0) {
      return {
        ok: true as const,
        invited: 0,
        skipped,
        already_invited_names: alreadyInvitedNames,
        message: inviteMessage(0, alreadyInvitedNames),
      };
    }
    throw new AppError('BAD_REQUEST', /*i18n*/ 'The selected members already take part in this event.');
  }
  const sent = window?.sent ?? 0;
  if (sent + invitees.length > DAILY_INVITATION_LIMIT) {
    throw new AppError('TOO_MANY_REQUESTS', invitationLimitMessage(DAILY_INVITATION_LIMIT - sent), {
      retryAfter: secondsUntilFreed(window?.oldest ?? null, now),
      policy: COUNTED_POLICIES.invitationsPerDay(DAILY_INVITATION_LIMIT),
    });
  }

  const issued = await Promise.all(
    invitees.map(async (user) => {
      const token = randomToken();
      return { user, token, hash: await sha256Hex(token) };
    }),
  );
  // One statement, so the checks above hold even against a concurrent request: the rows (one JSON
  // parameter, whatever their number) go in only if the day's count still leaves room for all of
  // them, and a row only if its member holds no live invitation by now.
  const rowsJson = JSON.stringify(issued.map((i) => ({ hash: i.hash, userId: i.user.id })));
  const inserted = await deps.db.all<{ user_id: number }>(sql`
    INSERT INTO ${tokens} (token_hash, purpose, email, user_id, event_id, created_by, expires_at, created_at)
    SELECT json_extract(j.value, '$.hash'), 'event_invitation', u.email, u.id, ${event.id}, ${me.id},
      ${now + TOKEN_TTL_MS.event_invitation}, ${now}
    FROM json_each(${rowsJson}) AS j JOIN ${users} AS u ON u.id = json_extract(j.value, '$.userId')
    WHERE (SELECT count(*) FROM ${tokens} WHERE ${tokens.createdBy} = ${me.id} AND ${tokens.purpose} = 'event_invitation'
        AND ${tokens.createdAt} > ${since}) + ${issued.length} <= ${DAILY_INVITATION_LIMIT}
      AND NOT EXISTS (SELECT 1 FROM ${tokens} AS t WHERE t.purpose = 'event_invitation' AND t.user_id = u.id
        AND t.event_id = ${event.id} AND t.used_at IS NULL AND t.expires_at > ${now})
    RETURNING user_id`);
  const stored = new Set(inserted.map((r) => r.user_id));
  if (stored.size === 0) {
    // Another request took the room (or invited them) meanwhile.
    const [again] = await invitationsSentSince(deps, me.id, since);
    throw new AppError('TOO_MANY_REQUESTS', invitationLimitMessage(DAILY_INVITATION_LIMIT - (again?.sent ?? 0)), {
      retryAfter: secondsUntilFreed(again?.oldest ?? null, now),
      policy: COUNTED_POLICIES.invitationsPerDay(DAILY_INVITATION_LIMIT),
    });
  }
  const sentTo = issued.filter((i) => stored.has(i.user.id));
  const raced = issued.filter((i) => !stored.has(i.user.id)).map((i) => i.user.name);

  // Each link is personal, so each invitee gets a message of their own.
  await Promise.all(
    sentTo.map((i) => {
      const link = appLink(deps.env.APP_ORIGIN, `/events/invite/${i.token}`);
      return enqueueRenderedEmail(deps, {
        kind: 'event_invitation',
        render: () => eventInvitationEmail({ event, inviterName: me.name, inviteeName: i.user.name, link }),
        recipients: [{ email: i.user.email, name: i.user.name, userId: i.user.id, language: i.user.language }],
        senderId: me.id,
        eventId: event.id,
      });
    }),
  );
  const already = [...alreadyInvitedNames, ...raced];
  return {
    ok: true as const,
    invited: sentTo.length,
    skipped: ids.filter((id) => !stored.has(id)),
    already_invited_names: already,
    message: inviteMessage(sentTo.length, already),
  };
}

/**
 * /events/invite/{token}: the invited member (and only them) joins the event; the token is then
 * used up. Any failure reads 'Invalid or expired invitation'.
 */
export async function acceptInvitation(deps: Deps, actor: Actor, input: { token: string }) {
  const me = requireMember(actor);
  await enforceRateLimit(deps.env, 'MEMBER_WRITE_LIMITER', `member:${me.id}`);
  const hash = await sha256Hex(input.token);
  const [row] = await deps.db
    .select({
      id: tokens.id,
      userId: tokens.userId,
      usedAt: tokens.usedAt,
      expiresAt: tokens.expiresAt,
      eventId: events.id,
      title: events.title,
      slug: events.slug,
    })
    .from(tokens)
    .innerJoin(events, eq(events.id, tokens.eventId))
    .where(and(eq(tokens.tokenHash, hash), eq(tokens.purpose, 'event_invitation')))
    .limit(1);
  const now = deps.now();
  if (!row || row.usedAt !== null || row.expiresAt <= now || row.userId !== me.id) throw new AppError('BAD_REQUEST', INVALID_INVITATION);
  // The token is used up in the batch that joins (or queues). Only its invitee gets this far, so
  // a second tab racing the first changes nothing but the answer.
  const claim = deps.db
    .update(tokens)
    .set({ usedAt: now })
    .where(and(eq(tokens.id, row.id), isNull(tokens.usedAt)))
    .returning({ id: tokens.id });
  const outcome = await joinOrWait(deps, row.eventId, me.id, [claim]);
  await notifyPromoted(deps, outcome.promoted);
  publishChange(deps, `event-${row.eventId}`, 'event');
  if ((outcome.also[0] as unknown[]).length === 0) throw new AppError('BAD_REQUEST', INVALID_INVITATION);
  return { event: { id: row.eventId, title: row.title, slug: row.slug }, ...joinStatus(outcome) };
}
