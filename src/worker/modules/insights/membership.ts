import { sql } from 'drizzle-orm';
import { addDays, GRACE_DAYS } from '../../../shared/membership-term';
import { RENEWAL_WINDOWS, type Insights, type LabelledCount } from '../../../shared/schemas/insights';
import { memberStatusCondition } from '../membership/terms';
import type { Period } from './period';
import { dateBucket, lit, num, seriesAndTotal, type BucketRow, type PanelReads } from './sql';

/** Countries named on the chart; the rest are "Other". */
export const TOP_COUNTRIES = 10;
export const OTHER = 'Other';
export const NOT_GIVEN = 'Not given';

/** Current members: active or in grace (a lapsed member has left until she renews). */
export const currentMember = (today: string) => sql`NOT ${memberStatusCondition('lapsed', today)}`;

/** Top ten by count (ties by name), then the rest as "Other", then those who gave none. */
export function topTen(rows: { label: string; value: number }[]): LabelledCount[] {
  const given = rows.filter((r) => r.label !== '').sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
  const notGiven = rows.filter((r) => r.label === '').reduce((a, r) => a + r.value, 0);
  const other = given.slice(TOP_COUNTRIES).reduce((a, r) => a + r.value, 0);
  return [
    ...given.slice(0, TOP_COUNTRIES),
    ...(other ? [{ label: OTHER, value: other }] : []),
    ...(notGiven ? [{ label: NOT_GIVEN, value: notGiven }] : []),
  ];
}

/**
 * Members by status now, joined and lapsed over the period (member_since, and renews_on + 30 days
 * of grace, both calendar dates), renewals due, and the current members by type and by country.
 * A lapse counts once it has happened (up to today); a member who lapsed and renewed later has
 * a new renews_on, and her old lapse is no longer counted.
 */
export function membershipPanel(p: Period): PanelReads<Insights['membership']> {
  const today = p.todayUtc;
  const due = (days: number) =>
    sql`sum(CASE WHEN "users"."is_admin" = 0 AND "users"."renews_on" > ${lit(today)} AND "users"."renews_on" <= ${lit(addDays(today, days))} THEN 1 ELSE 0 END)`;
  const count = (status: 'active' | 'grace' | 'lapsed') => sql`sum(CASE WHEN ${memberStatusCondition(status, today)} THEN 1 ELSE 0 END)`;
  const lastLapse = p.to < today ? p.to : today;
  const firstDay = p.previous.from;
  return {
    queries: [
      sql`SELECT ${count('active')} AS active, ${count('grace')} AS grace, ${count('lapsed')} AS lapsed,
        ${sql.join(
          RENEWAL_WINDOWS.map((d) => sql`${due(d)} AS ${sql.identifier(`due_${d}`)}`),
          sql`, `,
        )} FROM "users"`,
      sql`SELECT "users"."type" AS label, count(*) AS value FROM "users" WHERE ${currentMember(today)} GROUP BY 1`,
      sql`SELECT coalesce("member_profiles"."country", '') AS label, count(*) AS value FROM "users"
        LEFT JOIN "member_profiles" ON "member_profiles"."user_id" = "users"."id" WHERE ${currentMember(today)} GROUP BY 1`,
      sql`SELECT ${dateBucket(sql`"member_since"`, p)} AS b, count(*) AS n FROM "users"
        WHERE "member_since" >= ${lit(firstDay)} AND "member_since" <= ${lit(p.to)} GROUP BY 1`,
      sql`SELECT ${dateBucket(sql`"renews_on"`, p, GRACE_DAYS)} AS b, count(*) AS n FROM "users"
        WHERE "is_admin" = 0 AND "renews_on" >= ${lit(addDays(firstDay, -GRACE_DAYS))} AND "renews_on" <= ${lit(addDays(lastLapse, -GRACE_DAYS))} GROUP BY 1`,
    ],
    build([[status = {}], byType, byCountry, joined, lapsed]) {
      const joinedSeries = seriesAndTotal(joined as unknown as BucketRow[], p);
      const lapsedSeries = seriesAndTotal(lapsed as unknown as BucketRow[], p);
      return {
        status_now: { active: num(status.active), grace: num(status.grace), lapsed: num(status.lapsed) },
        joined: joinedSeries.total,
        lapsed: lapsedSeries.total,
        joined_series: joinedSeries.series,
        lapsed_series: lapsedSeries.series,
        renewals_due: RENEWAL_WINDOWS.map((days) => ({ days, value: num(status[`due_${days}`]) })),
        by_type: byType!.map((r) => ({ label: String(r.label), value: num(r.value) })).sort((a, b) => b.value - a.value),
        by_country: topTen(byCountry!.map((r) => ({ label: String(r.label), value: num(r.value) }))),
      };
    },
  };
}
