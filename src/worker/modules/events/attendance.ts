import { sql, type SQL } from 'drizzle-orm';
import { NO_SHOW_NOTE_AT } from '../../../shared/schemas/check-in';
import { eventParticipants, events } from '../../db/schema/events';
import type { Deps } from '../../platform/deps';

/*
 * Issue 43, who came: a participant checked in at the door came; one who was not, at an event
 * that is over and where the door took attendance (someone was checked in), is a no-show. An
 * event where nobody checked anyone in says nothing about anyone.
 */

export const NO_SHOW_WINDOW_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * How many no-shows the member (an SQL id) has in the 12 months before `now`: her participations
 * (event_participants_user_idx), their events by primary key, and one seek of
 * event_participants_checked_in_idx each for whether the event took attendance.
 */
export function noShowCountSql(memberId: SQL, now: number): SQL<number> {
  return sql<number>`(SELECT count(*) FROM ${eventParticipants} AS "ns_p" JOIN ${events} AS "ns_e" ON "ns_e"."id" = "ns_p"."event_id"
    WHERE "ns_p"."user_id" = ${memberId} AND "ns_p"."checked_in_at" IS NULL
      AND "ns_e"."ends_at" < ${now} AND "ns_e"."ends_at" >= ${now - NO_SHOW_WINDOW_MS}
      AND EXISTS (SELECT 1 FROM ${eventParticipants} AS "ns_came" WHERE "ns_came"."event_id" = "ns_p"."event_id" AND "ns_came"."checked_in_at" IS NOT NULL))`;
}

/** The gentle note (no penalty) for a member with NO_SHOW_NOTE_AT no-shows or more, or null. */
export function noShowNote(count: number): string | null {
  if (count < NO_SHOW_NOTE_AT) return null;
  return `A gentle note: you did not come to ${count} events you had joined in the last 12 months. If your plans change, leaving an event in time gives your place to the next member waiting.`;
}

/** The note for the member now (one statement), or null. */
export async function noShowNoteFor(deps: Deps, memberId: number): Promise<string | null> {
  const [row] = await deps.db.select({ n: noShowCountSql(sql`${memberId}`, deps.now()).mapWith(Number) }).from(sql`(SELECT 1)`);
  return noShowNote(row?.n ?? 0);
}
