// Bench section: the comments of one event, 1,000 of them, each liked by up to 8 members. The
// first page of GET /api/comments must be one D1 round trip (the route reports it in
// Server-Timing), at most 64 KB, and within 2x the static asset's p50, measured interleaved with
// that asset so both see the same machine.
import type { BenchContext, BenchRow } from './context';
import { firstPageRows } from './context';

const COMMENTS = 1000;
const SLUG = 'bench-comments-evening';

function seedComments(ctx: BenchContext) {
  const now = Date.now();
  const rows = Array.from(
    { length: COMMENTS },
    (_, i) =>
      `((SELECT id FROM events WHERE slug = '${SLUG}'), (SELECT id FROM users ORDER BY id LIMIT 1 OFFSET ${i % 8}), 'Bench comment ${i + 1}: what a lovely evening, thank you all for coming. See https://example.com/photos/${i + 1}', ${now - i * 60_000})`,
  );
  const statements = [
    `INSERT OR IGNORE INTO events (slug, title, type, exclusivity, description, color, event_date, start_time, end_time, time_zone, starts_at, ends_at, is_physical, created_by, created_at, updated_at) VALUES ('${SLUG}', 'Bench Comments Evening', 'entertainment', 'open', 'Comments bench', '#d3d3d3', '2030-01-01', '18:00', '21:00', 'UTC', ${now}, ${now + 3 * 3_600_000}, 1, (SELECT id FROM users ORDER BY id LIMIT 1), ${now}, ${now});`,
  ];
  for (let i = 0; i < rows.length; i += 100) {
    statements.push(`INSERT INTO comments (event_id, user_id, content, created_at) VALUES ${rows.slice(i, i + 100).join(',\n')};`);
  }
  statements.push(
    `INSERT OR IGNORE INTO comment_likes (comment_id, user_id, created_at) SELECT c.id, u.id, ${now} FROM comments c, (SELECT id FROM users ORDER BY id LIMIT 8) u WHERE c.event_id = (SELECT id FROM events WHERE slug = '${SLUG}') AND (c.id + u.id) % 3 <> 0;`,
  );
  ctx.sql(statements.join('\n'));
}

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  seedComments(ctx);
  const found = (await (
    await fetch(`${ctx.baseUrl}/api/events?search=${encodeURIComponent('Bench Comments Evening')}`, {
      headers: { Cookie: ctx.adminCookie },
    })
  ).json()) as { id: number; slug: string }[];
  const event = found.find((e) => e.slug === SLUG);
  if (!event) throw new Error('the bench event was not seeded');
  return firstPageRows(
    ctx,
    `/api/comments?commentableId=event-${event.id}`,
    (n) => `GET /api/comments first page (${n} of ${COMMENTS} comments with likes)`,
  );
}
