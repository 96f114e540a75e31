import { asc, eq, inArray, or } from 'drizzle-orm';
import { CLUB_NAME } from '../../../shared/constants';
import type { Actor } from '../../platform/actor';
import { eventParticipants, events } from '../../db/schema/events';
import { users } from '../../db/schema/users';
import { AppError } from '../../platform/app-error';
import { randomToken } from '../../platform/crypto';
import { appLink } from '../mail/layout';
import { requireMember } from '../../platform/guards';
import { enforceRateLimit } from '../../platform/rate-limit';
import type { RequestMeta } from '../../platform/request-actor';
import type { Deps } from '../../platform/deps';
import { buildIcs } from './ics';

// The feed URL is a read-only capability for one member's schedule, meant to be pasted into a
// calendar app and shown again in Settings; so the token is stored as is (like the private
// addresses of mainstream calendar services), and regenerating it cuts off every old copy.

export function calendarFeedPath(token: string): string {
  return `/calendar-feed/${token}.ics`;
}

function feedAnswer(deps: Deps, token: string | null) {
  return { url: token ? appLink(deps.env.APP_ORIGIN, calendarFeedPath(token)) : null };
}

export async function getCalendarFeed(deps: Deps, actor: Actor) {
  const me = requireMember(actor);
  const [row] = await deps.db.select({ token: users.calendarToken }).from(users).where(eq(users.id, me.id)).limit(1);
  return feedAnswer(deps, row?.token ?? null);
}

/** A new secret URL; the previous one stops working at once. */
export async function regenerateCalendarFeed(deps: Deps, actor: Actor) {
  const me = requireMember(actor);
  const token = randomToken();
  await deps.db.update(users).set({ calendarToken: token, updatedAt: deps.now() }).where(eq(users.id, me.id));
  return feedAnswer(deps, token);
}

export async function disableCalendarFeed(deps: Deps, actor: Actor) {
  const me = requireMember(actor);
  await deps.db.update(users).set({ calendarToken: null, updatedAt: deps.now() }).where(eq(users.id, me.id));
  return feedAnswer(deps, null);
}

/** GET /calendar-feed/{token}.ics: the member's joined and created events, no session needed. */
export async function calendarFeedIcs(deps: Deps, meta: RequestMeta, token: string): Promise<string> {
  // Public by design (calendar apps hold no session), so a guessed token costs a rate-limited try.
  await enforceRateLimit(deps.env.PUBLIC_FORM_LIMITER, `ip:${meta.ip}`);
  if (!/^[A-Za-z0-9_-]{20,128}$/.test(token)) throw new AppError('NOT_FOUND', 'Calendar feed not found.');
  const [owner] = await deps.db.select({ id: users.id }).from(users).where(eq(users.calendarToken, token)).limit(1);
  if (!owner) throw new AppError('NOT_FOUND', 'Calendar feed not found.');
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
