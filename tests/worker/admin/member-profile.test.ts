import { describe, expect, it } from 'vitest';
import type { MemberProfile } from '../../../src/shared/schemas/membership';
import { properties } from '../../../src/worker/db/schema/users';
import { createUser, deps, request, roles, trpc } from '../helpers';
import { createHome } from '../homes/homes-helpers';

// Issue 14: the member's profile in User Management shows her Travel Host properties (from her
// application) and her homes (the homes module's own list), for admins only.

describe('a member’s profile in User Management', () => {
  it('shows her application’s property and her homes, on both transports', async () => {
    const host = await roles.travelHost();
    await deps().db.insert(properties).values({
      userId: host.id,
      address: '1 Ocean Drive, Maui',
      type: 'House',
      description: 'Three bedrooms by the sea.',
      availability: 'Seasonal',
    });
    const home = await createHome(host, { title: 'Casa Azul' });
    const admin = await roles.admin();

    const res = await request(`/api/users/${host.id}`, { as: admin });
    expect(res.status).toBe(200);
    const profile = await res.json<MemberProfile>();
    expect(profile).toMatchObject({
      user_id: host.id,
      name: host.name,
      email: host.email,
      type: 'Travel Host',
      admin: false,
      properties: [{ address: '1 Ocean Drive, Maui', type: 'House', description: 'Three bedrooms by the sea.', availability: 'Seasonal' }],
      homes: [{ id: home.id, title: 'Casa Azul', host: { id: host.id, name: host.name } }],
      more_homes: false,
    });
    const viaTrpc = await trpc('admin.users.profile', { id: host.id }, { as: admin, type: 'query' });
    expect((await viaTrpc.json<{ result: { data: MemberProfile } }>()).result.data).toEqual(profile);
  });

  it('is empty of properties and homes for a member without any', async () => {
    const member = await roles.standard();
    const admin = await roles.admin();
    expect(await (await request(`/api/users/${member.id}`, { as: admin })).json()).toMatchObject({
      type: 'Standard',
      properties: [],
      homes: [],
      more_homes: false,
    });
  });

  it('is for admins only, and 404 for an unknown member', async () => {
    const host = await roles.travelHost();
    for (const as of [null, host, await roles.founding(), await createUser({ admin: true, twoFactor: false })]) {
      const status = (await request(`/api/users/${host.id}`, { as })).status;
      expect(status).toBe(as === null ? 401 : 403);
    }
    expect((await request('/api/users/99999999', { as: await roles.admin() })).status).toBe(404);
    expect((await request('/api/users/abc', { as: await roles.admin() })).status).toBe(400);
  });
});
