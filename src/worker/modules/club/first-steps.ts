import { eq, sql } from 'drizzle-orm';
import { FIRST_STEPS_DAYS, type FirstSteps } from '../../../shared/schemas/club';
import { memberProfiles } from '../../db/schema/members';
import { users } from '../../db/schema/users';
import type { Actor, MemberActor } from '../../platform/actor';
import type { Deps } from '../../platform/deps';
import { requireMember } from '../../platform/guards';
import { joinedAnyEventSql } from '../events/events';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Issue 46: what a newcomer's first steps read, one row by her primary key, for "Your club"'s
 * batch. Each step is read from what she did, never from the card: a step done elsewhere is ticked.
 */
export function firstStepsQuery(deps: Deps, me: MemberActor) {
  return deps.db
    .select({
      registered_at: users.createdAt,
      dismissed_at: users.firstStepsDismissedAt,
      photo: sql<number>`${memberProfiles.photoKey} IS NOT NULL`,
      profile: sql<number>`coalesce(${memberProfiles.title} <> '' AND ${memberProfiles.city} <> '' AND json_array_length(${memberProfiles.interests}) > 0, 0)`,
      directory: sql<number>`${memberProfiles.directoryChosenAt} IS NOT NULL`,
      event: joinedAnyEventSql(me.id),
    })
    .from(users)
    .leftJoin(memberProfiles, eq(memberProfiles.userId, users.id))
    .where(eq(users.id, me.id));
}

type FirstStepsRow = Awaited<ReturnType<typeof firstStepsQuery>>[number];

/** Her steps while she is new and has not put the card away (and not every step is done); else null. */
export function firstStepsOf(deps: Deps, row: FirstStepsRow | undefined): FirstSteps | null {
  if (!row || row.dismissed_at !== null || deps.now() - row.registered_at > FIRST_STEPS_DAYS * DAY_MS) return null;
  const steps = { photo: Boolean(row.photo), profile: Boolean(row.profile), directory: Boolean(row.directory), event: Boolean(row.event) };
  return Object.values(steps).every(Boolean) ? null : steps;
}

/** club.dismissFirstSteps: the card is put away for good, on every device (kept on the server). */
export async function dismissFirstSteps(deps: Deps, actor: Actor): Promise<{ ok: true }> {
  const me = requireMember(actor);
  await deps.db.update(users).set({ firstStepsDismissedAt: deps.now() }).where(eq(users.id, me.id));
  return { ok: true };
}
