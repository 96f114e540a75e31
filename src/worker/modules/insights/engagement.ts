import { sql, type SQL } from 'drizzle-orm';
import { addDays } from '../../../shared/membership-term';
import { INACTIVE_AFTER_DAYS, INACTIVE_LISTED, RECENTLY_ACTIVE_DAYS, type Insights } from '../../../shared/schemas/insights';
import { currentMember } from './membership';
import type { Period } from './period';
import { instantBucket, lit, num, seriesAndTotal, type BucketRow, type PanelReads } from './sql';

const DAY_MS = 86_400_000;

/**
 * What makes a member active (issue 42), each a table with her id and a moment, read on an index
 * of [moment, member]: a day she signed in or came back (member_activity, recorded by the
 * session), an event she joined, a comment (on an event, an image or a circle's post), an
 * upload, a message she wrote (issue 38), a post in a circle (issue 39).
 */
const SOURCES: { table: string; member: string; at: string }[] = [
  { table: 'member_activity', member: 'user_id', at: 'first_at' },
  { table: 'event_participants', member: 'user_id', at: 'joined_at' },
  { table: 'comments', member: 'user_id', at: 'created_at' },
  { table: 'images', member: 'uploaded_by', at: 'created_at' },
  { table: 'messages', member: 'author_id', at: 'created_at' },
  { table: 'circle_posts', member: 'author_id', at: 'created_at' },
];

/** D1 allows at most 5 terms in one compound SELECT: the sources are unioned in groups of this many. */
const UNION_TERMS = 4;

/** Every activity in [start, end): rows of (member, at). */
export function activityBetween(start: number, end: number): SQL {
  const each = SOURCES.map(
    (s) =>
      sql`SELECT ${sql.identifier(s.member)} AS member, ${sql.identifier(s.at)} AS at FROM ${sql.identifier(s.table)}
        WHERE ${sql.identifier(s.at)} >= ${lit(start)} AND ${sql.identifier(s.at)} < ${lit(end)} AND ${sql.identifier(s.member)} IS NOT NULL`,
  );
  const groups: SQL[] = [];
  for (let i = 0; i < each.length; i += UNION_TERMS) {
    groups.push(sql`SELECT member, at FROM (${sql.join(each.slice(i, i + UNION_TERMS), sql` UNION ALL `)})`);
  }
  return sql.join(groups, sql` UNION ALL `);
}

/**
 * Her last activity: the latest of each source, each one seek on an index of [member, moment]
 * (her days in member_activity are in order of day, whose last_at is her last visit; her
 * messages and posts in order of id, which grows with time).
 */
const lastActivity = sql`max(
  coalesce((SELECT a."last_at" FROM "member_activity" a WHERE a."user_id" = "users"."id" ORDER BY a."day" DESC LIMIT 1), 0),
  coalesce((SELECT max(p."joined_at") FROM "event_participants" p WHERE p."user_id" = "users"."id"), 0),
  coalesce((SELECT max(c."created_at") FROM "comments" c WHERE c."user_id" = "users"."id"), 0),
  coalesce((SELECT max(i."created_at") FROM "images" i WHERE i."uploaded_by" = "users"."id"), 0),
  coalesce((SELECT m."created_at" FROM "messages" m WHERE m."author_id" = "users"."id" ORDER BY m."id" DESC LIMIT 1), 0),
  coalesce((SELECT cp."created_at" FROM "circle_posts" cp WHERE cp."author_id" = "users"."id" ORDER BY cp."id" DESC LIMIT 1), 0))`;

/**
 * Active members per bucket (each counted once a bucket) and in the whole period, beside the
 * previous period; the share of current members active in the last 30 days; and the current
 * members (members for 90 days at least) with no activity in the last 90, longest quiet first.
 */
export function engagementPanel(p: Period): PanelReads<Insights['engagement']> {
  const recentFrom = p.now - RECENTLY_ACTIVE_DAYS * DAY_MS;
  const quietSince = p.now - INACTIVE_AFTER_DAYS * DAY_MS;
  return {
    queries: [
      sql`SELECT b, count(DISTINCT member) AS n FROM (
          SELECT member, ${instantBucket(sql`at`, p)} AS b FROM (${activityBetween(p.previous.start, p.end)})) GROUP BY b`,
      sql`SELECT (SELECT count(DISTINCT member) FROM (${activityBetween(p.start, p.end)})) AS period_active,
          (SELECT count(DISTINCT member) FROM (${activityBetween(recentFrom, p.now + 1)})) AS recent,
          (SELECT count(*) FROM "users" WHERE ${currentMember(p.todayUtc)}) AS members`,
      sql`SELECT id, name, email, member_since, last, count(*) OVER () AS total FROM (
          SELECT "users"."id" AS id, "users"."name" AS name, "users"."email" AS email, "users"."member_since" AS member_since,
            ${lastActivity} AS last
          FROM "users" WHERE ${currentMember(p.todayUtc)} AND "users"."member_since" <= ${lit(addDays(p.todayUtc, -INACTIVE_AFTER_DAYS))})
        WHERE last < ${lit(quietSince)} ORDER BY last, id LIMIT ${lit(INACTIVE_LISTED)}`,
    ],
    build([buckets, [counts = {}], quiet]) {
      const { series, total } = seriesAndTotal(buckets as unknown as BucketRow[], p);
      const members = num(counts.members);
      const recent = num(counts.recent);
      return {
        active: { value: num(counts.period_active), previous: total.previous },
        active_series: series,
        active_last_30_days: { active: recent, members, share: members ? Math.round((recent / members) * 1000) / 10 : 0 },
        inactive: {
          days: INACTIVE_AFTER_DAYS,
          count: num(quiet![0]?.total),
          members: quiet!.map((r) => ({
            user_id: num(r.id),
            name: String(r.name),
            email: String(r.email),
            member_since: String(r.member_since),
            last_active_at: num(r.last) > 0 ? new Date(num(r.last)).toISOString() : null,
          })),
        },
      };
    },
  };
}
