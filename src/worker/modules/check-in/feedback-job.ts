import { sql } from 'drizzle-orm';
import { eventFeedbackRequests } from '../../db/schema/check-in';
import { eventParticipants, events } from '../../db/schema/events';
import type { Deps } from '../../platform/deps';
import type { ScheduledJob } from '../../platform/scheduled-job';
import { notify } from '../notifications/record';

/** Issue 43: the feedback request goes 2 hours after the event's end… */
export const FEEDBACK_REQUEST_AFTER_MS = 2 * 60 * 60 * 1000;
/** …and not at all for an event that ended more than a week ago (attendance recorded that late). */
const FEEDBACK_REQUEST_UNTIL_MS = 7 * 24 * 60 * 60 * 1000;
const EVENTS_PER_RUN = 50;

/**
 * Records the feedback request of each event that ended 2 hours ago or more (within the week) and
 * took attendance, once (event_feedback_requests, written only when absent: two overlapping runs
 * never ask twice), then records its `event_feedback` news: the fan-out tells those who came and
 * have not answered, and emails those who chose so (the kind's email is off by default).
 * Served by events_ends_idx and event_participants_checked_in_idx.
 */
export async function requestDueFeedback(deps: Deps): Promise<Record<string, number>> {
  const now = deps.now();
  const claimed = await deps.db.all<{ event_id: number }>(sql`
    INSERT INTO ${eventFeedbackRequests} (event_id, sent_at)
    SELECT "e"."id", ${now} FROM ${events} AS "e"
    WHERE "e"."ends_at" <= ${now - FEEDBACK_REQUEST_AFTER_MS} AND "e"."ends_at" > ${now - FEEDBACK_REQUEST_UNTIL_MS}
      AND EXISTS (SELECT 1 FROM ${eventParticipants} AS "p" WHERE "p"."event_id" = "e"."id" AND "p"."checked_in_at" IS NOT NULL)
      AND NOT EXISTS (SELECT 1 FROM ${eventFeedbackRequests} AS "r" WHERE "r"."event_id" = "e"."id")
    ORDER BY "e"."ends_at"
    LIMIT ${EVENTS_PER_RUN}
    ON CONFLICT DO NOTHING
    RETURNING event_id`);
  for (const { event_id } of claimed) await notify(deps, null, { kind: 'event_feedback', eventId: event_id });
  return { requested: claimed.length };
}

export const feedbackRequestsJob: ScheduledJob = { name: 'event-feedback-requests', run: requestDueFeedback };
