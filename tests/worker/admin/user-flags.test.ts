// User Management's per-row flags: what the viewing admin may do with each member, on both
// transports, and each flag agreeing with what the server then allows.
import { describe, expect, it } from 'vitest';
import type { UsersPage, UserView } from '../../../src/shared/schemas/membership';
import { createUser, request, roles, trpc, type TestUser } from '../helpers';
import { walkLinks } from '../pages';

/** Every member's row as the admin sees it (all pages), the same on both transports. */
async function rowsFor(admin: TestUser): Promise<Map<number, UserView>> {
  const { items: rest } = await walkLinks<UserView>(admin, '/api/users?limit=100');
  const viaTrpc: UserView[] = [];
  let cursor: string | null | undefined;
  do {
    const res = await trpc('admin.users.list', { limit: 100, cursor }, { as: admin, type: 'query' });
    const page = (await res.json<{ result: { data: UsersPage } }>()).result.data;
    viaTrpc.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  const pick = (u: UserView) => ({ id: u.user_id, can_change_admin: u.can_change_admin, can_reset_password: u.can_reset_password });
  expect(viaTrpc.map(pick)).toEqual(rest.map(pick));
  return new Map(rest.map((u) => [u.user_id, u]));
}

describe('admin users flags', () => {
  it('an admin manages every member but cannot drop her own admin flag or reset her own password', async () => {
    const me = await roles.admin();
    const [standard, founding, travelHost, otherAdmin] = await Promise.all([
      roles.standard(),
      roles.founding(),
      roles.travelHost(),
      createUser({ type: 'Standard', admin: true }),
    ]);
    const rows = await rowsFor(me);
    expect(rows.get(me.id)).toMatchObject({ admin: true, can_change_admin: false, can_reset_password: false });
    expect(rows.get(otherAdmin.id)).toMatchObject({ admin: true, can_change_admin: true, can_reset_password: true });
    for (const member of [standard, founding, travelHost]) {
      expect(rows.get(member.id)).toMatchObject({ admin: false, can_change_admin: true, can_reset_password: true });
    }
    // The same member seen by another admin: her own row is the locked one there.
    const seenByOther = await rowsFor(otherAdmin);
    expect(seenByOther.get(me.id)).toMatchObject({ can_change_admin: true, can_reset_password: true });
    expect(seenByOther.get(otherAdmin.id)).toMatchObject({ can_change_admin: false, can_reset_password: false });
  });

  it('members who are not admins get no list at all', async () => {
    for (const member of [await roles.standard(), await roles.founding(), await roles.travelHost()]) {
      expect((await request('/api/users', { as: member })).status).toBe(403);
    }
    expect((await request('/api/users')).status).toBe(401);
  });

  it('each flag says what the server then allows', async () => {
    const me = await roles.admin();
    const targets = [me, await createUser({ admin: true }), await roles.standard()];
    const rows = await rowsFor(me);
    for (const target of targets) {
      const row = rows.get(target.id)!;
      // The button toggles the flag: it asks for the opposite of what the row shows.
      const toggle = await request(`/api/users/${target.id}/admin`, { method: 'PUT', as: me, body: { admin: !row.admin } });
      expect(toggle.status).toBe(row.can_change_admin ? 200 : 409);
      const reset = await request(`/api/users/${target.id}/reset-password-to-temp`, { method: 'PUT', as: me });
      expect(reset.status).toBe(row.can_reset_password ? 200 : 409);
    }
  });
});
