import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { columnRef } from '../../db/column-ref';
import { eventParticipants, eventWaitlist, events } from '../../db/schema/events';
import { users } from '../../db/schema/users';
import type { Deps } from '../../platform/deps';
import type { MemberActor } from '../../platform/actor';
import { describeError } from '../../platform/log-redaction';
import { memberPhotoSql } from '../members/member-refs';
import { emailMembersPerEvent, type EventMember } from './event-mail';
import { waitlistPlaceEmail } from './emails/waitlist-place';
import { notify } from '../notifications/record';

/*
 * DECISIONS "Events, grown up": an event may have a capacity; when it is full, Join puts the
 * member on the waitlist, in order, and a place that opens (a participant leaves or is deleted,
 * the capacity rises or goes) moves the first waiting members over. D1 has no interactive
 * transactions, so every rule here is a condition inside the statement that writes: a statement
 * of a batch sees the rows of the statements before it and nothing else runs in between, so two
 * members racing for the last place, or two promotions at once, can never pass the capacity.
 */

/** A member moved from the waitlist to the participants. */
export type Promotion = EventMember;

/** Members waiting for the events `which` allows, first waiting first (event_waitlist_event_idx). */
export function waitlistOf(deps: Deps, which: SQL, viewer: MemberActor) {
  return deps.db
    .select({ eventId: eventWaitlist.eventId, user_id: users.id, name: users.name, photoKey: memberPhotoSql(viewer, users.id) })
    .from(eventWaitlist)
    .innerJoin(users, eq(users.id, eventWaitlist.userId))
    .where(which)
    .orderBy(asc(eventWaitlist.eventId), asc(eventWaitlist.id));
}

/**
 * The member's place (1: next in line) on the waitlist of the outer query's event; 0 when she is
 * not waiting. Two index searches: her row by event_waitlist_member_idx, those ahead of her (and
 * herself) by event_waitlist_event_idx.
 */
export function waitlistPlaceSql(userId: number, eventId: SQL = columnRef(events.id)): SQL<number> {
  return sql<number>`(SELECT count(*) FROM ${eventWaitlist} AS "queued"
    JOIN ${eventWaitlist} AS "mine" ON "mine"."event_id" = "queued"."event_id" AND "mine"."user_id" = ${userId}
    WHERE "queued"."event_id" = ${eventId} AND "queued"."id" <= "mine"."id")`;
}

/*
 * The writes below are Drizzle builders over SQL text (insert(...).select(sql`...`), so they can
 * go in a db.batch (a raw db.all with parameters cannot). An INSERT's SELECT lists every column
 * of the table in its order.
 */

/**
 * Takes a place at the event for the member only while one is free and nobody is waiting (a
 * newcomer never passes the queue). Returns her row when she got the place; nothing when the
 * event is full, someone waits, or she already takes part.
 */
function takePlaceIfFree(deps: Deps, eventId: number, userId: number, now: number) {
  return deps.db
    .insert(eventParticipants)
    .select(
      sql`SELECT "e"."id", ${userId}, ${now}, NULL, 0 FROM ${events} AS "e"
      WHERE "e"."id" = ${eventId}
        AND ("e"."capacity" IS NULL
          OR (SELECT count(*) FROM ${eventParticipants} AS "p" WHERE "p"."event_id" = "e"."id") < "e"."capacity")
        AND NOT EXISTS (SELECT 1 FROM ${eventWaitlist} AS "w" WHERE "w"."event_id" = "e"."id")`,
    )
    .onConflictDoNothing()
    .returning({ user_id: eventParticipants.userId });
}

/** Queues the member unless she takes part (or waits) already. */
function joinQueueUnlessIn(deps: Deps, eventId: number, userId: number, now: number) {
  return deps.db
    .insert(eventWaitlist)
    .select(
      sql`SELECT NULL, "e"."id", ${userId}, ${now} FROM ${events} AS "e"
      WHERE "e"."id" = ${eventId}
        AND NOT EXISTS (SELECT 1 FROM ${eventParticipants} AS "p" WHERE "p"."event_id" = "e"."id" AND "p"."user_id" = ${userId})`,
    )
    .onConflictDoNothing();
}

/**
 * The two statements that fill the free places of the events (ids) from their waitlists, to put
 * at the end of the batch that freed them. The first moves, per event, the first waiting members
 * into the places left under the capacity (all of them when there is no limit) and returns who
 * moved; SQLite reads an INSERT's SELECT whole before writing when it reads the table written,
 * so the count of participants is the one before the statement. The second forgets the moved
 * members' waitlist rows. The ids go in as one JSON parameter, however many.
 */
export function fillFreePlaces(deps: Deps, eventIds: number[], now: number) {
  const ids = JSON.stringify(eventIds);
  return [
    deps.db
      .insert(eventParticipants)
      .select(
        sql`SELECT "queue"."event_id", "queue"."user_id", ${now}, NULL, 0
        FROM (SELECT "w"."event_id", "w"."user_id",
                row_number() OVER (PARTITION BY "w"."event_id" ORDER BY "w"."id") AS "position"
              FROM ${eventWaitlist} AS "w" WHERE "w"."event_id" IN (SELECT value FROM json_each(${ids}))) AS "queue"
        JOIN ${events} AS "e" ON "e"."id" = "queue"."event_id"
        WHERE "e"."capacity" IS NULL
          OR "queue"."position" <= "e"."capacity" - (SELECT count(*) FROM ${eventParticipants} AS "p" WHERE "p"."event_id" = "queue"."event_id")`,
      )
      .onConflictDoNothing()
      .returning({ event_id: eventParticipants.eventId, user_id: eventParticipants.userId }),
    deps.db.delete(eventWaitlist).where(
      sql`${eventWaitlist.eventId} IN (SELECT value FROM json_each(${ids}))
        AND EXISTS (SELECT 1 FROM ${eventParticipants} AS "p"
          WHERE "p"."event_id" = ${eventWaitlist.eventId} AND "p"."user_id" = ${eventWaitlist.userId})`,
    ),
  ] as const;
}

/** The capacity (null: no limit) leaves room for the participants the event has now. */
export function capacityFitsSql(eventId: number, capacity: number | null): SQL {
  if (capacity === null) return sql`1`;
  return sql`(SELECT count(*) FROM ${eventParticipants} AS "p" WHERE "p"."event_id" = ${eventId}) <= ${capacity}`;
}

/** How many members take part in the event. */
export async function participantCount(deps: Deps, eventId: number): Promise<number> {
  const [row] = await deps.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(eventParticipants)
    .where(eq(eventParticipants.eventId, eventId));
  return row?.n ?? 0;
}

/** The refusal of a capacity under the participants already in. */
export function capacityBelowCountMessage(count: number): string {
  return `This event already has ${count} participant${count === 1 ? '' : 's'}: the capacity cannot be lower than that. Raise it, or leave it empty for no limit.`;
}

/** Where the member stands after a batch: taking part, or waiting at `place` (0: neither). */
function standingOf(deps: Deps, eventId: number, userId: number) {
  return deps.db
    .select({
      joined:
        sql<number>`EXISTS (SELECT 1 FROM ${eventParticipants} AS "p" WHERE "p"."event_id" = ${eventId} AND "p"."user_id" = ${userId})`.mapWith(
          Boolean,
        ),
      place: waitlistPlaceSql(userId, sql`${eventId}`).mapWith(Number),
    })
    .from(sql`(SELECT 1)`);
}

/**
 * The batch of a Join: a place if one is free (and nobody waits), else the waitlist; then the
 * free places are filled in order (healing any left open) and the member's standing is read.
 * `alsoWrite` (an invitation used up) goes in the same batch.
 */
export async function joinOrWait(deps: Deps, eventId: number, userId: number, alsoWrite: BatchItem<'sqlite'>[] = []) {
  const now = deps.now();
  const [promote, forget] = fillFreePlaces(deps, [eventId], now);
  const results = await deps.db.batch([
    takePlaceIfFree(deps, eventId, userId, now),
    joinQueueUnlessIn(deps, eventId, userId, now),
    promote,
    forget,
    standingOf(deps, eventId, userId),
    ...alsoWrite,
  ]);
  const [took, , promoted, , standing] = results;
  const joined = standing[0]?.joined ?? false;
  return {
    took: took.length > 0 || promoted.some((p) => p.user_id === userId),
    joined,
    place: joined ? null : standing[0]?.place || null,
    promoted: promoted.filter((p) => p.user_id !== userId),
    /** The results of `alsoWrite`, in order. */
    also: results.slice(5) as unknown[],
  };
}

/**
 * Emails each promoted member that the place is hers (one message per event, each greeted by
 * name). Never throws: the places are taken already, and a mail failure is recorded by the queue
 * path (Sent mail offers Retry) or logged.
 */
export async function notifyPromoted(deps: Deps, promoted: Promotion[]): Promise<void> {
  if (promoted.length > 0) await notify(deps, null, { kind: 'waitlist_place', places: promoted });
  try {
    await emailMembersPerEvent(deps, promoted, {
      kind: 'event_waitlist_place',
      build: (event, link) => waitlistPlaceEmail({ event, link }),
    });
  } catch (err) {
    console.error('waitlist: could not email the promoted members', { promoted: promoted.length, error: describeError(err) });
  }
}
