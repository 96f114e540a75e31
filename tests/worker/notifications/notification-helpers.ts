import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { eventParticipants } from '../../../src/worker/db/schema/events';
import { notifications } from '../../../src/worker/db/schema/notifications';
import type { Deps } from '../../../src/worker/platform/deps';
import type { Env } from '../../../src/worker/platform/env';
import { createDeps } from '../../../src/worker/platform/deps';
import { pendingNewsCount, processNotificationNews } from '../../../src/worker/modules/notifications/fan-out';
import { deps, request, type TestUser } from '../helpers';

/**
 * Runs the fan-out of everything recorded until no news is left. The notifications queue's own
 * consumer may be running it at the same time (the test Worker consumes its queues too): claims
 * keep the two apart, and this waits for the news the consumer holds.
 */
export async function settleNotifications(d: Deps = deps()): Promise<void> {
  for (let i = 0; i < 200; i++) {
    await processNotificationNews(d);
    if ((await pendingNewsCount(d)) === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('notification news still waiting after 10 s');
}

/**
 * Deps whose clock reads `at` (the fan-out, the emails and the digest act as of then) and whose
 * notifications queue is a recorder: news recorded with them is never taken by the queue's real
 * consumer (at the real time), only by what the test runs with them.
 */
export function depsAt(at: number): Deps & { woken: unknown[] } {
  const { queue, sent: woken } = recordingQueue();
  const d = createDeps({ ...env, NOTIFY_QUEUE: queue });
  d.now = () => at;
  return Object.assign(d, { woken });
}

/** A notifications queue that records what it is sent instead of delivering it. */
export function recordingQueue(): { queue: Env['NOTIFY_QUEUE']; sent: unknown[] } {
  const sent: unknown[] = [];
  const queue = {
    send: async (body: unknown) => void sent.push(body),
    sendBatch: async (bodies: { body: unknown }[]) => void sent.push(...bodies.map((b) => b.body)),
  } as unknown as Env['NOTIFY_QUEUE'];
  return { queue, sent };
}

/** Her list as REST answers it. */
export async function listOf(
  u: TestUser,
  query = '',
): Promise<
  {
    id: number;
    kind: string;
    text: string;
    url: string;
    count: number;
    read_at: string | null;
    actors: { id: number | null; name: string; photo_url: string | null }[];
  }[]
> {
  const res = await request(`/api/notifications${query}`, { as: u });
  if (res.status !== 200) throw new Error(`GET /api/notifications answered ${res.status}`);
  return res.json();
}

export async function unreadOf(u: TestUser): Promise<number> {
  const res = await request('/api/notifications/unread-count', { as: u });
  return ((await res.json()) as { count: number }).count;
}

/** Every notification row of a member (any state), oldest first. */
export async function rowsOf(userId: number) {
  return deps()
    .db.select()
    .from(notifications)
    .where(sql`${notifications.userId} = ${userId}`)
    .orderBy(notifications.id);
}

/** Members take part in an event (rows written directly). */
export async function join(eventId: number, ...members: { id: number }[]) {
  if (members.length === 0) return;
  await deps()
    .db.insert(eventParticipants)
    .values(members.map((m) => ({ eventId, userId: m.id })));
}

/** `n` members inserted in one statement (no sessions), their emails `${tag}-1@crowd.example` on. */
export function insertCrowd(tag: string, n: number, now = Date.now()): D1PreparedStatement {
  return env.DB.prepare(
    `INSERT INTO users (email, name, type, is_admin, password_hash, must_change_password, created_at, updated_at)
     WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ?1)
     SELECT ?2 || '-' || n || '@crowd.example', 'Crowd ' || n, 'Standard', 0, 'x', 0, ?3, ?3 FROM seq`,
  ).bind(n, tag, now);
}
