import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { TOKEN_TTL_MS } from '../../../shared/constants';
import type { InviteMembersInput } from '../../../shared/schemas/events';
import type { Actor } from '../../platform/actor';
import { eventParticipants, events } from '../../db/schema/events';
import { tokens } from '../../db/schema/membership';
import { users } from '../../db/schema/users';
import { AppError } from '../../platform/app-error';
import { randomToken, sha256Hex } from '../../platform/crypto';
import { enforceRateLimit } from '../../platform/rate-limit';
import { appLink } from '../mail/layout';
import { enqueueEmail } from '../mail/enqueue';
import { eventInvitationEmail } from './emails/event-invitation';
import { ensure, requireMember } from '../../platform/guards';
import { eventPolicy } from './policies';
import type { Deps } from '../../platform/deps';
import { EVENT_NOT_FOUND, findEventRow } from './events';

export const INVALID_INVITATION = 'Invalid or expired invitation';
export const INVITE_ONLY = 'This event is by invitation only. Ask its host for an invitation.';

function pendingInvitationsOf(deps: Deps, userId: number, eventId: number) {
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
 * Any member joins an open event; an invite-only one needs an invitation (used up by joining),
 * except for its creator and admins. Joining twice changes nothing.
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
  const now = deps.now();
  const insert = deps.db
    .insert(eventParticipants)
    .values({ eventId: event.id, userId: me.id, joinedAt: now })
    .onConflictDoNothing()
    .returning({ userId: eventParticipants.userId });
  const [inserted] = free
    ? [await insert]
    : await deps.db.batch([
        insert,
        deps.db
          .update(tokens)
          .set({ usedAt: now })
          .where(
            inArray(
              tokens.id,
              invitations.map((i) => i.id),
            ),
          ),
      ]);
  return { ok: true as const, joined: true as const, alreadyJoined: inserted.length === 0, event: { id: event.id, title: event.title } };
}

/** Leaving an event one has not joined is a no-op (left: false). */
export async function leaveEvent(deps: Deps, actor: Actor, input: { id: number }) {
  const me = requireMember(actor);
  const [found, deleted] = await deps.db.batch([
    deps.db.select({ id: events.id }).from(events).where(eq(events.id, input.id)).limit(1),
    deps.db
      .delete(eventParticipants)
      .where(and(eq(eventParticipants.eventId, input.id), eq(eventParticipants.userId, me.id)))
      .returning({ userId: eventParticipants.userId }),
  ]);
  if (!found[0]) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  return { ok: true as const, left: deleted.length > 0 };
}

/** Members the viewer may invite: everyone but themself and those already taking part. */
export async function inviteCandidates(deps: Deps, actor: Actor, input: { id: number }) {
  const me = requireMember(actor);
  const event = await findEventRow(deps, input.id);
  ensure(eventPolicy.invite(me, event), 'Only the event’s creator or an admin can invite members to an invite-only event.');
  const rows = await deps.db
    .select({ user_id: users.id, name: users.name, type: users.type, participant: eventParticipants.userId })
    .from(users)
    .leftJoin(eventParticipants, and(eq(eventParticipants.userId, users.id), eq(eventParticipants.eventId, event.id)))
    .orderBy(asc(users.name));
  return rows.filter((r) => r.user_id !== me.id && r.participant === null).map(({ user_id, name, type }) => ({ user_id, name, type }));
}

// A token row binds 8 values; D1 allows 100 per statement.
const TOKEN_ROWS_PER_INSERT = 12;

/**
 * Emails each chosen member a personal, single-use link /events/invite/{token} (14 days). Only
 * the token's hash is stored. Members who already take part, and unknown ids, are skipped.
 */
export async function inviteMembers(deps: Deps, actor: Actor, input: InviteMembersInput) {
  const me = requireMember(actor);
  const event = await findEventRow(deps, input.eventId);
  ensure(eventPolicy.invite(me, event), 'Only the event’s creator or an admin can invite members to an invite-only event.');
  await enforceRateLimit(deps.env.MEMBER_WRITE_LIMITER, `member:${me.id}`);
  const ids = [...new Set(input.userIds)];
  const rows = await deps.db
    .select({ id: users.id, name: users.name, email: users.email, participant: eventParticipants.userId })
    .from(users)
    .leftJoin(eventParticipants, and(eq(eventParticipants.userId, users.id), eq(eventParticipants.eventId, event.id)))
    .where(inArray(users.id, ids));
  const invitees = rows.filter((r) => r.participant === null && r.id !== me.id);
  const skipped = ids.filter((id) => !invitees.some((r) => r.id === id));
  if (invitees.length === 0) {
    throw new AppError('BAD_REQUEST', 'The selected members already take part in this event.');
  }

  const now = deps.now();
  const issued = await Promise.all(
    invitees.map(async (user) => {
      const token = randomToken();
      return { user, token, hash: await sha256Hex(token) };
    }),
  );
  const values = issued.map((i) => ({
    tokenHash: i.hash,
    purpose: 'event_invitation' as const,
    email: i.user.email,
    userId: i.user.id,
    eventId: event.id,
    createdBy: me.id,
    expiresAt: now + TOKEN_TTL_MS.event_invitation,
    createdAt: now,
  }));
  const inserts = [];
  for (let i = 0; i < values.length; i += TOKEN_ROWS_PER_INSERT)
    inserts.push(deps.db.insert(tokens).values(values.slice(i, i + TOKEN_ROWS_PER_INSERT)));
  await deps.db.batch(inserts as [(typeof inserts)[number], ...(typeof inserts)[number][]]);

  // Each link is personal, so each invitee gets a message of their own.
  await Promise.all(
    issued.map((i) => {
      const mail = eventInvitationEmail({
        event,
        inviterName: me.name,
        inviteeName: i.user.name,
        link: appLink(deps.env.APP_ORIGIN, `/events/invite/${i.token}`),
      });
      return enqueueEmail(deps, {
        kind: 'event_invitation',
        ...mail,
        recipients: [{ email: i.user.email, name: i.user.name, userId: i.user.id }],
        senderId: me.id,
        eventId: event.id,
      });
    }),
  );
  return {
    ok: true as const,
    invited: invitees.length,
    skipped,
    message: `Invitation sent to ${invitees.length} member${invitees.length === 1 ? '' : 's'}.`,
  };
}

/**
 * /events/invite/{token}: the invited member (and only them) joins the event; the token is then
 * used up. Any failure reads 'Invalid or expired invitation'.
 */
export async function acceptInvitation(deps: Deps, actor: Actor, input: { token: string }) {
  const me = requireMember(actor);
  await enforceRateLimit(deps.env.MEMBER_WRITE_LIMITER, `member:${me.id}`);
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
  const [claimed] = await deps.db.batch([
    deps.db
      .update(tokens)
      .set({ usedAt: now })
      .where(and(eq(tokens.id, row.id), isNull(tokens.usedAt)))
      .returning({ id: tokens.id }),
    deps.db.insert(eventParticipants).values({ eventId: row.eventId, userId: me.id, joinedAt: now }).onConflictDoNothing(),
  ]);
  if (claimed.length === 0) throw new AppError('BAD_REQUEST', INVALID_INVITATION);
  return { event: { id: row.eventId, title: row.title, slug: row.slug } };
}
