import { sql } from 'drizzle-orm';
import { eventParticipants, eventReminders, events } from '../../db/schema/events';
import type { Deps } from '../../platform/deps';
import { receivesClubNewsSql, todayOf } from '../membership/terms';
import type { ScheduledJob } from '../../platform/scheduled-job';
import { eventReminderEmail } from './emails/event-reminder';
import { emailMembersPerEvent, type EventMember } from './event-mail';

/**
 * How long before the start a reminder is due: 24 hours of elapsed time before events.starts_at,
 * the UTC instant the event's local date and time make under its zone's rules (a daylight-saving
 * change in between is already in it), whatever zone the server or the member is in.
 */
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;
/** Reminders claimed per statement, and statements per run: a pile-up drains over a few runs. */
const CLAIMS_PER_STEP = 500;
const STEPS_PER_RUN = 4;

/**
 * Records the reminders that are due and not yet recorded, and answers them: participants of an
 * event starting within the next 24 hours, who had joined by the time it was due (24 hours
 * before the start), of an event created at least that long before it starts, and whose membership
 * has not lapsed (one renewed in time still gets hers). One statement that
 * writes only absent rows and returns what it wrote: two overlapping runs (a late cron and the
 * next) each get their own members, never the same one. A reminder is recorded before its email
 * is queued, so it is sent at most once (a message that then fails to queue stays failed in
 * Sent mail, where an admin can retry it). Served by events_starts_idx and primary keys.
 */
function claimDueReminders(deps: Deps, now: number, limit: number) {
  return deps.db.all<EventMember>(sql`
    INSERT INTO ${eventReminders} (event_id, user_id, sent_at)
    SELECT "p"."event_id", "p"."user_id", ${now}
    FROM ${events} AS "e" JOIN ${eventParticipants} AS "p" ON "p"."event_id" = "e"."id"
    WHERE "e"."starts_at" > ${now} AND "e"."starts_at" <= ${now + REMINDER_LEAD_MS}
      AND "e"."created_at" <= "e"."starts_at" - ${REMINDER_LEAD_MS}
      AND "p"."joined_at" <= "e"."starts_at" - ${REMINDER_LEAD_MS}
      AND NOT EXISTS (SELECT 1 FROM ${eventReminders} AS "r" WHERE "r"."event_id" = "p"."event_id" AND "r"."user_id" = "p"."user_id")
      AND ${receivesClubNewsSql(sql`"p"."user_id"`, todayOf(deps))}
    ORDER BY "e"."starts_at"
    LIMIT ${limit}
    ON CONFLICT DO NOTHING
    RETURNING event_id, user_id`);
}

/** One run: claims and sends in steps of 500 while more are due, at most four steps. */
export async function sendDueReminders(deps: Deps): Promise<Record<string, number>> {
  const now = deps.now();
  const totals = { sent: 0, skipped: 0, failed: 0 };
  for (let step = 0; step < STEPS_PER_RUN; step++) {
    const claims = await claimDueReminders(deps, now, CLAIMS_PER_STEP);
    if (claims.length === 0) break;
    // Members who turned event reminders off are recorded as skipped (Sent mail shows it), never sent.
    const counts = await emailMembersPerEvent(deps, claims, {
      kind: 'event_reminder',
      build: (event, link) => eventReminderEmail({ event, link }),
      optedOutOf: 'reminders',
    });
    totals.sent += counts.sent;
    totals.skipped += counts.skipped;
    totals.failed += counts.failed;
    if (claims.length < CLAIMS_PER_STEP) break;
  }
  return totals;
}

/** DECISIONS "Events, grown up": one reminder email 24 hours before the start, never twice. */
export const eventRemindersJob: ScheduledJob = { name: 'event-reminders', run: sendDueReminders };
