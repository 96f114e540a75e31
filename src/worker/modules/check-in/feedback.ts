import { and, desc, eq, sql } from 'drizzle-orm';
import type { FeedbackInput, FeedbackSummary } from '../../../shared/schemas/check-in';
import { eventFeedback } from '../../db/schema/check-in';
import { eventParticipants } from '../../db/schema/events';
import { users } from '../../db/schema/users';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import type { Deps } from '../../platform/deps';
import { ensure, requireMember } from '../../platform/guards';
import { enforceRateLimit } from '../../platform/rate-limit';
import { memberPhotoSql } from '../members/member-refs';
import { toDoorMember } from './co-hosts';
import { findDoorEvent } from './door-event';
import { doorPolicy, FEEDBACK_HIDDEN, FEEDBACK_NOT_THE_HOST } from './policies';

/*
 * Issue 43, after the event: the members who came give 1 to 5 stars and, if they like, a comment,
 * once, once it is over. Only the host and admins read them (and their average).
 */

export const FEEDBACK_ONLY_WHO_CAME = /*i18n*/ 'Feedback is for the members who came to the event.';
export const FEEDBACK_NOT_YET = /*i18n*/ 'Feedback opens when the event is over.';
export const FEEDBACK_ALREADY = /*i18n*/ 'You have already given your feedback on this event.';

/** The average and the count of an event's feedback (its primary key's range). */
export function feedbackSummaryQuery(deps: Deps, eventId: number) {
  return deps.db
    .select({ average: sql<number | null>`avg(${eventFeedback.stars})`, count: sql<number>`count(*)`.mapWith(Number) })
    .from(eventFeedback)
    .where(eq(eventFeedback.eventId, eventId));
}

/** POST /api/events/{id}/feedback: 201 with what was kept; 403 for one who did not come (or its host), 409 before the end or a second time. */
export async function giveFeedback(deps: Deps, actor: Actor, input: FeedbackInput) {
  const me = requireMember(actor);
  const event = await findDoorEvent(deps, me, input.id);
  ensure(doorPolicy.giveFeedback(me, event), FEEDBACK_NOT_THE_HOST);
  await enforceRateLimit(deps.env, 'MEMBER_WRITE_LIMITER', `member:${me.id}`);
  const [mine] = await deps.db
    .select({ checkedInAt: eventParticipants.checkedInAt })
    .from(eventParticipants)
    .where(and(eq(eventParticipants.eventId, event.id), eq(eventParticipants.userId, me.id)))
    .limit(1);
  ensure(mine?.checkedInAt != null, FEEDBACK_ONLY_WHO_CAME);
  const now = deps.now();
  if (event.endsAt > now) throw new AppError('CONFLICT', FEEDBACK_NOT_YET);
  const comment = input.comment?.trim() || null;
  const kept = await deps.db
    .insert(eventFeedback)
    .values({ eventId: event.id, userId: me.id, stars: input.stars, comment, createdAt: now })
    .onConflictDoNothing()
    .returning({ stars: eventFeedback.stars, comment: eventFeedback.comment, createdAt: eventFeedback.createdAt });
  if (kept.length === 0) throw new AppError('CONFLICT', FEEDBACK_ALREADY);
  const [row] = kept;
  return { stars: row!.stars, comment: row!.comment, created_at: new Date(row!.createdAt).toISOString() };
}

/** GET /api/events/{id}/feedback: the host and admins; newest first, with the average (null while nobody answered). */
export async function listFeedback(deps: Deps, actor: Actor, input: { id: number }): Promise<FeedbackSummary> {
  const me = requireMember(actor);
  const event = await findDoorEvent(deps, me, input.id);
  ensure(doorPolicy.seeFeedback(me, event), FEEDBACK_HIDDEN);
  const [rows, summary] = await deps.db.batch([
    deps.db
      .select({
        id: users.id,
        name: users.name,
        photoKey: memberPhotoSql(me, users.id),
        stars: eventFeedback.stars,
        comment: eventFeedback.comment,
        createdAt: eventFeedback.createdAt,
      })
      .from(eventFeedback)
      .innerJoin(users, eq(users.id, eventFeedback.userId))
      .where(eq(eventFeedback.eventId, event.id))
      .orderBy(desc(eventFeedback.createdAt), desc(users.id)),
    feedbackSummaryQuery(deps, event.id),
  ]);
  return {
    average: summary[0]?.average ?? null,
    count: summary[0]?.count ?? 0,
    items: rows.map((r) => ({
      member: toDoorMember(r),
      stars: r.stars,
      comment: r.comment,
      created_at: new Date(r.createdAt).toISOString(),
    })),
  };
}
