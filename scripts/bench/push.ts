// Bench section (issue 40 "Speed"): a change to an event with 2,000 participants, each with a
// device that turned push on, reaches the push service for every one of them within 10 seconds,
// through the notifications queue in bounded slices (modules/push/send.ts: PUSH_MEMBERS_PER_SLICE
// recipients a queue message). The push service is the local one the worker tests use
// (web-push-testing, started here): it checks each push's VAPID signature and decrypts it, so what
// is counted arrived as a device would receive it.
import { createHash, randomBytes } from 'node:crypto';
import { pushServiceClient, startPushService, type TestPushSubscription } from '../lib/push-service';
import { round, type BenchContext, type BenchRow } from './context';

const MEMBERS = 2000;
const SLUG = 'bench-push-crowd';
const TITLE = 'Bench Push Crowd';
const REACH_BUDGET_MS = 10_000;
const PUSH_PORT = Number(process.env.BENCH_PUSH_PORT ?? 8871);

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Her devices' subscriptions from the push service, `concurrency` at a time. */
async function subscribeAll(client: ReturnType<typeof pushServiceClient>, key: string): Promise<TestPushSubscription[]> {
  const subs: TestPushSubscription[] = [];
  for (let i = 0; i < MEMBERS; i += 50) {
    const batch = Array.from({ length: Math.min(50, MEMBERS - i) }, () => client.subscribe(key));
    subs.push(...(await Promise.all(batch)));
  }
  return subs;
}

/** 2,000 members, each with a session and the device subscribed in it, all taking part in one event. */
function seed(ctx: BenchContext, subs: TestPushSubscription[]) {
  const now = Date.now();
  const lines = [
    `INSERT OR IGNORE INTO users (email, name, type, is_admin, password_hash, must_change_password, created_at, updated_at)
     WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${MEMBERS})
     SELECT 'bench-push-' || n || '@bench.example', 'Push Member ' || n, 'Standard', 0, 'x', 0, ${now}, ${now} FROM seq;`,
    `INSERT OR IGNORE INTO events (slug, title, type, exclusivity, description, color, event_date, start_time, end_time, time_zone, starts_at, ends_at, is_physical, created_by, created_at, updated_at) VALUES (${q(SLUG)}, ${q(TITLE)}, 'entertainment', 'open', 'Push bench', '#d3d3d3', '2030-01-01', '18:00', '21:00', 'UTC', ${now}, ${now + 3 * 3_600_000}, 1, (SELECT id FROM users ORDER BY id LIMIT 1), ${now}, ${now});`,
    `INSERT OR IGNORE INTO event_participants (event_id, user_id, joined_at) SELECT (SELECT id FROM events WHERE slug = ${q(SLUG)}), id, ${now} FROM users WHERE email LIKE 'bench-push-%';`,
  ];
  subs.forEach((sub, i) => {
    const email = q(`bench-push-${i + 1}@bench.example`);
    const session = createHash('sha256').update(randomBytes(32)).digest('hex');
    lines.push(
      `INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at) SELECT '${session}', id, ${now}, ${now}, ${now + 86_400_000} FROM users WHERE email = ${email};`,
      `INSERT INTO push_subscriptions (user_id, session_id, endpoint, p256dh, auth, user_agent, created_at, updated_at) SELECT id, '${session}', ${q(sub.endpoint)}, ${q(sub.keys.p256dh)}, ${q(sub.keys.auth)}, 'Bench device', ${now}, ${now} FROM users WHERE email = ${email};`,
    );
  });
  ctx.sql(lines.join('\n'));
}

async function eventId(ctx: BenchContext): Promise<number> {
  const found = (await (
    await fetch(`${ctx.baseUrl}/api/events?search=${encodeURIComponent(TITLE)}`, { headers: { Cookie: ctx.adminCookie } })
  ).json()) as { id: number; slug: string }[];
  const event = found.find((e) => e.slug === SLUG);
  if (!event) throw new Error('the push bench event was not seeded');
  return event.id;
}

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const service = await startPushService(PUSH_PORT);
  try {
    const client = pushServiceClient(service.origin);
    const { public_key } = (await (await fetch(`${ctx.baseUrl}/api/push/key`, { headers: { Cookie: ctx.adminCookie } })).json()) as {
      public_key: string;
    };
    seed(ctx, await subscribeAll(client, public_key));
    const id = await eventId(ctx);

    // The host moves the start: event_changed, pushed by default, to every participant's device.
    const before = service.received();
    const t0 = performance.now();
    const res = await fetch(`${ctx.baseUrl}/api/events/${id}`, {
      method: 'PUT',
      headers: { Cookie: ctx.adminCookie, Origin: ctx.baseUrl, 'Content-Type': 'application/json' },
      body: JSON.stringify({ start_time: '19:00' }),
    });
    if (!res.ok) throw new Error(`PUT /api/events/${id} answered ${res.status}`);
    const requestMs = round(performance.now() - t0, 0);
    let reachMs = NaN;
    while (performance.now() - t0 < 60_000) {
      if (process.env.BENCH_PUSH_TRACE)
        console.error(`push bench: ${round(performance.now() - t0, 0)} ms, ${service.received() - before} arrived`);
      if (service.received() - before >= MEMBERS) {
        reachMs = round(performance.now() - t0, 0);
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const arrived = service.received() - before;

    return [
      {
        name: `Event change, ${MEMBERS} participants with push on: the last push at the push service after`,
        value: reachMs,
        unit: 'ms',
        budget: `<= ${REACH_BUDGET_MS} ms`,
        ok: reachMs <= REACH_BUDGET_MS,
      },
      {
        name: `Pushes that reached the push service, decrypted (of ${MEMBERS})`,
        value: arrived,
        unit: 'count',
        budget: `= ${MEMBERS}`,
        ok: arrived === MEMBERS,
      },
      { name: `PUT /api/events/{id} with ${MEMBERS} participants to push (the request)`, value: requestMs, unit: 'ms' },
    ];
  } finally {
    await service.close();
  }
}
