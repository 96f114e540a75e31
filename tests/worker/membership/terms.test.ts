// Issue 24, membership terms (SPEC 9, DECISIONS "Membership terms"): every member has member_since
// and renews_on; the status follows from the date; admins record renewals (six-month minimum,
// history, audit); the API carries the term to admins and to the member herself.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, utcDate } from '../../../src/shared/membership-term';
import { auditLog } from '../../../src/worker/db/schema/membership';
import { createUser, deps, request, roles, trpc, userRow } from '../helpers';
import { acceptedInvite } from './membership-helpers';
import { memberRenewedDaysAgo, setTerm, today } from './terms-helpers';

const renew = (id: number, body: unknown, as: Awaited<ReturnType<typeof createUser>> | null) =>
  request(`/api/users/${id}/membership`, { method: 'PUT', body, as });

describe('the term every member has', () => {
  it('starts on the day her row is made and renews twelve months later, whoever inserts it', async () => {
    const u = await createUser();
    const row = await userRow(u.id);
    expect(row!.memberSince).toBe(today());
    expect(row!.renewsOn).toBe(addMonths(today(), 12));

    // Raw SQL, as the seed and admin:create write members: the migration's trigger fills the term
    // from created_at (a 29th of February renews on the 28th).
    const leapDay = Date.UTC(2024, 1, 29, 12);
    const email = `leap-${Date.now()}@test.example`;
    await env.DB.prepare(
      `INSERT INTO users (email, name, type, is_admin, password_hash, must_change_password, created_at, updated_at) VALUES (?, 'Leap', 'Standard', 0, 'x', 0, ?, ?)`,
    )
      .bind(email, leapDay, leapDay)
      .run();
    const leap = await env.DB.prepare('SELECT member_since, renews_on FROM users WHERE email = ?').bind(email).first();
    expect(leap).toEqual({ member_since: '2024-02-29', renews_on: '2025-02-28' });

    // Given dates are kept.
    const given = `given-${Date.now()}@test.example`;
    await env.DB.prepare(
      `INSERT INTO users (email, name, type, is_admin, password_hash, must_change_password, member_since, renews_on, created_at, updated_at) VALUES (?, 'Given', 'Standard', 0, 'x', 0, '2019-05-01', '2026-05-01', ?, ?)`,
    )
      .bind(given, leapDay, leapDay)
      .run();
    expect(await env.DB.prepare('SELECT member_since, renews_on FROM users WHERE email = ?').bind(given).first()).toEqual({
      member_since: '2019-05-01',
      renews_on: '2026-05-01',
    });
  });

  it('starts on her registration day for a member who came through an application', async () => {
    const admin = await roles.admin();
    const { app, token } = await acceptedInvite(admin);
    const res = await request('/api/register', { body: { token, name: 'Nora Term', type: 'Standard', password: 'a-good-password' } });
    expect(res.status).toBe(201);
    const row = await env.DB.prepare('SELECT member_since, renews_on FROM users WHERE email = ?').bind(app.email).first();
    expect(row).toEqual({ member_since: utcDate(Date.now()), renews_on: addMonths(utcDate(Date.now()), 12) });
  });

  it('is in GET /user-details and the auth status, for the member herself', async () => {
    const u = await memberRenewedDaysAgo(3);
    const details = await (await request('/user-details', { as: u })).json<Record<string, unknown>>();
    expect(details).toMatchObject({ renews_on: addDays(today(), -3), status: 'grace' });
    expect(details.member_since).toBe(addDays(addDays(today(), -3), -365));
    const status = await (await request('/auth-status', { as: u })).json<{ user: Record<string, unknown> }>();
    expect(status.user).toMatchObject({ renews_on: addDays(today(), -3), status: 'grace' });
  });
});

describe('status in User Management', () => {
  it('lists each member with member_since, renews_on and status, and filters by status', async () => {
    const admin = await roles.admin();
    const tag = `Stat${Date.now()}`;
    const active = await createUser({ name: `${tag} Active` });
    const grace = await createUser({ name: `${tag} Grace` });
    const lapsed = await createUser({ name: `${tag} Lapsed` });
    const due = await createUser({ name: `${tag} Due` });
    const oldAdmin = await createUser({ name: `${tag} Admin`, admin: true });
    await setTerm(grace, { renews_on: addDays(today(), -29) });
    await setTerm(lapsed, { renews_on: addDays(today(), -30) });
    await setTerm(due, { renews_on: addDays(today(), 30) });
    await setTerm(oldAdmin, { renews_on: '2020-01-01' });

    const list = async (query: string) => {
      const res = await request(`/api/users?search=${tag}${query}`, { as: admin });
      expect(res.status).toBe(200);
      return res.json<{ name: string; member_since: string; renews_on: string; status: string }[]>();
    };
    const all = await list('');
    expect(Object.fromEntries(all.map((u) => [u.name.slice(tag.length + 1), u.status]))).toEqual({
      Active: 'active',
      Admin: 'active',
      Due: 'active',
      Grace: 'grace',
      Lapsed: 'lapsed',
    });
    expect(all.find((u) => u.name.endsWith('Lapsed'))!.renews_on).toBe(addDays(today(), -30));
    expect(all.every((u) => /^\d{4}-\d{2}-\d{2}$/.test(u.member_since))).toBe(true);

    const names = async (status: string) => (await list(`&status=${status}`)).map((u) => u.name.slice(tag.length + 1));
    expect(await names('grace')).toEqual(['Grace']);
    expect(await names('lapsed')).toEqual(['Lapsed']);
    expect(await names('active')).toEqual(['Active', 'Admin', 'Due']);
    expect(await names('due')).toEqual(['Due']);
    expect(await names('due_90')).toEqual(['Due']);
    expect((await request('/api/users?status=expired', { as: admin })).status).toBe(400);

    const one = await (await request(`/api/users/${grace.id}`, { as: admin })).json<Record<string, unknown>>();
    expect(one).toMatchObject({ renews_on: addDays(today(), -29), status: 'grace', renewals: [] });
    void active;
  });

  it('counts renewals due in the next 30 days and members in grace for the dashboard', async () => {
    const admin = await roles.admin();
    const before = await (
      await trpc('admin.users.renewalsOverview', undefined, { as: admin, type: 'query' })
    ).json<{
      result: { data: { due_soon: number; grace: number } };
    }>();
    await memberRenewedDaysAgo(10);
    await setTerm(await createUser(), { renews_on: addDays(today(), 12) });
    const after = await (
      await trpc('admin.users.renewalsOverview', undefined, { as: admin, type: 'query' })
    ).json<{
      result: { data: { due_soon: number; grace: number } };
    }>();
    expect(after.result.data.due_soon - before.result.data.due_soon).toBe(1);
    expect(after.result.data.grace - before.result.data.grace).toBe(1);
  });
});

describe('PUT /api/users/{id}/membership', () => {
  it('records a renewal: the new date, her history with the note, and the audit log', async () => {
    const admin = await roles.admin();
    const u = await memberRenewedDaysAgo(40);
    const before = (await userRow(u.id))!;
    const next = addMonths(before.renewsOn, 12);
    const res = await renew(u.id, { renews_on: next, note: 'Paid 450 EUR by bank transfer' }, admin);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ member_since: before.memberSince, renews_on: next, status: 'active' });
    expect((await userRow(u.id))!.renewsOn).toBe(next);

    const profile = await (
      await request(`/api/users/${u.id}`, { as: admin })
    ).json<{ renewals: Record<string, unknown>[]; status: string }>();
    expect(profile.status).toBe('active');
    expect(profile.renewals).toEqual([
      expect.objectContaining({
        previous_renews_on: before.renewsOn,
        renews_on: next,
        note: 'Paid 450 EUR by bank transfer',
        recorded_by: admin.name,
        recorded_by_id: admin.id,
      }),
    ]);
    const audits = await deps()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(u.id)));
    expect(audits.filter((a) => a.action === 'user.renew')).toEqual([
      expect.objectContaining({ actorId: admin.id, details: { email: u.email, from: before.renewsOn, to: next } }),
    ]);
    // She is let back in at once.
    expect((await request('/api/events', { as: u })).status).toBe(200);
  });

  it('refuses a date before the six-month minimum (SPEC 9) with 400, and keeps the term', async () => {
    const admin = await roles.admin();
    const u = await createUser();
    await setTerm(u, { member_since: '2026-08-31', renews_on: '2027-08-31' });
    const res = await renew(u.id, { renews_on: '2027-02-27' }, admin);
    expect(res.status).toBe(400);
    const body = await res.json<{ error: string; fieldErrors: Record<string, string[]> }>();
    expect(body.error).toBe('A membership lasts at least six months: renews on must be on or after Feb 28, 2027.');
    expect(body.fieldErrors.renews_on).toEqual([body.error]);
    expect((await userRow(u.id))!.renewsOn).toBe('2027-08-31');
    expect((await renew(u.id, { renews_on: '2027-02-28' }, admin)).status).toBe(200);
  });

  it('validates the date and the note', async () => {
    const admin = await roles.admin();
    const u = await createUser();
    expect((await renew(u.id, { renews_on: '2027-02-30' }, admin)).status).toBe(400);
    expect((await renew(u.id, { renews_on: '01/03/2028' }, admin)).status).toBe(400);
    expect((await renew(u.id, { renews_on: '2030-01-01', note: 'x'.repeat(201) }, admin)).status).toBe(400);
    expect((await renew(u.id, { renews_on: '2030-01-01', note: 'x'.repeat(200) }, admin)).status).toBe(200);
    expect((await renew(999_999_999, { renews_on: '2030-01-01' }, admin)).status).toBe(404);
  });

  it('is for admins only: a member 403, a visitor 401, an admin without 2FA TWO_FACTOR_REQUIRED', async () => {
    const u = await createUser();
    const body = { renews_on: '2030-01-01' };
    expect((await renew(u.id, body, null)).status).toBe(401);
    expect((await renew(u.id, body, await roles.founding())).status).toBe(403);
    const noTwoFactor = await createUser({ admin: true, twoFactor: false });
    const res = await renew(u.id, body, noTwoFactor);
    expect(res.status).toBe(403);
    expect((await res.json<{ code: string }>()).code).toBe('TWO_FACTOR_REQUIRED');
    expect((await userRow(u.id))!.renewsOn).not.toBe('2030-01-01');
  });
});
