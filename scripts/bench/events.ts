// Bench section: /calendar with 1,000 events (a fifth of them past, every seventh invite-only,
// three participants each). The first page of GET /api/events (upcoming, then past) and of the
// past list (?when=past) must each be one D1 round trip (Server-Timing), at most 64 KB, and within
// 2x the static asset's p50, measured interleaved with it.
import type { BenchContext, BenchRow } from './context';
import { firstPageRows } from './context';

const EVENTS = 1000;
const PARTICIPANTS_PER_EVENT = 3;

/** The events in one statement (a recursive count), their participants in another. */
function seedEvents(ctx: BenchContext) {
  const day = 86_400_000;
  const now = Date.now();
  ctx.sql(`INSERT OR IGNORE INTO events (slug, title, type, exclusivity, description, note, color, event_date, end_date, start_time, end_time, time_zone, starts_at, ends_at, is_physical, location, zip_code, city, state, country, virtual_link, created_by, created_at, updated_at)
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${EVENTS})
SELECT 'bench-gathering-' || i, 'Bench Gathering ' || i, 'entertainment', CASE WHEN i % 7 = 0 THEN 'invite-only' ELSE 'open' END,
  'An evening of conversation and good food with members of the club, number ' || i || '. Bring a friend; we will share stories, recipes and plans for the next trip together.',
  NULL, '#d3d3d3', date((${now} + (i - ${EVENTS / 5}) * ${day}) / 1000, 'unixepoch'), NULL, '18:00', '21:00', 'UTC',
  ${now} + (i - ${EVENTS / 5}) * ${day}, ${now} + (i - ${EVENTS / 5}) * ${day} + ${3 * 3_600_000}, 1,
  '12 Rue de Bretagne', '75003', 'Paris', NULL, 'France', NULL, (SELECT id FROM users ORDER BY id LIMIT 1), ${now}, ${now}
FROM n;
INSERT OR IGNORE INTO event_participants (event_id, user_id, joined_at) SELECT e.id, u.id, ${now} FROM events e, (SELECT id FROM users ORDER BY id LIMIT ${PARTICIPANTS_PER_EVENT}) u WHERE e.slug LIKE 'bench-gathering-%';`);
}

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  seedEvents(ctx);
  return [
    ...(await firstPageRows(ctx, '/api/events', (n) => `GET /api/events first page (${n} of ${EVENTS}+ events)`)),
    ...(await firstPageRows(ctx, '/api/events?when=past', (n) => `GET /api/events?when=past first page (${n} events)`)),
  ];
}
