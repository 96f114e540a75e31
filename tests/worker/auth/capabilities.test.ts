// The auth status's and user details' `can` flags for each role, on every surface the client
// reads them from, and each flag agreeing with what the server then allows.
import { describe, expect, it } from 'vitest';
import type { AccountCapabilities, AuthStatus, UserDetails } from '../../../src/shared/schemas/auth';
import { createUser, loginThrough, request, roles, trpc, type TestUser } from '../helpers';

const ip = () => `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** The flags as every surface answers them (they must agree), with the documented fields kept. */
async function capabilitiesOf(u: TestUser): Promise<AccountCapabilities> {
  const status = await (await request('/auth-status', { as: u })).json<AuthStatus>();
  expect(status).toMatchObject({ authenticated: true, user: { user_id: u.id, name: u.name, admin: u.isAdmin, type: u.type } });
  const can = status.user!.can;
  const viaTrpc = (await (await trpc('auth.status', undefined, { as: u, type: 'query' })).json<{ result: { data: AuthStatus } }>()).result
    .data;
  expect(viaTrpc.user!.can).toEqual(can);
  const details = await (await request('/user-details', { as: u })).json<UserDetails>();
  expect(details).toMatchObject({ user_id: u.id, name: u.name, email: u.email, type: u.type, admin: u.isAdmin, can });
  const detailsTrpc = (await (await trpc('auth.details', undefined, { as: u, type: 'query' })).json<{ result: { data: UserDetails } }>())
    .result.data;
  expect(detailsTrpc.can).toEqual(can);
  // With 2FA on (every test admin) the session and its user come with the code step.
  const login = await loginThrough(u, { ip: ip() });
  expect((await login.json<{ user: AuthStatus['user'] }>()).user!.can).toEqual(can);
  return can;
}

const member = { admin: false, change_account_type: false };

describe('account capabilities', () => {
  it('a visitor has no user, so no flags', async () => {
    expect(await (await request('/auth-status')).json()).toEqual({ authenticated: false, user: null });
  });

  it('a Standard member may not create events', async () => {
    expect(await capabilitiesOf(await roles.standard())).toEqual({ ...member, create_event: false });
  });

  it('Founding members and Travel Hosts create events', async () => {
    expect(await capabilitiesOf(await roles.founding())).toEqual({ ...member, create_event: true });
    expect(await capabilitiesOf(await roles.travelHost())).toEqual({ ...member, create_event: true });
  });

  it('an admin of any type has the admin screens, creates events and chooses her own type', async () => {
    const all = { admin: true, create_event: true, change_account_type: true };
    expect(await capabilitiesOf(await createUser({ type: 'Standard', admin: true }))).toEqual(all);
    expect(await capabilitiesOf(await roles.admin())).toEqual(all);
  });

  it('each flag says what the server then allows', async () => {
    const people = await Promise.all([
      roles.standard(),
      roles.founding(),
      roles.travelHost(),
      createUser({ type: 'Standard', admin: true }),
    ]);
    for (const u of people) {
      const can = await capabilitiesOf(u);
      expect((await request('/api/events', { as: u, body: {} })).status).toBe(can.create_event ? 201 : 403);
      expect((await request('/api/users', { as: u })).status).toBe(can.admin ? 200 : 403);
      const wanted = u.type === 'Travel Host' ? 'Founding' : 'Travel Host';
      const res = await request('/update-user', { as: u, body: { name: u.name, type: wanted } });
      expect(res.status).toBe(200);
      const { user } = await res.json<{ user: UserDetails }>();
      expect(user.type).toBe(can.change_account_type ? wanted : u.type);
    }
  });

  it('a changed type changes the flags in the answer and afterwards', async () => {
    const admin = await createUser({ type: 'Founding', admin: true });
    const res = await request('/update-user', { as: admin, body: { name: admin.name, type: 'Standard' } });
    const { user } = await res.json<{ user: UserDetails }>();
    // An admin still creates events whatever her type.
    expect(user).toMatchObject({ type: 'Standard', can: { admin: true, create_event: true, change_account_type: true } });
    // A member whose type an admin changes gets the new flags on her next status.
    const host = await roles.travelHost();
    expect((await request(`/api/users/${host.id}/privilege`, { method: 'PUT', as: admin, body: { type: 'Standard' } })).status).toBe(200);
    const status = await (await request('/auth-status', { as: host })).json<AuthStatus>();
    expect(status.user).toMatchObject({ type: 'Standard', can: { create_event: false } });
  });
});
