// Bench section: group mail to 2,000 members. The send must answer in one request with a bounded
// number of D1 round trips (the route reports them in Server-Timing); then the queue consumer
// delivers every email, and we time that too so later sections run on a quiet server.
import type { BenchContext, BenchRow } from './context';
import { round } from './context';

const MEMBERS = 2000;
const SENDS = 3;
const MAX_ROUND_TRIPS = 3;

function seedMembers(ctx: BenchContext) {
  const rows = Array.from(
    { length: MEMBERS },
    (_, i) => `('bench-mail-${i + 1}@bench.example', 'Bench Member ${i + 1}', 'Travel Host', 0, 'x', 0, 0, 0)`,
  );
  const statements: string[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    statements.push(
      `INSERT OR IGNORE INTO users (email, name, type, is_admin, password_hash, must_change_password, created_at, updated_at) VALUES ${rows.slice(i, i + 500).join(',\n')};`,
    );
  }
  ctx.sql(statements.join('\n'));
}

async function send(ctx: BenchContext, n: number) {
  const t0 = performance.now();
  const res = await fetch(`${ctx.baseUrl}/api/admin/send-email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ctx.baseUrl, Cookie: ctx.adminCookie },
    body: JSON.stringify({
      subject: `Bench letter ${n}`,
      body: '<p>Dear {{name}}, this is a bench letter.</p>',
      recipientGroup: 'travel',
      selectedMemberIds: [],
    }),
  });
  const body = (await res.json()) as { message_id: number; recipient_count: number; message?: string };
  const ms = performance.now() - t0;
  if (res.status !== 202) throw new Error(`send-email answered ${res.status}: ${body.message}`);
  const trips = Number(/D1 round trips: (\d+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN);
  return { ms, trips, messageId: body.message_id, recipients: body.recipient_count };
}

/**
 * Waits (up to 5 minutes) while the consumer settles the messages' deliveries, so later sections
 * measure a quiet server; returns how many were settled and how long that took.
 */
async function drain(ctx: BenchContext, ids: number[], since: number, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let waiting = 0;
    let settled = 0;
    for (const id of ids) {
      const res = await fetch(`${ctx.baseUrl}/api/admin/sent-mail/${id}`, { headers: { Cookie: ctx.adminCookie } });
      const { message } = (await res.json()) as { message: { counts: { queued: number; sending: number; sent: number; failed: number } } };
      waiting += message.counts.queued + message.counts.sending;
      settled += message.counts.sent + message.counts.failed;
    }
    if (waiting === 0 || Date.now() > deadline) return { settled, ms: performance.now() - since };
    await new Promise((r) => setTimeout(r, 1000));
  }
}

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  seedMembers(ctx);
  const results = [];
  let settled = 0;
  let drainMs = 0;
  // Each send is measured on a quiet server: the previous one's deliveries are drained first.
  for (let i = 1; i <= SENDS; i++) {
    const r = await send(ctx, i);
    results.push(r);
    const start = performance.now() - r.ms;
    const d = await drain(ctx, [r.messageId], start);
    settled += d.settled;
    drainMs += d.ms;
  }
  const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
  const maxTrips = Math.max(...results.map((r) => r.trips));
  const recipients = results[0]!.recipients;
  const ms = drainMs;
  return [
    {
      name: `POST /api/admin/send-email to ${recipients} members, median of ${SENDS}`,
      value: round(latencies[Math.floor(SENDS / 2)]!),
      unit: 'ms',
    },
    {
      name: `D1 round trips per send to ${recipients} members`,
      value: maxTrips,
      unit: 'count',
      budget: `<= ${MAX_ROUND_TRIPS}`,
      ok: maxTrips <= MAX_ROUND_TRIPS,
    },
    // Local figure: miniflare runs one consumer batch at a time; Cloudflare runs several.
    { name: `Queue consumer, local: emails settled per second (${settled} emails)`, value: round(settled / (ms / 1000), 1), unit: 'count' },
  ];
}
