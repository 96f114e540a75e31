import { sql, type SQL } from 'drizzle-orm';
import { addDays } from '../../../shared/membership-term';
import type { HomeStats, Insights } from '../../../shared/schemas/insights';
import type { Period } from './period';
import { lit, num, type PanelReads } from './sql';

/** Stays requested in [start, end) by status: CASE sums over the home's stays. */
const requested = (start: number, end: number, status?: 'accepted' | 'declined'): SQL =>
  sql`sum(CASE WHEN s."created_at" >= ${lit(start)} AND s."created_at" < ${lit(end)}${status ? sql` AND s."status" = ${sql.raw(`'${status}'`)}` : sql``} THEN 1 ELSE 0 END)`;

/** The nights of accepted stays that fall between two calendar dates (check-out day excluded). */
const nights = (from: string, toExclusive: string): SQL =>
  sql`sum(CASE WHEN s."status" = 'accepted' THEN max(0, CAST(julianday(min(s."end_date", ${lit(toExclusive)})) - julianday(max(s."start_date", ${lit(from)})) AS INTEGER)) ELSE 0 END)`;

/**
 * Per home: the stays requested in the period (by when they were asked) and of those accepted and
 * declined as they stand now; the nights hosted, the nights of accepted stays inside the period.
 * Homes still drafts without a stay are left out. home_stays_home_idx leads each home's stays.
 */
export function homesPanel(p: Period): PanelReads<Insights['homes']> {
  const prev = p.previous;
  return {
    queries: [
      sql`SELECT h."id" AS id, h."title" AS title, coalesce(u."name", '') AS host,
          ${requested(p.start, p.end)} AS requested, ${requested(p.start, p.end, 'accepted')} AS accepted,
          ${requested(p.start, p.end, 'declined')} AS declined, ${nights(p.from, addDays(p.to, 1))} AS nights,
          ${requested(prev.start, prev.end)} AS prev_requested, ${requested(prev.start, prev.end, 'accepted')} AS prev_accepted,
          ${requested(prev.start, prev.end, 'declined')} AS prev_declined, ${nights(prev.from, p.from)} AS prev_nights
        FROM "homes" h LEFT JOIN "users" u ON u."id" = h."host_id" LEFT JOIN "home_stays" s ON s."home_id" = h."id"
        GROUP BY h."id" HAVING h."state" <> 'draft' OR count(s."id") > 0 ORDER BY h."title", h."id"`,
    ],
    build([rows]) {
      const homes: (HomeStats & { prev: Record<'requested' | 'accepted' | 'declined' | 'nights', number> })[] = rows!.map((r) => ({
        id: num(r.id),
        title: String(r.title),
        host: String(r.host),
        requested: num(r.requested),
        accepted: num(r.accepted),
        declined: num(r.declined),
        nights: num(r.nights),
        prev: {
          requested: num(r.prev_requested),
          accepted: num(r.prev_accepted),
          declined: num(r.prev_declined),
          nights: num(r.prev_nights),
        },
      }));
      const both = (key: 'requested' | 'accepted' | 'declined' | 'nights') => ({
        value: homes.reduce((a, h) => a + h[key], 0),
        previous: homes.reduce((a, h) => a + h.prev[key], 0),
      });
      return {
        requested: both('requested'),
        accepted: both('accepted'),
        declined: both('declined'),
        nights: both('nights'),
        per_home: homes.map(({ prev: _p, ...h }) => h),
      };
    },
  };
}
