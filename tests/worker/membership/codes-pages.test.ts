// Issue 13: the Invitation codes screen a page at a time, newest first, keyset-paged over
// [created_at, id] through invitation_codes_created_idx; GET /api/invitation-codes keeps its bare
// list and tells the next page in a Link header. One D1 statement a page.
import { describe, expect, it } from 'vitest';
import type { InvitationCodeView } from '../../../src/shared/schemas/membership';
import type { Page } from '../../../src/shared/schemas/page';
import { invitationCodes } from '../../../src/worker/db/schema/membership';
import { codePageQuery, listInvitationCodes } from '../../../src/worker/modules/membership/invitation-codes';
import { countingDeps } from '../../../src/worker/platform/d1-round-trips';
import { encodeCursor } from '../../../src/worker/platform/keyset';
import { actorOf, createUser, deps, trpc, unique } from '../helpers';
import { expectNewestFirst, expectPageInputChecked, rowsRead, walkLinks } from '../pages';
import { expectIndexed, planOf } from '../query-plan';

/** Codes stored directly, created at the given times (30 a statement: 3 parameters each, 100 at most). */
async function insertCodes(times: number[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < times.length; i += 30) {
    const rows = await deps()
      .db.insert(invitationCodes)
      .values(times.slice(i, i + 30).map((createdAt) => ({ code: unique('PAGE-').toUpperCase(), createdAt })))
      .returning({ id: invitationCodes.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

const keyOf = (c: InvitationCodeView): [number, number] => [Date.parse(c.created_at), c.id];

describe('GET /api/invitation-codes, a page at a time', () => {
  it('walks the codes newest first without skipping or repeating while codes are created', async () => {
    const admin = await createUser({ admin: true });
    const now = Date.now();
    const mine = await insertCodes([now - 1_000, now - 1_000, now - 1_000, now - 5_000, now - 3_000, now - 90_000, now - 2_000]);
    const before = new Set((await deps().db.select({ id: invitationCodes.id }).from(invitationCodes)).map((r) => r.id));
    let ahead: number[] = [];
    let behind: number[] = [];
    const { items, sizes } = await walkLinks<InvitationCodeView>(admin, '/api/invitation-codes?limit=3', {
      between: async (page) => {
        if (page !== 0) return;
        ahead = await insertCodes([now + 60_000]);
        behind = await insertCodes([5]);
      },
    });
    const ids = items.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set([...before, ...behind]));
    for (const id of mine) expect(ids).toContain(id);
    expect(ids).not.toContain(ahead[0]);
    expect(sizes).toEqual([3, 3, 2]);
    expectNewestFirst(items.map(keyOf));
  });

  it('answers {items, nextCursor} over tRPC, with or without input', async () => {
    const admin = await createUser({ admin: true });
    await insertCodes([Date.now(), Date.now()]);
    const res = await trpc('membership.codes.list', { limit: 1 }, { as: admin, type: 'query' });
    expect(res.status).toBe(200);
    const page = (await res.json<{ result: { data: Page<InvitationCodeView> } }>()).result.data;
    expect(page.items).toHaveLength(1);
    expect(page.nextCursor).toEqual(expect.any(String));
    const next = await trpc('membership.codes.list', { limit: 1, cursor: page.nextCursor }, { as: admin, type: 'query' });
    expect((await next.json<{ result: { data: Page<InvitationCodeView> } }>()).result.data.items[0]!.id).not.toBe(page.items[0]!.id);
    expect((await trpc('membership.codes.list', undefined, { as: admin, type: 'query' })).status).toBe(200);
  });

  it('takes 1 to 100 a page and refuses a cursor that is not its own', async () => {
    const admin = await createUser({ admin: true });
    await insertCodes([Date.now()]);
    await expectPageInputChecked(admin, '/api/invitation-codes', [encodeCursor(['x', 1]), encodeCursor([1])]);
    const viaTrpc = await trpc('membership.codes.list', { cursor: encodeCursor([1]) }, { as: admin, type: 'query' });
    expect(viaTrpc.status).toBe(400);
  });

  it('is one D1 round trip a page', async () => {
    const admin = actorOf(await createUser({ admin: true }));
    await insertCodes([Date.now(), Date.now()]);
    const first = countingDeps(deps());
    const page = await listInvitationCodes(first.deps, admin, { limit: 1 });
    expect(first.roundTrips()).toBe(1);
    const next = countingDeps(deps());
    await listInvitationCodes(next.deps, admin, { limit: 1, cursor: page.nextCursor! });
    expect(next.roundTrips()).toBe(1);
  });

  it('walks invitation_codes_created_idx in order (EXPLAIN QUERY PLAN) and reads no more rows than the page', async () => {
    expectIndexed(await planOf(codePageQuery(deps(), undefined, 30)), [/SCAN invitation_codes USING INDEX invitation_codes_created_idx/]);
    expectIndexed(await planOf(codePageQuery(deps(), [Date.now(), 9], 30)), [
      /SEARCH invitation_codes USING INDEX invitation_codes_created_idx \(created_at<\?\)/,
    ]);
    await insertCodes(Array.from({ length: 40 }, (_, i) => 1_000 + i));
    // Each code of the page and its creator's name (by primary key).
    expect(await rowsRead(codePageQuery(deps(), undefined, 5))).toBeLessThanOrEqual(6 * 2);
    expect(await rowsRead(codePageQuery(deps(), [1_020, 0], 5))).toBeLessThanOrEqual(6 * 2);
  });
});
