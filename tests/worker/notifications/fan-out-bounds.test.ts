// Issue 23 "Scale": the request records one row whatever the audience; the consumer writes the
// notifications of 1,200 participants in a handful of bounded statements, never one per member.
import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../../src/worker/db/schema/notifications';
import { createComment } from '../../../src/worker/modules/comments/comments';
import { processNotificationNews, RECIPIENTS_PER_STATEMENT } from '../../../src/worker/modules/notifications/fan-out';
import { countingDeps } from '../../../src/worker/platform/d1-round-trips';
import { actorOf, createUser, deps, insertEvent, unique } from '../helpers';
import { depsAt, insertCrowd } from './notification-helpers';

const PARTICIPANTS = 1200;

/** Members inserted in bulk (no sessions) and joined to the event: the audience. */
async function crowdAt(eventId: number, n: number): Promise<void> {
  const tag = unique('crowd');
  const now = Date.now();
  await env.DB.batch([
    insertCrowd(tag, n, now),
    env.DB.prepare(`INSERT INTO event_participants (event_id, user_id, joined_at) SELECT ?1, id, ?2 FROM users WHERE email LIKE ?3`).bind(
      eventId,
      now,
      `${tag}-%`,
    ),
  ]);
}

describe('fan-out bounds', () => {
  it(`a comment under an event with ${PARTICIPANTS} participants: one more row for the request, a handful of statements for the consumer`, async () => {
    const host = await createUser({ type: 'Founding' });
    const author = await createUser();
    const big = await insertEvent({ createdBy: host.id });
    const empty = await insertEvent({ createdBy: author.id });
    await crowdAt(big.id, PARTICIPANTS);

    // The request: the same round trips whether the event has no audience or 1,200 people.
    const trips = async (eventId: number) => {
      const d = depsAt(Date.now());
      const counted = countingDeps(d);
      await createComment(counted.deps, actorOf(author), { content: 'Hello all', commentableId: `event-${eventId}` });
      return counted.roundTrips();
    };
    const quiet = await trips(empty.id);
    const loud = await trips(big.id);
    expect(loud).toBe(quiet);

    // The consumer: slices of RECIPIENTS_PER_STATEMENT, then one batch; no statement per member.
    const counted = countingDeps(depsAt(Date.now()));
    const result = await processNotificationNews(counted.deps);
    expect(result.news).toBeGreaterThanOrEqual(1);
    const slices = Math.ceil((PARTICIPANTS + 1) / RECIPIENTS_PER_STATEMENT);
    expect(counted.roundTrips()).toBeLessThanOrEqual(slices + 8);

    const [reached] = await deps()
      .db.select({ n: sql<number>`count(*)` })
      .from(notifications)
      .where(sql`${notifications.lastEventId} IN (SELECT max(id) FROM notification_events) AND ${notifications.readAt} IS NULL`);
    expect(Number(reached!.n)).toBe(PARTICIPANTS + 1); // the crowd and the host
  });
});
