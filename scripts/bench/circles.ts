// Bench section: circles (issue 39), read as the admin. A circle of 2,000 members and 5,000 posts
// against one of 10 and 10: the board's first page and a page from its middle, and the members'
// first page, each one D1 round trip (Server-Timing), at most 64 KB and within 2x the static
// asset; the large circle's first pages as fast as the small one's (within 1.5x, interleaved), as
// keyset pages on circle_posts_activity_idx and circle_members_list_idx promise. Rows are written
// straight to D1.
import { encodeCursor } from '../../src/worker/platform/keyset';
import { FIRST_PAGE_BUDGET, latencyRows, listRouteRows, measureInterleaved, round, type BenchContext, type BenchRow } from './context';

const LARGE_MEMBERS = 2_000;
const LARGE_POSTS = 5_000;
const SMALL = 10;
/** Ids of the bench's rows, far above the demo's. */
const LARGE_ID = 800_001;
const SMALL_ID = 800_002;
const FIRST_POST_ID = 6_000_000;

const LARGE_SLUG = 'bench-circle-large';
const SMALL_SLUG = 'bench-circle-small';
const BODY = 'Back from the tasting: the second oolong was the one. Notes and photos to follow, and the shop’s address for whoever asked.';

function seedCircles(ctx: BenchContext, now: number): void {
  const circle = (id: number, slug: string, name: string, members: number, posts: number, firstPost: number) => [
    `INSERT OR IGNORE INTO circles (id, slug, name, description, join_mode, archived, member_count, created_at, updated_at)
     VALUES (${id}, '${slug}', '${name}', 'A circle of the bench.', 'open', 0, ${members}, ${now}, ${now});`,
    // Its members, the bench's own accounts, joined one a minute.
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${members - 1})
     INSERT OR IGNORE INTO users (email, name, type, is_admin, password_hash, must_change_password, created_at, updated_at)
     SELECT 'circle-${id}-' || i || '@bench.example', 'Bench Member ' || i, 'Standard', 0, 'x', 0, ${now}, ${now} FROM n;`,
    `INSERT OR IGNORE INTO circle_members (circle_id, user_id, role, status, muted, joined_at)
     SELECT ${id}, u.id, 'member', 'member', 0, ${now} - u.id * 60000 FROM users AS u WHERE u.email LIKE 'circle-${id}-%@bench.example';`,
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${posts - 1})
     INSERT OR IGNORE INTO circle_posts (id, circle_id, author_id, title, body, comment_count, like_count, created_at, last_activity_at)
     SELECT ${firstPost} + i, ${id}, (SELECT min(u.id) FROM users AS u WHERE u.email LIKE 'circle-${id}-%@bench.example'),
       'Tasting notes ' || i, '${BODY}', 0, 0, ${now} - (${posts} - i) * 60000, ${now} - (${posts} - i) * 60000 FROM n;`,
  ];
  ctx.sql(
    [
      ...circle(LARGE_ID, LARGE_SLUG, 'Bench circle (large)', LARGE_MEMBERS, LARGE_POSTS, FIRST_POST_ID),
      ...circle(SMALL_ID, SMALL_SLUG, 'Bench circle (small)', SMALL, SMALL, FIRST_POST_ID + 100_000),
    ].join('\n'),
  );
}

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const now = Date.now();
  seedCircles(ctx, now);
  const posts = (slug: string, cursor?: string) => `/api/circles/${slug}/posts${cursor ? `?cursor=${cursor}` : ''}`;
  const members = (slug: string) => `/api/circles/${slug}/members`;
  // The board's middle: after the post at half of it (keyset [last_activity_at, id]).
  const half = LARGE_POSTS / 2;
  const middle = encodeCursor([now - (LARGE_POSTS - half) * 60000, FIRST_POST_ID + half]);
  const rows: BenchRow[] = [];
  for (const [path, label] of [
    [posts(SMALL_SLUG), `GET /api/circles/{slug}/posts first page (of ${SMALL} posts)`],
    [posts(LARGE_SLUG), `GET /api/circles/{slug}/posts first page (of ${LARGE_POSTS} posts)`],
    [posts(LARGE_SLUG, middle), `GET /api/circles/{slug}/posts a middle page (of ${LARGE_POSTS} posts)`],
    [members(LARGE_SLUG), `GET /api/circles/{slug}/members first page (of ${LARGE_MEMBERS} members)`],
  ] as const) {
    rows.push(
      ...(await listRouteRows(ctx, path, (n) => `${label}, ${n} shown`, FIRST_PAGE_BUDGET.maxRatio, { maxKb: FIRST_PAGE_BUDGET.maxKb })),
    );
  }
  // The large circle's first pages against the small one's, request by request.
  for (const [what, large, small] of [
    ['board', posts(LARGE_SLUG), posts(SMALL_SLUG)],
    ['members', members(LARGE_SLUG), members(SMALL_SLUG)],
  ] as const) {
    const [smallStats, largeStats] = await measureInterleaved([
      { url: ctx.baseUrl + small, cookie: ctx.adminCookie, requests: 200 },
      { url: ctx.baseUrl + large, cookie: ctx.adminCookie, requests: 200 },
    ]);
    const ratio = round(largeStats!.p50 / smallStats!.p50);
    rows.push(
      ...latencyRows(`GET a circle's ${what} first page, large circle (interleaved with a small one)`, largeStats!, smallStats!.p50).slice(
        0,
        2,
      ),
      { name: `GET a circle's ${what} first page p50, large circle / small`, value: ratio, unit: 'x', budget: '<= 1.5x', ok: ratio <= 1.5 },
    );
  }
  return rows;
}
