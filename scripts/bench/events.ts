// Bench section: the /calendar list with 500 events (each with participants). GET /api/events must
// stay one D1 round trip (the route reports it in Server-Timing) and within 3x the static asset's
// p50, measured interleaved with that asset so both see the same machine.
import type { BenchContext, BenchRow } from './context';
import { latencyRows, measureInterleaved, round, STATIC_ASSET } from './context';

const EVENTS = 500;
const PARTICIPANTS_PER_EVENT = 3;
const MAX_RATIO = 3;

const q = (v: string) => `'${v.replace(/'/g, "''")}'`;

function seedEvents(ctx: BenchContext) {
  const day = 86_400_000;
  const now = Date.now();
  const rows = Array.from({ length: EVENTS }, (_, i) => {
    const startsAt = now + (i - 100) * day; // a fifth of them in the past
    const date = new Date(startsAt).toISOString().slice(0, 10);
    const title = `Bench Gathering ${i + 1}`;
    const description = `An evening of conversation and good food with members of the club, number ${i + 1}. Bring a friend; we will share stories, recipes and plans for the next trip together.`;
    return `(${q(`bench-gathering-${i + 1}`)}, ${q(title)}, 'entertainment', ${i % 7 === 0 ? "'invite-only'" : "'open'"}, ${q(description)}, NULL, '#d3d3d3', '${date}', NULL, '18:00', '21:00', 'UTC', ${startsAt}, ${startsAt + 3 * 3_600_000}, 1, '12 Rue de Bretagne', '75003', 'Paris', NULL, 'France', NULL, (SELECT id FROM users ORDER BY id LIMIT 1), ${now}, ${now})`;
  });
  const statements: string[] = [];
  for (let i = 0; i < rows.length; i += 100) {
    statements.push(
      `INSERT OR IGNORE INTO events (slug, title, type, exclusivity, description, note, color, event_date, end_date, start_time, end_time, time_zone, starts_at, ends_at, is_physical, location, zip_code, city, state, country, virtual_link, created_by, created_at, updated_at) VALUES ${rows.slice(i, i + 100).join(',\n')};`,
    );
  }
  statements.push(
    `INSERT OR IGNORE INTO event_participants (event_id, user_id, joined_at) SELECT e.id, u.id, ${now} FROM events e, (SELECT id FROM users ORDER BY id LIMIT ${PARTICIPANTS_PER_EVENT}) u WHERE e.slug LIKE 'bench-gathering-%';`,
  );
  ctx.sql(statements.join('\n'));
}

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  seedEvents(ctx);
  const url = `${ctx.baseUrl}/api/events`;
  const probe = await fetch(url, { headers: { Cookie: ctx.adminCookie } });
  const body = await probe.arrayBuffer();
  if (!probe.ok) throw new Error(`GET /api/events answered ${probe.status}`);
  const count = (JSON.parse(new TextDecoder().decode(body)) as unknown[]).length;
  const trips = Number(/D1 round trips: (\d+)/.exec(probe.headers.get('server-timing') ?? '')?.[1] ?? NaN);

  const [staticStats, listStats] = await measureInterleaved([
    { url: ctx.baseUrl + STATIC_ASSET, requests: 200 },
    { url, cookie: ctx.adminCookie, requests: 200 },
  ]);
  return [
    ...latencyRows(`GET /api/events (${count} events)`, listStats!, staticStats!.p50, MAX_RATIO),
    { name: `GET /api/events (${count} events) D1 round trips`, value: trips, unit: 'count', budget: '= 1', ok: trips === 1 },
    { name: `GET /api/events (${count} events) body`, value: round(body.byteLength / 1024, 1), unit: 'KB' },
  ];
}
