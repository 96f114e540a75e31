import { sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { eventParticipants, eventWaitlist, events } from '../../db/schema/events';
import { notificationEvents } from '../../db/schema/notifications';
import type { Deps } from '../../platform/deps';
import { describeError } from '../../platform/log-redaction';
import { changeFlags, type EventChange } from './notification-text';

/*
 * What other modules call (one line each, after their own write): the request records what
 * happened, one notification_events row, and wakes the notifications queue; its consumer
 * (fan-out.ts) finds the recipients and writes their notifications off the request. Recording
 * never fails the caller's request: a failure is logged, and a row the queue never heard of is
 * picked up by the housekeeping.
 */

export type StayStep = 'requested' | 'accepted' | 'declined' | 'cancelled';

/** What happened, per kind (the fan-out reads the rest from D1 when it runs). */
export type NotificationNews =
  | { kind: 'comment'; commentId: number }
  | { kind: 'like'; commentId: number }
  | { kind: 'event_changed'; eventId: number; changes: EventChange[] }
  | { kind: 'waitlist_place'; places: { event_id: number; user_id: number }[] }
  | { kind: 'stay'; stayId: number; step: StayStep; recipientIds: number[] }
  | { kind: 'application'; applicationId: number }
  | { kind: 'new_event'; eventId: number }
  | { kind: 'message'; messageId: number }
  | { kind: 'circle_post'; postId: number }
  | { kind: 'circle_request'; circleId: number }
  | { kind: 'circle_accepted'; circleId: number; memberId: number }
  | { kind: 'event_feedback'; eventId: number }
  | { kind: 'event_join_request' | 'event_join_answer'; requestId: number };

/** The row(s) of one piece of news: a waitlist promotion spanning events is one row per event. */
function rowsOf(news: NotificationNews): { kind: NotificationNews['kind']; data: Record<string, unknown> }[] {
  switch (news.kind) {
    case 'waitlist_place': {
      const byEvent = new Map<number, number[]>();
      for (const p of news.places) byEvent.set(p.event_id, [...(byEvent.get(p.event_id) ?? []), p.user_id]);
      return [...byEvent].map(([eventId, userIds]) => ({ kind: news.kind, data: { eventId, userIds } }));
    }
    case 'event_changed':
      return news.changes.length ? [{ kind: news.kind, data: { eventId: news.eventId, flags: changeFlags(news.changes) } }] : [];
    case 'stay':
      return news.recipientIds.length
        ? [{ kind: news.kind, data: { stayId: news.stayId, step: news.step, recipientIds: news.recipientIds } }]
        : [];
    default: {
      const { kind, ...data } = news;
      return [{ kind, data }];
    }
  }
}

/** Wakes the consumer; if the queue refuses, the housekeeping's next run takes the rows instead. */
export async function wakeNotifications(deps: Deps): Promise<void> {
  try {
    await deps.env.NOTIFY_QUEUE.send({ type: 'fan-out' }, { contentType: 'json' });
  } catch (err) {
    console.error('notifications: could not wake the queue', { error: describeError(err) });
  }
}

/**
 * Records news for the fan-out: `actorId` is who did it (never told about her own action), null
 * when nobody did. Never throws.
 */
export async function notify(deps: Deps, actorId: number | null, news: NotificationNews): Promise<void> {
  const rows = rowsOf(news);
  if (rows.length === 0) return;
  try {
    const now = deps.now();
    await deps.db.insert(notificationEvents).values(rows.map((r) => ({ kind: r.kind, actorId, data: r.data, createdAt: now })));
  } catch (err) {
    console.error('notifications: could not record', { kind: news.kind, error: describeError(err) });
    return;
  }
  await wakeNotifications(deps);
}

/**
 * An event's deletion, to put in the batch that deletes it (before the delete): the row keeps the
 * title and who took part or waited, which go with the event. Then wakeNotifications.
 */
export function eventDeletedNews(deps: Deps, actorId: number, eventId: number): BatchItem<'sqlite'> {
  return deps.db.insert(notificationEvents).select(
    sql`SELECT NULL, 'event_changed', ${actorId},
      json_object('eventId', "e"."id", 'deleted', 1, 'title', "e"."title", 'recipients', (
        SELECT json_group_array("m"."user_id") FROM (
          SELECT "p"."user_id" FROM ${eventParticipants} AS "p" WHERE "p"."event_id" = "e"."id"
          UNION SELECT "w"."user_id" FROM ${eventWaitlist} AS "w" WHERE "w"."event_id" = "e"."id") AS "m")),
      ${deps.now()}, NULL, NULL
    FROM ${events} AS "e" WHERE "e"."id" = ${eventId}`,
  );
}

/**
 * News recorded in the caller's own batch, only while `condition` (SQL) holds, its data a JSON
 * object built in SQL (a message's id, known only inside the batch that writes it). Then
 * wakeNotifications.
 */
export function newsIf(deps: Deps, actorId: number, kind: NotificationNews['kind'], data: SQL, condition: SQL): BatchItem<'sqlite'> {
  return deps.db
    .insert(notificationEvents)
    .select(sql`SELECT NULL, ${kind}, ${actorId}, ${data}, ${deps.now()}, NULL, NULL WHERE ${condition}`);
}
