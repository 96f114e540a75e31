import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { FORGOT_PASSWORD_ANSWER, INVALID_RESET_TOKEN, PASSWORD_RESET_DONE } from '../../../src/shared/schemas/membership';
import { sessions } from '../../../src/worker/db/schema/users';
import { createDeps } from '../../../src/worker/platform/deps';
import { issueToken } from '../../../src/worker/modules/membership/single-use-tokens';
import { createUser, deps, mailTo, request, TEST_PASSWORD, unique, untilLimited, userRow } from '../helpers';
import { auditFor, randomIp, tokenMailedTo } from './membership-helpers';

const forgot = (email: string, ip = randomIp()) => request('/forgot-password', { body: { email }, ip });
const reset = (token: string, newPassword: string, ip = randomIp()) => request('/reset-password', { body: { token, newPassword }, ip });
const loginWith = (email: string, password: string) => request('/login', { body: { email, password }, ip: randomIp() });
const sessionCount = async (userId: number) => (await deps().db.select().from(sessions).where(eq(sessions.userId, userId))).length;

/** The reset email is sent after the answer (waitUntil): wait for it. */
async function resetTokenFor(email: string) {
  await vi.waitFor(async () => expect((await mailTo(email)).length).toBeGreaterThan(0), { timeout: 5000, interval: 50 });
  return tokenMailedTo(email, '/reset-password/');
}

describe('POST /forgot-password', () => {
  it('answers the same text for a member and for an unknown email; only the member gets mail', async () => {
    const member = await createUser();
    const unknown = `${unique()}@nowhere.example`;
    const a = await forgot(member.email.toUpperCase());
    const b = await forgot(unknown);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [ta, tb] = [await a.text(), await b.text()];
    expect(ta).toBe(FORGOT_PASSWORD_ANSWER);
    expect(tb).toBe(ta);
    const token = await resetTokenFor(member.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await mailTo(member.email))[0]!.kind).toBe('password_reset');
    expect(await mailTo(unknown)).toHaveLength(0);
    const { results } = await env.DB.prepare("SELECT * FROM tokens WHERE user_id = ? AND purpose = 'password_reset'")
      .bind(member.id)
      .all<Record<string, unknown>>();
    expect(results).toHaveLength(1);
    expect((results[0]!.expires_at as number) - (results[0]!.created_at as number)).toBe(3600 * 1000);
  });

  it('does not send a second email within a minute', async () => {
    const member = await createUser();
    await forgot(member.email);
    await resetTokenFor(member.email);
    await forgot(member.email);
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailTo(member.email)).toHaveLength(1);
  });

  it('requires a valid email and is rate limited per IP', async () => {
    expect((await forgot('not-an-email')).status).toBe(400);
    const ip = randomIp();
    const statuses = await untilLimited(20, () => forgot(`${unique()}@nowhere.example`, ip));
    expect(statuses).toContain(429);
  });
});

describe('POST /reset-password', () => {
  it('sets the new password, ends every session, uses the token up', async () => {
    const member = await createUser({ mustChangePassword: true });
    await forgot(member.email);
    const token = await resetTokenFor(member.email);
    expect(await sessionCount(member.id)).toBe(1);
    const res = await reset(token, 'a-brand-new-password');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(PASSWORD_RESET_DONE);
    expect(await sessionCount(member.id)).toBe(0);
    expect((await request('/auth-status', { as: member })).status).toBe(200);
    expect(await (await request('/auth-status', { as: member })).json()).toMatchObject({ authenticated: false });
    expect((await userRow(member.id))!.mustChangePassword).toBe(false);
    expect((await loginWith(member.email, TEST_PASSWORD)).status).toBe(401);
    expect((await loginWith(member.email, 'a-brand-new-password')).status).toBe(200);

    const again = await reset(token, 'another-password');
    expect(again.status).toBe(400);
    expect(await again.text()).toBe(INVALID_RESET_TOKEN);
  });

  it('answers unknown, expired and registration tokens with the same text', async () => {
    const member = await createUser();
    const past = { ...createDeps(env), now: () => Date.now() - 2 * 3600 * 1000 };
    const expired = await issueToken(past, 'password_reset', { userId: member.id, email: member.email });
    await expired.insert.run();
    const registration = await issueToken(createDeps(env), 'registration', {
      email: `${unique()}@test.example`,
      allowedTypes: ['Standard'],
    });
    await registration.insert.run();
    for (const t of ['z'.repeat(43), expired.token, registration.token]) {
      const res = await reset(t, 'a-brand-new-password');
      expect(res.status).toBe(400);
      expect(await res.text()).toBe(INVALID_RESET_TOKEN);
    }
    expect((await loginWith(member.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('lets exactly one of two concurrent uses of a token succeed', async () => {
    const member = await createUser();
    const issued = await issueToken(createDeps(env), 'password_reset', { userId: member.id, email: member.email });
    await issued.insert.run();
    const [a, b] = await Promise.all([reset(issued.token, 'first-new-password'), reset(issued.token, 'second-new-password')]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
  });

  it('enforces 8 to 128 characters', async () => {
    const res = await reset('q'.repeat(43), 'short');
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('at least 8');
    expect((await reset('q'.repeat(43), 'x'.repeat(129))).status).toBe(400);
  });

  it('only the newest link works', async () => {
    const member = await createUser();
    // Issued two minutes ago (a request within the last minute would not send a second mail).
    const earlier = { ...createDeps(env), now: () => Date.now() - 2 * 60 * 1000 };
    const first = await issueToken(earlier, 'password_reset', { userId: member.id, email: member.email });
    await first.insert.run();
    await forgot(member.email);
    const newest = await resetTokenFor(member.email);
    expect((await reset(first.token, 'a-brand-new-password')).status).toBe(400);
    expect((await reset(newest, 'a-brand-new-password')).status).toBe(200);
  });
});

describe('PUT /api/users/{id}/reset-password-to-temp', () => {
  it('returns a random temporary password once, forces a change, ends sessions, and audits', async () => {
    const admin = await createUser({ admin: true });
    const member = await createUser();
    const res = await request(`/api/users/${member.id}/reset-password-to-temp`, {
      method: 'PUT',
      body: { password: '{secret}' },
      as: admin,
    });
    expect(res.status).toBe(200);
    const { temporary_password: temporaryPassword } = await res.json<{ temporary_password: string }>();
    expect(temporaryPassword).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(temporaryPassword).not.toBe('{secret}');
    expect(await sessionCount(member.id)).toBe(0);
    expect((await userRow(member.id))!.mustChangePassword).toBe(true);
    expect((await loginWith(member.email, '{secret}')).status).toBe(401);
    const login = await loginWith(member.email, temporaryPassword);
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ user: { must_change_password: true } });
    expect((await auditFor('user', member.id)).map((a) => [a.action, a.actorId])).toEqual([['user.reset_password', admin.id]]);

    const second = await (
      await request(`/api/users/${member.id}/reset-password-to-temp`, { method: 'PUT', as: admin })
    ).json<{ temporary_password: string }>();
    expect(second.temporary_password).not.toBe(temporaryPassword);
  });

  it('refuses an unknown member (404) and the admin themself (409)', async () => {
    const admin = await createUser({ admin: true });
    expect((await request('/api/users/99999999/reset-password-to-temp', { method: 'PUT', as: admin })).status).toBe(404);
    expect((await request(`/api/users/${admin.id}/reset-password-to-temp`, { method: 'PUT', as: admin })).status).toBe(409);
  });
});
