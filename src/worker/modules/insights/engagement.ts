import { sql } from 'drizzle-orm';
import { addDays } from '../../../shared/membership-term';
import { INACTIVE_AFTER_DAYS, INACTIVE_LISTED, RECENTLY_ACTIVE_DAYS, type Insights } from '../../../shared/schemas/insights';
import { activeCount, activeIn } from './active-members';
import { currentMember } from './membership';
import type { Period } from './period';
import { lit, num, seriesAndTotal, type BucketRow, type PanelReads } from './sql';

const DAY_MS = 86_400_000;

/**
 * What makes a member active (issue 42): a day she signed in or came back (member_activity,
 * recorded by the session), an event she joined, a comment (on an event, an image or a circle's
 * post), an upload, a message she wrote (issue 38), a post in a circle (issue 39). Triggers on
 * those tables record each in member_active_quarter_hours and member_active_months as it happens;
 * the panel counts from those summaries (active-members.ts), never from the activity itself.
 */

/** Her last activity: her last quarter hour's first moment, one seek on its primary key. */
const lastActivity = sql`coalesce((SELECT q."at" FROM "member_active_quarter_hours" q
  WHERE q."user_id" = "users"."id" ORDER BY q."quarter_hour" DESC LIMIT 1), 0)`;

/**
 * Active members per bucket (each counted once a bucket) and in the whole period, beside the
 * previous period; the share of current members active in the last 30 days; and the current
 * members (members for 90 days at least) with no activity in the last 90, longest quiet first.
 */
export function engagementPanel(p: Period): PanelReads<Insights['engagement']> {
  const recentFrom = p.now - RECENTLY_ACTIVE_DAYS * DAY_MS;
  const quietSince = p.now - INACTIVE_AFTER_DAYS * DAY_MS;
  const member = sql`"users"."id"`;
  const current = currentMember(p.todayUtc);
  return {
    queries: [
      sql`SELECT ${sql.join(
        p.buckets.map((b, i) => sql`${activeCount(b.at, p.buckets[i + 1]?.at ?? p.end)} AS ${sql.identifier(`b${i}`)}`),
        sql`, `,
      )}`,
      sql`SELECT sum(${activeIn(member, p.start, p.end)}) AS period_active,
          sum(${activeIn(member, p.previous.start, p.start)}) AS previous_active,
          ${activeCount(recentFrom, p.now + 1, current)} AS recent,
          sum(CASE WHEN ${current} THEN 1 ELSE 0 END) AS members
        FROM "users"`,
      sql`SELECT id, name, email, member_since, last, count(*) OVER () AS total FROM (
          SELECT "users"."id" AS id, "users"."name" AS name, "users"."email" AS email, "users"."member_since" AS member_since,
            ${lastActivity} AS last
          FROM "users" WHERE ${currentMember(p.todayUtc)} AND "users"."member_since" <= ${lit(addDays(p.todayUtc, -INACTIVE_AFTER_DAYS))})
        WHERE last < ${lit(quietSince)} ORDER BY last, id LIMIT ${lit(INACTIVE_LISTED)}`,
    ],
    build([[perBucket = {}], [counts = {}], quiet]) {
      const rows: BucketRow[] = p.buckets.map((_, i) => ({ b: i, n: num(perBucket[`b${i}`]) }));
      const { series } = seriesAndTotal(rows, p);
      const members = num(counts.members);
      const recent = num(counts.recent);
      return {
        active: { value: num(counts.period_active), previous: num(counts.previous_active) },
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
