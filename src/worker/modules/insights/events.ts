import { sql, type SQL } from 'drizzle-orm';
import { eventTypeLabel } from '../../../shared/event-format';
import type { EventFill, Insights } from '../../../shared/schemas/insights';
import type { Period } from './period';
import { instantBucket, lit, num, seriesAndTotal, type PanelReads, type Row } from './sql';

/** The fullest and the emptiest events named. */
export const NAMED_EVENTS = 5;

const percent = (taken: number, offered: number) => (offered > 0 ? Math.round((taken / offered) * 1000) / 10 : null);

// An event's places taken (its participants) and its waitlist, each counted on its primary or
// queue index. A waitlist only moves before the event, so it is the one at the start.
const taken = sql`(SELECT count(*) FROM "event_participants" p WHERE p."event_id" = e."id")`;
const waitlist = sql`(SELECT count(*) FROM "event_waitlist" w WHERE w."event_id" = e."id")`;

const held = (start: number, end: number, now: number): SQL =>
  sql`e."starts_at" >= ${lit(start)} AND e."starts_at" < ${lit(Math.min(end, now))}`;

/**
 * The events held (started) in the period, on events_starts_idx: each with its capacity, places
 * taken and waitlist; the previous period's as one row of sums. Places offered and the fill rate
 * count the events with a capacity (an event without one offers no fixed number of places).
 */
export function eventsPanel(p: Period): PanelReads<Insights['events']> {
  return {
    queries: [
      sql`SELECT e."id" AS id, e."title" AS title, e."type" AS type, e."event_date" AS date, e."capacity" AS capacity,
          ${instantBucket(sql`e."starts_at"`, p)} AS b, ${taken} AS taken, ${waitlist} AS waitlist
        FROM "events" e WHERE ${held(p.start, p.end, p.now)} ORDER BY e."starts_at", e."id"`,
      sql`SELECT count(*) AS held, sum(capacity) AS offered, sum(taken) AS taken, sum(waitlist) AS waitlist,
          sum(CASE WHEN capacity IS NOT NULL THEN taken ELSE 0 END) AS taken_capped
        FROM (SELECT e."capacity" AS capacity, ${taken} AS taken, ${waitlist} AS waitlist FROM "events" e
          WHERE ${held(p.previous.start, p.previous.end, p.now)})`,
    ],
    build([rows, [prev = {}]]) {
      const events: (EventFill & { b: number })[] = rows!.map((r: Row) => {
        const capacity = r.capacity === null ? null : num(r.capacity);
        return {
          id: num(r.id),
          title: String(r.title),
          date: String(r.date),
          type: String(r.type),
          capacity,
          taken: num(r.taken),
          waitlist: num(r.waitlist),
          fill_rate: capacity ? percent(num(r.taken), capacity) : null,
          b: num(r.b),
        };
      });
      const capped = events.filter((e) => e.capacity !== null);
      const offered = capped.reduce((a, e) => a + e.capacity!, 0);
      const takenCapped = capped.reduce((a, e) => a + e.taken, 0);
      const byFill = [...capped].sort((a, b) => b.fill_rate! - a.fill_rate! || b.taken - a.taken || a.id - b.id);
      const byType = new Map<string, number>();
      for (const e of events) byType.set(e.type, (byType.get(e.type) ?? 0) + e.taken);
      const perEvent = events.map(({ b: _b, ...e }) => e);
      const named = (list: typeof events) => list.slice(0, NAMED_EVENTS).map(({ b: _b, ...e }) => e);
      return {
        held: { value: events.length, previous: num(prev.held) },
        places_offered: { value: offered, previous: num(prev.offered) },
        places_taken: { value: events.reduce((a, e) => a + e.taken, 0), previous: num(prev.taken) },
        waitlist_at_start: { value: events.reduce((a, e) => a + e.waitlist, 0), previous: num(prev.waitlist) },
        fill_rate: { value: percent(takenCapped, offered), previous: percent(num(prev.taken_capped), num(prev.offered)) },
        places_taken_series: seriesAndTotal(
          events.map((e) => ({ b: e.b, n: e.taken })),
          p,
        ).series,
        per_event: perEvent,
        fullest: named(byFill),
        emptiest: named([...byFill].reverse()),
        by_type: [...byType]
          .map(([type, value]) => ({ label: eventTypeLabel(type), value }))
          .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label)),
      };
    },
  };
}
