// Issue 13: /calendar's lists a page at a time. Upcoming (soonest first) and past (latest first)
// are each keyset-paged over [starts_at, id]; GET /api/events without `when` is SPEC 7's one list,
// upcoming then past, with the next page in a Link header. Each page is one D1 round trip served
// by events_starts_idx (EXPLAIN QUERY PLAN of the service's own SQL).
import { describe, expect, it } from 'vitest';
import type { EventDto, EventsPage } from '../../../src/shared/schemas/events';
import { events } from '../../../src/worker/db/schema/events';
import { countedEventPageQuery, eventCountsQuery, eventPageQuery, listEvents } from '../../../src/worker/modules/events/events';
import { encodeCursor } from '../../../src/worker/platform/keyset';
import { countingDeps } from '../../../src/worker/platform/d1-round-trips';
import { actorOf, deps, request, roles, trpc, unique, type TestUser } from '../helpers';
import { expectPageInputChecked, rowsRead, walkLinks } from '../pages';
import { expectIndexed, planOf } from '../query-plan';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Events stored directly (a title carrying `tag`), starting `hoursFromNow` and lasting `hours`. */
async function insertEvents(tag: string, list: { hoursFromNow: number; hours?: number }[]): Promise<number[]> {
  const now = Date.now();
  const db = deps().db;
  const inserts = list.map((e, i) => {
    const startsAt = now + e.hoursFromNow * HOUR;
    return db
      .insert(events)
      .values({
        slug: `${tag}-${i}-${unique('s')}`.toLowerCase(),
        title: `${tag} ${i}`,
        eventDate: new Date(startsAt).toISOString().slice(0, 10),
        startTime: '18:00',
        endTime: '20:00',
        startsAt,
        endsAt: startsAt + (e.hours ?? 2) * HOUR,
      })
      .returning({ id: events.id });
  });
  const rows = await db.batch(inserts as [(typeof inserts)[number], ...typeof inserts]);
  return rows.map((r) => r[0]!.id);
}

async function trpcPage(as: TestUser, input: Record<string, unknown>) {
  const res = await trpc('events.list', input, { as, type: 'query' });
  return { status: res.status, body: await res.json<{ result?: { data: EventsPage }; error?: { message: string } }>() };
}

describe('GET /api/events, a page at a time', () => {
  it('pages upcoming (soonest first) then past (latest first) without skipping or repeating while events are added', async () => {
    const u = await roles.standard();
    const tag = unique('walk');
    // Ties on starts_at (the id decides), an event under way (started, not ended), and past ones.
    const upcoming = await insertEvents(tag, [
      { hoursFromNow: 30 },
      { hoursFromNow: 5 },
      { hoursFromNow: 5 },
      { hoursFromNow: 5 },
      { hoursFromNow: 90 },
      { hoursFromNow: -1, hours: 3 },
      { hoursFromNow: 48 },
    ]);
    const past = await insertEvents(tag, [
      { hoursFromNow: -5 },
      { hoursFromNow: -50 },
      { hoursFromNow: -50 },
      { hoursFromNow: -400 },
      { hoursFromNow: -26 },
    ]);
    const added: number[] = [];
    const walk = walkLinks<EventDto>(u, `/api/events?search=${tag}&limit=3`, {
      between: async (page) => {
        // Between pages: events later than every page so far (they must come, once), and earlier
        // ones (they must not shift the pages: they are simply not in this walk).
        if (page === 0) added.push(...(await insertEvents(tag, [{ hoursFromNow: 500 }, { hoursFromNow: 1 }])));
        if (page === 2) added.push(...(await insertEvents(tag, [{ hoursFromNow: -1000 }, { hoursFromNow: -3 }])));
      },
    });
    const seen = (await walk).items;
    const ids = seen.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of [...upcoming, ...past]) expect(ids).toContain(id);
    // Upcoming by start then id, then past by start descending then id descending.
    const split = seen.findIndex((e) => e.is_past);
    const up = seen.slice(0, split);
    const down = seen.slice(split);
    expect(down.every((e) => e.is_past)).toBe(true);
    const key = (e: EventDto) => [Date.parse(e.starts_at), e.id] as const;
    const ordered = (a: readonly number[], b: readonly number[]) => a[0]! < b[0]! || (a[0] === b[0] && a[1]! < b[1]!);
    for (let i = 1; i < up.length; i++) expect(ordered(key(up[i - 1]!), key(up[i]!))).toBe(true);
    for (let i = 1; i < down.length; i++) expect(ordered(key(down[i]!), key(down[i - 1]!))).toBe(true);
    // The one added after page 1 far in the future, and the one far in the past, are in the walk.
    expect(ids).toContain(added[0]);
    expect(ids).toContain(added[2]);
  });

  it('walks SPEC 7’s one list without a search, reading its past part only where the upcoming part leaves room', async () => {
    const u = await roles.standard();
    const me = actorOf(u);
    const tag = unique('room');
    // Six events 3 hours apart, from now on (1) or back (-1).
    const sixFrom = (way: 1 | -1) => Array.from({ length: 6 }, (_, i) => ({ hoursFromNow: way * 3 * (i + 1) }));
    const upcoming = await insertEvents(tag, sixFrom(1));
    const past = await insertEvents(tag, sixFrom(-1));
    // Behind a full upcoming page (at least 6 upcoming events here) the past part reads no past
    // event; alone, the same past page reads its 6 and their lookups.
    const behind = await rowsRead(eventPageQuery(deps(), me, 'p', undefined, undefined, 5, {}));
    const alone = await rowsRead(eventPageQuery(deps(), me, 'p', undefined, undefined, 5));
    expect(behind).toBeLessThan(alone);
    // The whole list, a few at a time, across the boundary: every event once, upcoming first.
    const { items } = await walkLinks<EventDto>(u, '/api/events?limit=4');
    const ids = items.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of [...upcoming, ...past]) expect(ids).toContain(id);
    const firstPast = items.findIndex((e) => e.is_past);
    expect(firstPast).toBeGreaterThan(0);
    expect(items.slice(firstPast).every((e) => e.is_past)).toBe(true);
    const first = await listEvents(deps(), me, { limit: 4 });
    expect(ids).toHaveLength(first.counts!.upcoming + first.counts!.past);
  });

  it('answers each list apart (tRPC and REST `when`) with the counts on the first page only', async () => {
    const u = await roles.standard();
    const tag = unique('when');
    await insertEvents(tag, [{ hoursFromNow: 10 }, { hoursFromNow: 20 }, { hoursFromNow: 30 }, { hoursFromNow: -10 }]);
    await insertEvents(unique('other'), [{ hoursFromNow: -20 }]);
    const first = await trpcPage(u, { when: 'upcoming', search: tag, limit: 2 });
    expect(first.status).toBe(200);
    const page = first.body.result!.data;
    expect(page.items.map((e) => e.title)).toEqual([`${tag} 0`, `${tag} 1`]);
    expect(page.counts).toBeNull(); // a search counts nothing
    const second = (await trpcPage(u, { when: 'upcoming', search: tag, limit: 2, cursor: page.nextCursor })).body.result!.data;
    expect(second.items.map((e) => e.title)).toEqual([`${tag} 2`]);
    expect(second.nextCursor).toBeNull();
    const pastOnly = await request(`/api/events?when=past&search=${tag}`, { as: u });
    expect((await pastOnly.json<EventDto[]>()).map((e) => e.title)).toEqual([`${tag} 3`]);
    expect(pastOnly.headers.get('Link')).toBeNull();

    // Without a search the first page counts both lists, as SQL counts them now.
    const all = (await trpcPage(u, { when: 'past', limit: 1 })).body.result!.data;
    const now = Date.now();
    const stored = await deps().db.select({ endsAt: events.endsAt }).from(events);
    expect(all.counts).toEqual({
      upcoming: stored.filter((e) => e.endsAt >= now).length,
      past: stored.filter((e) => e.endsAt < now).length,
    });
    expect((await trpcPage(u, { when: 'past', limit: 1, cursor: all.nextCursor })).body.result!.data.counts).toBeNull();
  });

  it('counts the participants and knows whether the viewer joined, without listing them', async () => {
    const [host, a, b] = [await roles.founding(), await roles.standard(), await roles.standard()];
    const tag = unique('count');
    const [id] = await insertEvents(tag, [{ hoursFromNow: 72 }]);
    for (const m of [a, b]) expect((await request(`/api/events/${id}/join`, { method: 'POST', as: m })).status).toBe(200);
    const [seenByA] = await (await request(`/api/events?search=${tag}`, { as: a })).json<EventDto[]>();
    expect(seenByA).toMatchObject({ id, participant_count: 2, participants: [], viewer: { joined: true } });
    const [seenByHost] = await (await request(`/api/events?search=${tag}`, { as: host })).json<EventDto[]>();
    expect(seenByHost).toMatchObject({ participant_count: 2, viewer: { joined: false } });
  });

  it('counts both lists on an empty first page too (the counts are in the page’s own statement)', async () => {
    const u = await roles.standard();
    // Enough of its own for a second page of 5 whatever else the file stored.
    await insertEvents(
      unique('empty'),
      [6, 7, 8, -6, -7, -8].map((hoursFromNow) => ({ hoursFromNow })),
    );
    const stored = await deps().db.select({ endsAt: events.endsAt }).from(events);
    // A clock a century ahead (every event is past) and one a century back (every event upcoming).
    for (const [now, empty] of [
      [Date.now() + 100 * 365 * DAY, 'upcoming'],
      [Date.now() - 100 * 365 * DAY, 'past'],
    ] as const) {
      const at = { ...deps(), now: () => now };
      const expected = { upcoming: stored.filter((e) => e.endsAt >= now).length, past: stored.filter((e) => e.endsAt < now).length };
      expect(expected[empty]).toBe(0);
      const trips = countingDeps(at);
      const page = await listEvents(trips.deps, actorOf(u), { when: empty, limit: 5 });
      expect(page.items).toEqual([]);
      expect(page.nextCursor).toBeNull();
      expect(page.counts).toEqual(expected);
      expect(trips.roundTrips()).toBe(1);
      // Both lists at once: the empty one first (upcoming) or second (past), the counts the same.
      const both = await listEvents(at, actorOf(u), { limit: 5 });
      expect(both.counts).toEqual(expected);
      expect(both.items.length).toBe(Math.min(5, stored.length));
      // In the list's order: soonest first when all are upcoming, latest first when all are past.
      const starts = both.items.map((e) => Date.parse(e.starts_at));
      const sorted = [...starts].sort((a, b) => (empty === 'past' ? a - b : b - a));
      expect(starts).toEqual(sorted);
      // Its next page (built once too, the cursor in its slots) goes on in order without a repeat.
      const next = await listEvents(at, actorOf(u), { limit: 5, cursor: both.nextCursor! });
      expect(next.counts).toBeNull();
      const nextStarts = next.items.map((e) => Date.parse(e.starts_at));
      expect(next.items.length).toBeGreaterThan(0);
      expect(next.items.filter((e) => both.items.some((b) => b.id === e.id))).toEqual([]);
      expect(empty === 'past' ? nextStarts[0]! >= starts.at(-1)! : nextStarts[0]! <= starts.at(-1)!).toBe(true);
    }
  });

  it('takes 1 to 100 events a page, and refuses a malformed cursor or one of the other list', async () => {
    const u = await roles.standard();
    const tag = unique('bounds');
    await insertEvents(tag, [{ hoursFromNow: 1 }, { hoursFromNow: -1 }]);
    await expectPageInputChecked(u, `/api/events?search=${tag}`, [encodeCursor([1, 2]), encodeCursor(['x', 1, 2])]);
    expect((await request(`/api/events?search=${tag}&limit=1`, { as: u })).headers.get('Link')).toMatch(/cursor=/);
    // A cursor of the past list cannot continue the upcoming one.
    const pastCursor = encodeCursor(['p', Date.now() - DAY, 1]);
    expect((await request(`/api/events?when=upcoming&cursor=${pastCursor}`, { as: u })).status).toBe(400);
    expect((await request(`/api/events?when=past&cursor=${pastCursor}`, { as: u })).status).toBe(200);
    expect((await request('/api/events?when=later', { as: u })).status).toBe(400);
    const viaTrpc = await trpcPage(u, { when: 'upcoming', cursor: 'nonsense' });
    expect(viaTrpc.status).toBe(400);
    expect(viaTrpc.body.error?.message).toMatch(/Invalid cursor\./);
  });

  it('is one D1 round trip, first page (with the counts) or later', async () => {
    const u = await roles.standard();
    await insertEvents(unique('trips'), [{ hoursFromNow: 3 }, { hoursFromNow: 4 }, { hoursFromNow: -3 }]);
    const first = countingDeps(deps());
    const page = await listEvents(first.deps, actorOf(u), { limit: 1 });
    expect(page.counts).not.toBeNull();
    expect(first.roundTrips()).toBe(1);
    const next = countingDeps(deps());
    await listEvents(next.deps, actorOf(u), { limit: 1, cursor: page.nextCursor! });
    expect(next.roundTrips()).toBe(1);
  });

  it('reads the first upcoming page without walking the past events (D1 rows_read)', async () => {
    const me = actorOf(await roles.standard());
    await insertEvents(unique('soon'), [{ hoursFromNow: 2 }, { hoursFromNow: 4 }, { hoursFromNow: -1, hours: 3 }]);
    const read = () => rowsRead(eventPageQuery(deps(), me, 'u', undefined, undefined, 30));
    const before = await read();
    // 80 events long over: the walk starts at now minus the longest event, so it never meets them.
    await insertEvents(
      unique('old'),
      Array.from({ length: 80 }, (_, i) => ({ hoursFromNow: -100 - i, hours: 3 })),
    );
    expect(await read()).toBe(before);
    // While a past page reads them (the page's 30 and their lookups), the upcoming one still does not.
    expect(await rowsRead(eventPageQuery(deps(), me, 'p', undefined, undefined, 30))).toBeGreaterThanOrEqual(30);
  });

  it('reads each page through events_starts_idx and the counts through events_ends_idx (EXPLAIN QUERY PLAN)', async () => {
    const u = await roles.standard();
    const me = actorOf(u);
    await insertEvents(unique('plan'), [{ hoursFromNow: 3 }, { hoursFromNow: -3 }]);
    const at = { startsAt: Date.now(), id: 10 };
    const starts = /SEARCH events USING INDEX events_starts_idx \(starts_at[<>]\?\)/;
    expectIndexed(await planOf(eventPageQuery(deps(), me, 'u', undefined, undefined, 30)), [
      starts,
      /SEARCH longest USING (COVERING )?INDEX events_duration_idx/,
    ]);
    expectIndexed(await planOf(eventPageQuery(deps(), me, 'u', undefined, { phase: 'u', ...at }, 30)), [starts]);
    expectIndexed(await planOf(eventPageQuery(deps(), me, 'p', undefined, undefined, 30)), [starts]);
    expectIndexed(await planOf(eventPageQuery(deps(), me, 'p', undefined, { phase: 'p', ...at }, 30)), [starts]);
    expectIndexed(await planOf(eventCountsQuery(deps())), [/SEARCH events USING COVERING INDEX events_ends_idx \(ends_at>\?\)/]);
    // A first page with the counts: the page walks events_starts_idx inside its subquery (its own
    // LIMIT), the counts events_ends_idx; the one sort is the page's at most 31 rows put back in order.
    for (const phase of ['u', 'p'] as const) {
      const plan = await planOf(countedEventPageQuery(deps(), me, phase, 30));
      expect(plan).toMatch(/MATERIALIZE p/);
      expect(plan).toMatch(starts);
      expect(plan).toMatch(/SEARCH events USING COVERING INDEX events_ends_idx \(ends_at<\?\)/);
      expect(plan).not.toMatch(/SCAN events\b(?! USING)/);
      expect(plan.match(/USE TEMP B-TREE/g)?.length ?? 0).toBeLessThanOrEqual(1);
    }
  });
});
