import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { INVALID_REGISTRATION_TOKEN } from '../../../src/shared/schemas/membership';
import { createDeps } from '../../../src/worker/platform/deps';
import { issueToken } from '../../../src/worker/modules/membership/single-use-tokens';
import { cookieFrom, createUser, request, unique, untilLimited, userRow } from '../helpers';
import { SESSION_COOKIE } from '../../../src/shared/constants';
import { acceptedInvite, randomIp } from './membership-helpers';

const validateToken = (token: string, ip = randomIp()) => request(`/api/register/validate-token/${token}`, { ip });
const registerWith = (body: Record<string, unknown>, ip = randomIp()) => request('/api/register', { body, ip });
const loginWith = (email: string, password: string) => request('/login', { body: { email, password }, ip: randomIp() });

describe('GET /api/register/validate-token/{token}', () => {
  it('answers the invitee email, the applicant name and the allowed types', async () => {
    const admin = await createUser({ admin: true });
    const { app, token } = await acceptedInvite(admin, { grantFounding: true });
    const res = await validateToken(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: app.email, name: app.fullName, allowed_types: ['Standard', 'Founding'] });
  });

  it('answers unknown, expired and used tokens with the same 404', async () => {
    const admin = await createUser({ admin: true });
    const past = { ...createDeps(env), now: () => Date.now() - 8 * 24 * 3600 * 1000 };
    const expired = await issueToken(past, 'registration', { email: `${unique()}@test.example`, allowedTypes: ['Standard'] });
    await expired.insert.run();
    const used = await acceptedInvite(admin);
    expect((await registerWith({ token: used.token, name: 'Used Up', type: 'Standard', password: 'a-good-password' })).status).toBe(201);
    const answers = await Promise.all(
      ['x'.repeat(43), expired.token, used.token].map(async (t) => {
        const res = await validateToken(t);
        return { status: res.status, message: (await res.json<{ message: string }>()).message };
      }),
    );
    for (const a of answers) expect(a).toEqual({ status: 404, message: INVALID_REGISTRATION_TOKEN });
  });

  it('does not accept a password reset token as a registration token', async () => {
    const member = await createUser();
    const reset = await issueToken(createDeps(env), 'password_reset', { userId: member.id, email: member.email });
    await reset.insert.run();
    expect((await validateToken(reset.token)).status).toBe(404);
  });

  it('is rate limited per IP', async () => {
    const ip = randomIp();
    const statuses = await untilLimited(20, () => validateToken('y'.repeat(43), ip));
    expect(statuses).toContain(429);
    expect(statuses[0]).toBe(404);
  });
});

describe('POST /api/register', () => {
  it('creates the member with the chosen allowed type, uses the token up, and the member can log in', async () => {
    const admin = await createUser({ admin: true });
    const { app, token } = await acceptedInvite(admin);
    const res = await registerWith({ token, name: '  Nora Quinn ', type: 'Standard', password: 'a-good-password' });
    expect(res.status).toBe(201);
    const { results } = await env.DB.prepare('SELECT * FROM users WHERE email = ?').bind(app.email).all<Record<string, unknown>>();
    expect(results[0]).toMatchObject({ name: 'Nora Quinn', type: 'Standard', is_admin: 0, must_change_password: 0 });
    expect(results[0]!.password_hash).toMatch(/^scrypt\$/);
    expect((await loginWith(app.email, 'a-good-password')).status).toBe(200);
    expect((await registerWith({ token, name: 'Again', type: 'Standard', password: 'a-good-password' })).status).toBe(400);
  });

  it('signs her in at once (issue 46), but never replaces the session of a browser signed in already', async () => {
    const admin = await createUser({ admin: true });
    const { app, token } = await acceptedInvite(admin);
    const res = await registerWith({ token, name: 'Ines Newcomer', type: 'Standard', password: 'a-good-password' });
    expect(res.status).toBe(201);
    const session = cookieFrom(res, SESSION_COOKIE);
    expect(session).not.toBeNull();
    const status = await (
      await request('/auth-status', { headers: { Cookie: session! } })
    ).json<{ authenticated: boolean; user: { email?: string; name: string } }>();
    expect(status).toMatchObject({ authenticated: true, user: { name: 'Ines Newcomer' } });
    // Sent from an admin's browser (the tests' fixtures do): her session stays hers.
    const other = await acceptedInvite(admin);
    const fromAdmin = await request('/api/register', {
      body: { token: other.token, name: 'Other Newcomer', type: 'Standard', password: 'a-good-password' },
      as: admin,
      ip: randomIp(),
    });
    expect(fromAdmin.status).toBe(201);
    expect(cookieFrom(fromAdmin, SESSION_COOKIE)).toBeNull();
    expect(app.email).not.toBe(other.app.email);
  });

  it('refuses a type the invitation does not allow, and allows Founding only when granted', async () => {
    const admin = await createUser({ admin: true });
    const plain = await acceptedInvite(admin);
    for (const type of ['Founding', 'Travel Host']) {
      const res = await registerWith({ token: plain.token, name: 'N', type, password: 'a-good-password' });
      expect(res.status).toBe(400);
    }
    // The refusals did not use the token up.
    expect((await validateToken(plain.token)).status).toBe(200);
    const granted = await acceptedInvite(admin, { grantFounding: true });
    expect((await registerWith({ token: granted.token, name: 'F', type: 'Founding', password: 'a-good-password' })).status).toBe(201);
    const { results } = await env.DB.prepare('SELECT type FROM users WHERE email = ?').bind(granted.app.email).all<{ type: string }>();
    expect(results[0]!.type).toBe('Founding');
  });

  it('applies the form rules on the server: name, account type, password length', async () => {
    const admin = await createUser({ admin: true });
    const { token } = await acceptedInvite(admin);
    const cases: [Record<string, unknown>, string][] = [
      [{ token, name: ' ', type: 'Standard', password: 'a-good-password' }, 'Name is required.'],
      [{ token, name: 'N', password: 'a-good-password' }, 'Account type is required.'],
      [{ token, name: 'N', type: 'Standard', password: 'short' }, 'at least 8'],
      [{ token, name: 'N', type: 'Standard', password: 'x'.repeat(129) }, 'at most 128'],
    ];
    for (const [body, message] of cases) {
      const res = await registerWith(body);
      expect(res.status).toBe(400);
      expect((await res.json<{ message: string }>()).message).toContain(message);
    }
  });

  it('turns a Travel Host application property into the member first property', async () => {
    const admin = await createUser({ admin: true });
    const { app, token } = await acceptedInvite(admin, { membershipType: 'Travel Host' });
    expect((await registerWith({ token, name: 'Host', type: 'Travel Host', password: 'a-good-password' })).status).toBe(201);
    const { results } = await env.DB.prepare('SELECT p.* FROM properties p JOIN users u ON u.id = p.user_id WHERE u.email = ?')
      .bind(app.email)
      .all<Record<string, unknown>>();
    expect(results).toEqual([
      expect.objectContaining({
        address: '1 Ocean Drive, Maui',
        type: 'House',
        description: 'Three bedrooms by the sea.',
        availability: 'Seasonal',
      }),
    ]);
  });

  it('lets exactly one of two concurrent registrations with one token succeed', async () => {
    const admin = await createUser({ admin: true });
    const { app, token } = await acceptedInvite(admin);
    const body = { token, name: 'Racer', type: 'Standard', password: 'a-good-password' };
    const [a, b] = await Promise.all([registerWith(body), registerWith(body)]);
    expect([a.status, b.status].sort()).toEqual([201, expect.any(Number)]);
    expect([a.status, b.status].filter((s) => s === 201)).toHaveLength(1);
    const { results } = await env.DB.prepare('SELECT count(*) AS n FROM users WHERE email = ?').bind(app.email).all<{ n: number }>();
    expect(results[0]!.n).toBe(1);
  });

  it('refuses an expired token', async () => {
    const past = { ...createDeps(env), now: () => Date.now() - 8 * 24 * 3600 * 1000 };
    const email = `${unique()}@test.example`;
    const expired = await issueToken(past, 'registration', { email, allowedTypes: ['Standard'] });
    await expired.insert.run();
    const res = await registerWith({ token: expired.token, name: 'Late', type: 'Standard', password: 'a-good-password' });
    expect(res.status).toBe(400);
    expect((await res.json<{ message: string }>()).message).toBe(INVALID_REGISTRATION_TOKEN);
  });

  it('refuses when the email already has an account, keeping the token', async () => {
    const admin = await createUser({ admin: true });
    const { app, token } = await acceptedInvite(admin);
    const existing = await createUser({ email: app.email });
    expect((await registerWith({ token, name: 'Dup', type: 'Standard', password: 'a-good-password' })).status).toBe(409);
    expect((await userRow(existing.id))!.name).toBe(existing.name);
  });
});
