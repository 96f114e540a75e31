import { sql } from 'drizzle-orm';
import type { Insights, Total } from '../../../shared/schemas/insights';
import type { Period } from './period';
import { instantBucket, lit, num, seriesAndTotal, type PanelReads } from './sql';

const DAY_MS = 86_400_000;
const FUNNEL = ['applied', 'accepted', 'registered', 'rejected', 'pending'] as const;

/**
 * The applications received in the period, followed to where they are now: accepted (and of
 * those, registered: a member holds the application's email), rejected, still pending; and the
 * median days from application to decision over the decisions taken in the period. Read on
 * applications_created_idx; the decisions, few, from the table.
 */
export function applicationsPanel(p: Period): PanelReads<Insights['applications']> {
  const from = lit(p.previous.start);
  const to = lit(p.end);
  const current = lit(p.start);
  return {
    queries: [
      sql`SELECT ${instantBucket(sql`a."created_at"`, p)} AS b, count(*) AS applied,
          sum(CASE WHEN a."accepted" = 1 THEN 1 ELSE 0 END) AS accepted,
          sum(CASE WHEN a."accepted" = 1 AND EXISTS (SELECT 1 FROM "users" u WHERE u."email" = a."email") THEN 1 ELSE 0 END) AS registered,
          sum(CASE WHEN a."accepted" = 0 THEN 1 ELSE 0 END) AS rejected,
          sum(CASE WHEN a."accepted" IS NULL THEN 1 ELSE 0 END) AS pending
        FROM "applications" a WHERE a."created_at" >= ${from} AND a."created_at" < ${to} GROUP BY 1`,
      // The median of each period: the middle one, or the mean of the two middle ones.
      sql`SELECT cur, avg(d) AS median FROM (
          SELECT cur, d, row_number() OVER (PARTITION BY cur ORDER BY d) AS rn, count(*) OVER (PARTITION BY cur) AS cnt FROM (
            SELECT CASE WHEN "decided_at" >= ${current} THEN 1 ELSE 0 END AS cur, "decided_at" - "created_at" AS d
            FROM "applications" WHERE "decided_at" >= ${from} AND "decided_at" < ${to}))
        WHERE rn IN ((cnt + 1) / 2, (cnt + 2) / 2) GROUP BY cur`,
    ],
    build([funnel, medians]) {
      const totals = Object.fromEntries(
        FUNNEL.map((key) => [
          key,
          seriesAndTotal(
            funnel!.map((r) => ({ b: num(r.b), n: num(r[key]) })),
            p,
          ),
        ]),
      ) as Record<(typeof FUNNEL)[number], ReturnType<typeof seriesAndTotal>>;
      const median = (cur: number) => {
        const row = medians!.find((r) => num(r.cur) === cur);
        return row ? Math.round((num(row.median) / DAY_MS) * 10) / 10 : null;
      };
      const t = (key: (typeof FUNNEL)[number]): Total => totals[key].total;
      return {
        applied: t('applied'),
        accepted: t('accepted'),
        registered: t('registered'),
        rejected: t('rejected'),
        pending: t('pending'),
        median_days_to_decision: { value: median(1), previous: median(0) },
        applied_series: totals.applied.series,
      };
    },
  };
}
