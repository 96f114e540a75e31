// Issue 40 "Speed": a crowd's pushes are planned in bounded slices, every slice queued at once and
// each member in exactly one; the consumer queues them before the instant emails, which follow.
import { createExecutionContext, createMessageBatch, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { handleNotificationBatch } from '../../../src/worker/modules/notifications/consumer';
import { notify } from '../../../src/worker/modules/notifications/record';
import { planPushSlices, PUSH_MEMBERS_PER_SLICE, readPushSlice } from '../../../src/worker/modules/push/send';
import type { Env } from '../../../src/worker/platform/env';
import type { NotificationJob } from '../../../src/worker/platform/notification-job';
import { createUser, deps, insertEvent, mailTo, unique } from '../helpers';
import { depsAt, insertCrowd, join, recordingQueue } from '../notifications/notification-helpers';

const CROWD = 2 * PUSH_MEMBERS_PER_SLICE + 50;

/**
 * `n` members, each with a device and an unread entry about piece of news `news` (written straight
 * to D1): the audience of its pushes. Answers their ids in order.
 */
async function crowdWithDevices(news: number, n: number): Promise<number[]> {
  const tag = unique('push-crowd');
  const now = Date.now();
  const ofCrowd = `SELECT id FROM users WHERE email LIKE '${tag}-%'`;
  await env.DB.batch([
    insertCrowd(tag, n, now),
    env.DB.prepare(
      `INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at) SELECT ?1 || id, id, ?2, ?2, ?2 + 86400000 FROM (${ofCrowd})`,
    ).bind(tag, now),
    env.DB.prepare(
      `INSERT INTO push_subscriptions (user_id, session_id, endpoint, p256dh, auth, user_agent, created_at, updated_at)
       SELECT id, ?1 || id, 'https://push.example/' || ?1 || '/' || id, 'key', 'auth', 'Test device', ?2, ?2 FROM (${ofCrowd})`,
    ).bind(tag, now),
    env.DB.prepare(
      `INSERT INTO notifications (user_id, kind, target, url, subject, created_at, last_event_id)
       SELECT id, 'event_changed', 'event:1', '/events/1', 'Crowd walk', ?1, ?2 FROM (${ofCrowd})`,
    ).bind(now, news),
  ]);
  const rows = await env.DB.prepare(`${ofCrowd} ORDER BY id`).all<{ id: number }>();
  return rows.results.map((r) => r.id);
}

describe('push slices', () => {
  it(`${CROWD} members: slices of ${PUSH_MEMBERS_PER_SLICE} planned at once, each member in exactly one, whatever changes meanwhile`, async () => {
    const news = 900_000_000 + Math.floor(Math.random() * 1_000_000);
    const crowd = await crowdWithDevices(news, CROWD);
    // Not pushed: she read it, she turned the kind off, she has no device.
    const [read, off, deviceless] = crowd.slice(-3);
    await env.DB.batch([
      env.DB.prepare('UPDATE notifications SET read_at = 1 WHERE user_id = ? AND last_event_id = ?').bind(read, news),
      env.DB.prepare(`INSERT INTO push_preferences (user_id, kind, enabled, updated_at) VALUES (?, 'event_changed', 0, 1)`).bind(off),
      env.DB.prepare('DELETE FROM push_subscriptions WHERE user_id = ?').bind(deviceless),
    ]);
    const pushed = crowd.slice(0, -3);

    const slices = await planPushSlices(deps(), news);
    expect(slices).toEqual([
      { news, after: 0, until: pushed[PUSH_MEMBERS_PER_SLICE - 1] },
      { news, after: pushed[PUSH_MEMBERS_PER_SLICE - 1], until: pushed[2 * PUSH_MEMBERS_PER_SLICE - 1] },
      { news, after: pushed[2 * PUSH_MEMBERS_PER_SLICE - 1], until: pushed.at(-1) },
    ]);

    // A member of the first slice reads hers after the plan: the next slice still ends where planned.
    await env.DB.prepare('UPDATE notifications SET read_at = 1 WHERE user_id = ? AND last_event_id = ?').bind(pushed[0], news).run();
    const reached: number[] = [];
    for (const slice of slices) {
      const deliveries = await readPushSlice(deps(), slice);
      expect(deliveries.length).toBeLessThanOrEqual(PUSH_MEMBERS_PER_SLICE);
      reached.push(...deliveries.map((d) => Number(d.endpoint.split('/').at(-1))));
    }
    expect(reached).toEqual(pushed.slice(1));
  });

  it('the consumer queues the pushes first; the instant emails follow as the next message', async () => {
    const host = await createUser({ type: 'Founding' });
    const guest = await createUser();
    const ev = await insertEvent({ createdBy: host.id, title: 'Pushed walk' });
    await join(ev.id, guest);
    await env.DB.prepare(
      `INSERT INTO push_subscriptions (user_id, session_id, endpoint, p256dh, auth, user_agent, created_at, updated_at)
       SELECT user_id, id, 'https://push.example/' || id, 'key', 'auth', 'Test device', 1, 1 FROM sessions WHERE user_id = ? LIMIT 1`,
    )
      .bind(guest.id)
      .run();
    await notify(depsAt(Date.now()), host.id, { kind: 'event_changed', eventId: ev.id, changes: ['time'] });

    const notifyQueue = recordingQueue();
    const run = async (body: NotificationJob) => {
      const batch = createMessageBatch<NotificationJob>('owow-club-notifications', [
        { id: unique('job'), timestamp: new Date(), attempts: 1, body },
      ]);
      const ctx = createExecutionContext();
      await handleNotificationBatch(batch, { ...env, NOTIFY_QUEUE: notifyQueue.queue } as Env, ctx);
      await waitOnExecutionContext(ctx);
    };
    await run({ type: 'fan-out' });
    expect(notifyQueue.sent).toEqual([{ type: 'push', news: expect.any(Number), after: 0, until: guest.id }, { type: 'emails' }]);
    expect(await mailTo(guest.email)).toEqual([]);

    await run({ type: 'emails' });
    expect((await mailTo(guest.email)).map((m) => m.kind)).toEqual(['notification_event_changed']);
  });
});
