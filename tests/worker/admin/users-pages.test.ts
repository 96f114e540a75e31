// Issue 13: User Management a page at a time, by name as the screen sorts it (case-insensitively)
// then by id, keyset-paged over [name, id] through users_name_idx; the search (a substring of the
// name or the email) pages the same way. GET /api/users keeps SPEC 7's bare list and tells the
// next page in a Link header; a first page brings the member counts in the same round trip.
import { describe, expect, it } from 'vitest';
import type { UsersPage, UserView } from '../../../src/shared/schemas/membership';
import { users } from '../../../src/worker/db/schema/users';
import { listUsers, memberCountsQuery, userPageQuery } from '../../../src/worker/modules/admin/users';
import { countingDeps } from '../../../src/worker/platform/d1-round-trips';
import { encodeCursor } from '../../../src/worker/platform/keyset';
import { actorOf, createUser, deps, request, trpc, unique } from '../helpers';
import { expectPageInputChecked, rowsRead, walkLinks } from '../pages';
import { expectIndexed, planOf } from '../query-plan';

/** The screen's order: names compared without case, then ids. */
const byName = (a: UserView, b: UserView) => {
  const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : a.user_id - b.user_id;
};

describe('GET /api/users, a page at a time', () => {
  it('walks every member by name without skipping or repeating while members join', async () => {
    const admin = await createUser({ admin: true, name: 'Mid Admin' });
    const tag = unique('walk');
    // Names equal but for case (the id decides), and names before and after the admin's.
    for (const name of [`alice ${tag}`, `Alice ${tag}`, `ALICE ${tag}`, `bob ${tag}`, `Zed ${tag}`, `émile ${tag}`, `aaron ${tag}`])
      await createUser({ name });
    const before = new Set((await deps().db.select({ id: users.id }).from(users)).map((r) => r.id));
    const joined: { ahead: number[]; behind: number[] } = { ahead: [], behind: [] };
    const { items } = await walkLinks<UserView>(admin, '/api/users?limit=3', {
      between: async (page) => {
        if (page !== 0) return;
        // Before the walk's position (not in it) and after it (in it, once).
        joined.ahead.push((await createUser({ name: `Aardvark ${tag}` })).id);
        joined.behind.push((await createUser({ name: `zzz ${tag}` })).id);
      },
    });
    const ids = items.map((u) => u.user_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set([...before, ...joined.behind]));
    expect(ids).not.toContain(joined.ahead[0]);
    expect(items).toEqual([...items].sort(byName));
    const alices = items.filter((u) => u.name.toLowerCase() === `alice ${tag}`);
    expect(alices.map((u) => u.user_id)).toEqual(alices.map((u) => u.user_id).sort((a, b) => a - b));
  });

  it('searches the name or the email, a page at a time in the same order', async () => {
    const admin = await createUser({ admin: true });
    const tag = unique('find');
    const named = await Promise.all(['Carla', 'anna', 'Bea', 'dora'].map((n) => createUser({ name: `${n} ${tag}` })));
    const mailed = await createUser({ name: 'Someone Else', email: `${tag}.mail@test.example` });
    await createUser({ name: 'Not Found Person' });
    const { items } = await walkLinks<UserView>(admin, `/api/users?search=${tag.toUpperCase()}&limit=2`);
    expect(items.map((u) => u.user_id)).toEqual(
      [...named, mailed].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase())).map((u) => u.id),
    );
    // % and _ are letters here, not wildcards.
    expect(await (await request('/api/users?search=%25', { as: admin })).json()).toEqual([]);
    expect(await (await request(`/api/users?search=${tag.slice(0, 3)}_`, { as: admin })).json()).toEqual([]);
    const tooLong = await request(`/api/users?search=${'x'.repeat(101)}`, { as: admin });
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json<{ error: string }>()).error).toMatch(/at most 100/);
  });

  it('answers the member counts with a first page over tRPC, as SQL counts them now', async () => {
    const admin = await createUser({ admin: true, type: 'Founding' });
    await createUser({ type: 'Travel Host' });
    const res = await trpc('admin.users.list', { limit: 1 }, { as: admin, type: 'query' });
    expect(res.status).toBe(200);
    const page = (await res.json<{ result: { data: UsersPage } }>()).result.data;
    const all = await deps().db.select({ type: users.type }).from(users);
    const ofType = (t: string) => all.filter((u) => u.type === t).length;
    expect(page.counts).toEqual({
      Founding: ofType('Founding'),
      Standard: ofType('Standard'),
      'Travel Host': ofType('Travel Host'),
      total: all.length,
    });
    expect(page.items).toHaveLength(1);
    const next = await trpc('admin.users.list', { limit: 1, cursor: page.nextCursor }, { as: admin, type: 'query' });
    expect((await next.json<{ result: { data: UsersPage } }>()).result.data.counts).toBeNull();
    // Without any input, the first page of the default size.
    expect((await trpc('admin.users.list', undefined, { as: admin, type: 'query' })).status).toBe(200);
  });

  it('takes 1 to 100 a page and refuses a cursor that is not its own', async () => {
    const admin = await createUser({ admin: true });
    await createUser();
    await expectPageInputChecked(admin, '/api/users', [encodeCursor([1, 2]), encodeCursor(['x']), encodeCursor(['x'.repeat(300), 1])]);
  });

  it('is one D1 round trip, a first page with its counts or a later one', async () => {
    const admin = actorOf(await createUser({ admin: true }));
    await createUser();
    const first = countingDeps(deps());
    const page = await listUsers(first.deps, admin, { limit: 1 });
    expect(page.counts).not.toBeNull();
    expect(first.roundTrips()).toBe(1);
    const next = countingDeps(deps());
    await listUsers(next.deps, admin, { limit: 1, cursor: page.nextCursor!, search: 'member' });
    expect(next.roundTrips()).toBe(1);
  });

  it('walks users_name_idx from the cursor, search or not, and counts in users_type_idx (EXPLAIN QUERY PLAN)', async () => {
    const walk = /SCAN users USING INDEX users_name_idx/;
    const seek = /SEARCH users USING INDEX users_name_idx \(name>\?\)/;
    expectIndexed(await planOf(userPageQuery(deps(), undefined, undefined, 30)), [walk]);
    expectIndexed(await planOf(userPageQuery(deps(), undefined, ['Mei', 4], 30)), [seek]);
    // A substring search cannot seek an index: it walks the same one in order, from the cursor.
    expectIndexed(await planOf(userPageQuery(deps(), 'mei', undefined, 30)), [walk]);
    expectIndexed(await planOf(userPageQuery(deps(), 'mei', ['Mei', 4], 30)), [seek]);
    const counts = await planOf(memberCountsQuery(deps()));
    expectIndexed(counts, [/SEARCH users USING COVERING INDEX users_type_idx \(type=\?\)/]);
    expect(counts.match(/COVERING INDEX users_type_idx/g)).toHaveLength(3);
  });

  it('reads no more rows than the page without a search, however many members there are', async () => {
    for (let i = 0; i < 30; i++) await createUser({ name: `Reader ${String(i).padStart(2, '0')}` });
    expect(await rowsRead(userPageQuery(deps(), undefined, undefined, 5))).toBeLessThanOrEqual(6);
    expect(await rowsRead(userPageQuery(deps(), undefined, ['Reader 10', 0], 5))).toBeLessThanOrEqual(6);
  });
});
