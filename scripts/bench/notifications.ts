// Bench section (issue 23 "Scale"): a comment on an event with 2,000 participants reaches every
// participant's unread count within 10 seconds, and the request that posts it stays within 1.5x
// of a comment on an event without participants (the two measured interleaved, so both see the
// same machine: the fan-out runs in the notifications queue's consumer, never in the request).
// The fan-out writes its recipients in slices ordered by member id, so the last participant's
// count arriving means every participant's has; the bench then counts them all in D1.
import { createHash, randomBytes } from 'node:crypto';
import { d1Query } from '../lib/wrangler';
import { measureInterleaved, round, type BenchContext, type BenchRow } from './context';

const PARTICIPANTS = 2000;
const CROWD = 'bench-notifications-crowd';
const QUIET = 'bench-notifications-quiet';
const REACH_BUDGET_MS = 10_000;
const MAX_RATIO = 1.5;

/** A session for a member, written straight to D1 (only its SHA-256 is stored, as the app does). */
function sessionSql(token: string, email: string, now: number) {
  const id = createHash('sha256').update(token).digest('hex');
  return `INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at) SELECT '${id}', id, ${now}, ${now}, ${now + 86_400_000} FROM users WHERE email = '${email}';`;
}

function seed(ctx: BenchContext): { lastCookie: string } {
  const now = Date.now();
  const event = (slug: string, title: string) =>
    `INSERT OR IGNORE INTO events (slug, title, type, exclusivity, description, color, event_date, start_time, end_time, time_zone, starts_at, ends_at, is_physical, created_by, created_at, updated_at) VALUES ('${slug}', '${title}', 'entertainment', 'open', 'Notifications bench', '#d3d3d3', '2030-01-01', '18:00', '21:00', 'UTC', ${now}, ${now + 3 * 3_600_000}, 1, (SELECT id FROM users ORDER BY id LIMIT 1), ${now}, ${now});`;
  const token = randomBytes(32).toString('base64url');
  ctx.sql(
    [
      `INSERT OR IGNORE INTO users (email, name, type, is_admin, password_hash, must_change_password, created_at, updated_at)
       WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${PARTICIPANTS})
       SELECT 'bench-crowd-' || n || '@bench.example', 'Crowd Member ' || n, 'Standard', 0, 'x', 0, ${now}, ${now} FROM seq;`,
      event(CROWD, 'Bench Notifications Crowd'),
      event(QUIET, 'Bench Notifications Quiet'),
      `INSERT OR IGNORE INTO event_participants (event_id, user_id, joined_at) SELECT (SELECT id FROM events WHERE slug = '${CROWD}'), id, ${now} FROM users WHERE email LIKE 'bench-crowd-%';`,
      sessionSql(token, `bench-crowd-${PARTICIPANTS}@bench.example`, now),
    ].join('\n'),
  );
  return { lastCookie: `owow_session=${token}` };
}

async function eventId(ctx: BenchContext, slug: string, title: string): Promise<number> {
  const found = (await (
    await fetch(`${ctx.baseUrl}/api/events?search=${encodeURIComponent(title)}`, { headers: { Cookie: ctx.adminCookie } })
  ).json()) as { id: number; slug: string }[];
  const event = found.find((e) => e.slug === slug);
  if (!event) throw new Error(`the bench event ${slug} was not seeded`);
  return event.id;
}

const postComment = (ctx: BenchContext, id: number, content: string) =>
  fetch(`${ctx.baseUrl}/api/comments`, {
    method: 'POST',
    headers: { Cookie: ctx.adminCookie, Origin: ctx.baseUrl, 'Content-Type': 'application/json' },
    body: JSON.stringify({ content, commentableId: `event-${id}` }),
  });

async function unreadOf(ctx: BenchContext, cookie: string): Promise<number> {
  const res = await fetch(`${ctx.baseUrl}/api/notifications/unread-count`, { headers: { Cookie: cookie } });
  return ((await res.json()) as { count: number }).count;
}

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const { lastCookie } = seed(ctx);
  const crowd = await eventId(ctx, CROWD, 'Bench Notifications Crowd');
  const quiet = await eventId(ctx, QUIET, 'Bench Notifications Quiet');

  // Reach: from the POST to the last participant's count (her slice is written last).
  const before = await unreadOf(ctx, lastCookie);
  const t0 = performance.now();
  const posted = await postComment(ctx, crowd, 'Who is bringing dessert?');
  if (posted.status !== 201) throw new Error(`POST /api/comments answered ${posted.status}`);
  let reachMs = NaN;
  while (performance.now() - t0 < 60_000) {
    if ((await unreadOf(ctx, lastCookie)) > before) {
      reachMs = round(performance.now() - t0, 0);
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const [reached] = d1Query<{ n: number }>(
    `SELECT count(*) AS n FROM notifications WHERE kind = 'comment' AND target = 'event:${crowd}' AND read_at IS NULL AND user_id IN (SELECT user_id FROM event_participants WHERE event_id = ${crowd})`,
  );

  // The posting request, with and without 2,000 participants, interleaved. (30 each: the member
  // write limit allows 120 a minute, warm-ups included.)
  const target = (id: number) => ({
    url: `${ctx.baseUrl}/api/comments`,
    method: 'POST',
    cookie: ctx.adminCookie,
    body: JSON.stringify({ content: 'A bench comment, thank you all.', commentableId: `event-${id}` }),
    requests: 30,
    concurrency: 2,
  });
  const [withCrowd, withoutAnyone] = await measureInterleaved([target(crowd), target(quiet)]);
  const ratio = round(withCrowd!.p50 / withoutAnyone!.p50);

  return [
    {
      name: `Comment on an event with ${PARTICIPANTS} participants: every participant's unread count after`,
      value: reachMs,
      unit: 'ms',
      budget: `<= ${REACH_BUDGET_MS} ms`,
      ok: reachMs <= REACH_BUDGET_MS,
    },
    {
      name: `Participants with the comment in their unread count (of ${PARTICIPANTS})`,
      value: Number(reached?.n ?? NaN),
      unit: 'count',
      budget: `= ${PARTICIPANTS}`,
      ok: Number(reached?.n) === PARTICIPANTS,
    },
    { name: `POST /api/comments, event with ${PARTICIPANTS} participants p50`, value: withCrowd!.p50, unit: 'ms' },
    { name: 'POST /api/comments, event without participants p50', value: withoutAnyone!.p50, unit: 'ms' },
    {
      name: `POST /api/comments p50, ${PARTICIPANTS} participants / none`,
      value: ratio,
      unit: 'x',
      budget: `<= ${MAX_RATIO}x`,
      ok: ratio <= MAX_RATIO,
    },
  ];
}
