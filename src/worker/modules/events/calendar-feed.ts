import { asc, eq, inArray, or } from 'drizzle-orm';
import { CLUB_NAME } from '../../../shared/constants';
import { lapsedMessage, membershipStatus, utcDate } from '../../../shared/membership-term';
import type { Actor } from '../../platform/actor';
import { eventParticipants, events } from '../../db/schema/events';
import { users } from '../../db/schema/users';
import { AppError } from '../../platform/app-error';
import { randomToken } from '../../platform/crypto';
import { linkMac, verifyLinkMac } from '../../platform/data-encryption';
import { appLink } from '../mail/layout';
import { requireMember } from '../../platform/guards';
import { enforceRateLimit } from '../../platform/rate-limit';
import type { RequestMeta } from '../../platform/request-actor';
import type { Deps } from '../../platform/deps';
import { buildIcs } from './ics';

// The feed URL is a read-only capability for one member's schedule, meant to be pasted into a
// calendar app and shown again in Settings. D1 must not hold it (DECISIONS "No secret at rest"),
// so it is derived: "<member id>.<HMAC-SHA-256 of the id and a random nonce>", the HMAC under a
// key from the DATA_ENCRYPTION_KEY secret. D1 keeps only the nonce, useless without the secret.
// Regenerating draws a new nonce (every old URL stops working); disabling clears it.

export function calendarFeedPath(token: string): string {
  return `/calendar-feed/${token}.ics`;
}

const macMessage = (userId: number, nonce: string) => `calendar-feed:${userId}:${nonce}`;

async function feedToken(deps: Deps, userId: number, nonce: string): Promise<string> {
  return `${userId}.${await linkMac(deps.env, 'calendar-feed', macMessage(userId, nonce))}`;
}

async function feedAnswer(deps: Deps, userId: number, nonce: string | null) {
  return { url: nonce ? appLink(deps.env.APP_ORIGIN, calendarFeedPath(await feedToken(deps, userId, nonce))) : null };
}

export async function getCalendarFeed(deps: Deps, actor: Actor) {
  const me = requireMember(actor);
  const [row] = await deps.db.select({ nonce: users.calendarFeedNonce }).from(users).where(eq(users.id, me.id)).limit(1);
  return feedAnswer(deps, me.id, row?.nonce ?? null);
}

/** A new secret URL; the previous one stops working at once. */
export async function regenerateCalendarFeed(deps: Deps, actor: Actor) {
  const me = requireMember(actor);
  const nonce = randomToken(16);
  await deps.db.update(users).set({ calendarFeedNonce: nonce, updatedAt: deps.now() }).where(eq(users.id, me.id));
  return feedAnswer(deps, me.id, nonce);
}

export async function disableCalendarFeed(deps: Deps, actor: Actor) {
  const me = requireMember(actor);
  await deps.db.update(users).set({ calendarFeedNonce: null, updatedAt: deps.now() }).where(eq(users.id, me.id));
  return feedAnswer(deps, me.id, null);
}

/**
 * The member whose live feed this token opens, or null (unknown, regenerated or disabled). A
 * lapsed member's feed answers 403 MEMBERSHIP_LAPSED like every other members' route
 * (DECISIONS "Membership terms"): her events' addresses and links are for members.
 */
async function feedOwner(deps: Deps, token: string): Promise<number | null> {
  const match = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const [row] = await deps.db
    .select({ nonce: users.calendarFeedNonce, renewsOn: users.renewsOn, isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row?.nonce) return null;
  if (!(await verifyLinkMac(deps.env, 'calendar-feed', macMessage(userId, row.nonce), match[2]!))) return null;
  if (membershipStatus({ renews_on: row.renewsOn, admin: row.isAdmin }, utcDate(deps.now())) === 'lapsed') {
    throw new AppError('MEMBERSHIP_LAPSED', lapsedMessage(row.renewsOn));
  }
  return userId;
}

/** GET /calendar-feed/{token}.ics: the member's joined and created events, no session needed. */
export async function calendarFeedIcs(deps: Deps, meta: RequestMeta, token: string): Promise<string> {
  // Public by design (calendar apps hold no session), so a guessed token costs a rate-limited try.
  await enforceRateLimit(deps.env, 'PUBLIC_FORM_LIMITER', `ip:${meta.ip}`);
  const ownerId = await feedOwner(deps, token);
  if (ownerId === null) throw new AppError('NOT_FOUND', /*i18n*/ 'Calendar feed not found.');
  const owner = { id: ownerId };
  // Only events the owner created or joined: she sees the details of each of them
  // (eventPolicy.seeDetails), so the feed's addresses and links never reach anyone else. An
  // invitation alone does not put an event here.
  const list = await deps.db
    .select()
    .from(events)
    .where(
      or(
        eq(events.createdBy, owner.id),
        inArray(
          events.id,
          deps.db.select({ id: eventParticipants.eventId }).from(eventParticipants).where(eq(eventParticipants.userId, owner.id)),
        ),
      ),
    )
    .orderBy(asc(events.startsAt));
  return buildIcs(list, { origin: deps.env.APP_ORIGIN, now: deps.now(), name: CLUB_NAME });
}
