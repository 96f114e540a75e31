// Issue 13: the Applications screen's tabs a page at a time, newest first, keyset-paged over
// [created_at, id]; GET /api/applications keeps SPEC 7's bare list and tells the next page in a
// Link header. One D1 round trip a page (a first page brings the tabs' counts in the same batch),
// served by applications_status_idx / applications_created_idx (EXPLAIN QUERY PLAN of the
// service's own SQL).
import { isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApplicationsPage, ApplicationView } from '../../../src/shared/schemas/membership';
import { applications } from '../../../src/worker/db/schema/membership';
import { applicationCountsQuery, applicationPageQuery, listApplications } from '../../../src/worker/modules/membership/applications';
import { countingDeps } from '../../../src/worker/platform/d1-round-trips';
import { encodeCursor } from '../../../src/worker/platform/keyset';
import { actorOf, createUser, deps, request, trpc, unique } from '../helpers';
import { expectIndexed, planOf } from '../query-plan';
import { expectNewestFirst, expectPageInputChecked, rowsRead, walkLinks } from '../pages';

/** Applications stored directly, created at the given times; `accepted` null (pending), true or false. */
async function insertApplications(list: { at: number; accepted?: boolean | null }[]): Promise<number[]> {
  const ids: number[] = [];
  for (const a of list) {
    const [row] = await deps()
      .db.insert(applications)
      .values({
        fullName: `Applicant ${unique('p')}`,
        email: `${unique('pages')}@test.example`,
        phone: '1-5551234567',
        reason: 'Paging.',
        interests: ['Travel'],
        availability: 'Weekends',
        membershipType: 'Standard',
        accepted: a.accepted ?? null,
        createdAt: a.at,
      })
      .returning({ id: applications.id });
    ids.push(row!.id);
  }
  return ids;
}

const keyOf = (a: ApplicationView): [number, number] => [Date.parse(a.created_at), a.id];

describe('GET /api/applications, a page at a time', () => {
  it('walks a tab newest first without skipping or repeating while applications arrive', async () => {
    const admin = await createUser({ admin: true });
    const now = Date.now();
    // Ties on created_at (the id decides), pending and decided ones.
    const mine = await insertApplications([
      { at: now - 5_000 },
      { at: now - 5_000 },
      { at: now - 5_000, accepted: false },
      { at: now - 9_000, accepted: true },
      { at: now - 7_000 },
      { at: now - 60_000 },
    ]);
    const before = new Set((await deps().db.select({ id: applications.id }).from(applications)).map((r) => r.id));
    const behind: number[] = [];
    const ahead: number[] = [];
    const { items } = await walkLinks<ApplicationView>(admin, '/api/applications?status=all&limit=3', {
      between: async (page) => {
        if (page !== 0) return;
        // A new one (newer than every page so far: not in this walk) and a late-stored old one
        // (older than where the walk is: it comes, once).
        ahead.push(...(await insertApplications([{ at: now + 60_000 }])));
        behind.push(...(await insertApplications([{ at: 1_000 }])));
      },
    });
    const ids = items.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set([...before, ...behind]));
    for (const id of mine) expect(ids).toContain(id);
    for (const id of ahead) expect(ids).not.toContain(id);
    expectNewestFirst(items.map(keyOf));
  });

  it('pages one status at a time, and the Link header is on every page but the last', async () => {
    const admin = await createUser({ admin: true });
    await insertApplications([{ at: Date.now() - 1_000 }, { at: Date.now() - 2_000 }, { at: Date.now() - 3_000, accepted: false }]);
    const pending = (await deps().db.select({ id: applications.id }).from(applications).where(isNull(applications.accepted))).length;
    const { items, sizes } = await walkLinks<ApplicationView>(admin, '/api/applications?status=pending&limit=2');
    expect(items).toHaveLength(pending);
    expect(items.every((a) => a.accepted === null)).toBe(true);
    expect(sizes.length).toBe(Math.ceil(pending / 2) || 1);
    const first = await request('/api/applications?status=pending&limit=2', { as: admin });
    expect(first.headers.get('Link')).toMatch(/^<\/api\/applications\?status=pending&limit=2&cursor=[\w-]+>; rel="next"$/);
    const everything = await request('/api/applications?status=pending&limit=100', { as: admin });
    if (pending <= 100) expect(everything.headers.get('Link')).toBeNull();
  });

  it('answers the tabs’ counts with a first page over tRPC, as SQL counts them now', async () => {
    const admin = await createUser({ admin: true });
    await insertApplications([{ at: Date.now() }, { at: Date.now(), accepted: true }, { at: Date.now(), accepted: false }]);
    const res = await trpc('membership.applications.list', { status: 'rejected', limit: 1 }, { as: admin, type: 'query' });
    expect(res.status).toBe(200);
    const page = (await res.json<{ result: { data: ApplicationsPage } }>()).result.data;
    const all = await deps().db.select({ accepted: applications.accepted }).from(applications);
    const count = (v: boolean | null) => all.filter((a) => a.accepted === v).length;
    expect(page.counts).toEqual({ pending: count(null), accepted: count(true), rejected: count(false), all: all.length });
    expect(page.items).toHaveLength(1);
    expect(page.items[0]!.accepted).toBe(false);
    const next = await trpc(
      'membership.applications.list',
      { status: 'rejected', limit: 1, cursor: page.nextCursor },
      { as: admin, type: 'query' },
    );
    expect((await next.json<{ result: { data: ApplicationsPage } }>()).result.data.counts).toBeNull();
  });

  it('takes 1 to 100 a page and refuses a cursor that is not its own, on both transports', async () => {
    const admin = await createUser({ admin: true });
    await insertApplications([{ at: Date.now() }]);
    await expectPageInputChecked(admin, '/api/applications?status=all', [encodeCursor(['x', 1]), encodeCursor([1])]);
    const viaTrpc = await trpc('membership.applications.list', { status: 'all', cursor: 'nonsense' }, { as: admin, type: 'query' });
    expect(viaTrpc.status).toBe(400);
    expect((await viaTrpc.json<{ error: { message: string } }>()).error.message).toBe('Invalid cursor.');
    expect((await trpc('membership.applications.list', { status: 'all', limit: 101 }, { as: admin, type: 'query' })).status).toBe(400);
  });

  it('is one D1 round trip, a first page with its counts or a later one', async () => {
    const admin = actorOf(await createUser({ admin: true }));
    await insertApplications([{ at: Date.now() }, { at: Date.now() }]);
    const first = countingDeps(deps());
    const page = await listApplications(first.deps, admin, { status: 'all', limit: 1 });
    expect(page.counts).not.toBeNull();
    expect(first.roundTrips()).toBe(1);
    const next = countingDeps(deps());
    await listApplications(next.deps, admin, { status: 'all', limit: 1, cursor: page.nextCursor! });
    expect(next.roundTrips()).toBe(1);
  });

  it('reads each tab through its index, in order, and counts in the index (EXPLAIN QUERY PLAN)', async () => {
    const at: [number, number] = [Date.now(), 10];
    const created = /(SCAN|SEARCH) applications USING INDEX applications_created_idx/;
    const status = /SEARCH applications USING INDEX applications_status_idx \(accepted=\?/;
    expectIndexed(await planOf(applicationPageQuery(deps(), 'all', undefined, 30)), [created]);
    expectIndexed(await planOf(applicationPageQuery(deps(), 'all', at, 30)), [
      /SEARCH applications USING INDEX applications_created_idx \(created_at<\?\)/,
    ]);
    for (const tab of ['pending', 'accepted', 'rejected'] as const) {
      expectIndexed(await planOf(applicationPageQuery(deps(), tab, undefined, 30)), [status]);
      expectIndexed(await planOf(applicationPageQuery(deps(), tab, at, 30)), [/applications_status_idx \(accepted=\? AND created_at<\?\)/]);
    }
    const counts = await planOf(applicationCountsQuery(deps()));
    expectIndexed(counts, [/SEARCH applications USING COVERING INDEX applications_status_idx \(accepted=\?\)/]);
    expect(counts.match(/COVERING INDEX applications_status_idx/g)).toHaveLength(3);
  });

  it('reads no more rows than the page, however many applications there are', async () => {
    await insertApplications(Array.from({ length: 40 }, (_, i) => ({ at: 2_000 + i })));
    // Each row of the page, plus its decider and its code (by primary key).
    expect(await rowsRead(applicationPageQuery(deps(), 'all', undefined, 5))).toBeLessThanOrEqual(6 * 3);
    expect(await rowsRead(applicationPageQuery(deps(), 'pending', [2_030, 0], 5))).toBeLessThanOrEqual(6 * 3);
  });
});
