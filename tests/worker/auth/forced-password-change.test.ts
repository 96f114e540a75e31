import { describe, expect, it } from 'vitest';
import { appRouter } from '../../../src/worker/router';
import { cookieFrom, createUser, request, trpc, userRow, type TestUser } from '../helpers';

// Issue 14 "Membership gaps": a member whose password an admin reset signs in with the temporary
// password, and the server refuses her everything but the change (auth status says so) until she
// has changed it. Every tRPC procedure is walked, so a procedure added later is covered too.

const FORCED = 'You must choose a new password before continuing.';

/**
 * What a member in the middle of a forced change may still call: reading her own status and
 * details, signing in and out, the change itself, whether 2FA is on; and the public forms, which
 * a visitor may call anyway (not called here: they write and are rate limited).
 */
const STILL_OPEN = new Set(['auth.status', 'auth.details', 'auth.logout', 'auth.updatePassword', 'auth.twoFactor.status']);
const PUBLIC = new Set([
  'auth.login',
  'auth.loginTwoFactor',
  'auth.passkeys.authenticationOptions',
  'auth.passkeys.authenticate',
  'membership.validateCode',
  'membership.submitApplication',
  'membership.registrationInvite',
  'membership.register',
  'membership.forgotPassword',
  'membership.resetPassword',
  // The public Activities page's member counts (issue 39): what a visitor sees too.
  'circles.counts',
]);

// tRPC keeps every procedure of the merged routers under its dotted path.
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: 'query' | 'mutation' } }>).map(
  ([path, p]) => ({ path, type: p._def.type }),
);

async function adminResets(member: TestUser): Promise<string> {
  const admin = await createUser({ admin: true });
  const res = await request(`/api/users/${member.id}/reset-password-to-temp`, { method: 'PUT', as: admin });
  expect(res.status).toBe(200);
  return (await res.json<{ temporary_password: string }>()).temporary_password;
}

/** Signs in with the temporary password, as the login form does. */
async function signIn(member: TestUser, password: string): Promise<TestUser & { answer: unknown }> {
  const res = await request('/login', { body: { email: member.email, password } });
  expect(res.status).toBe(200);
  return { ...member, cookie: cookieFrom(res, 'owow_session')!, answer: await res.json() };
}

describe('a password reset by an admin', () => {
  it('is changed before anything else: login and auth status say so, every other procedure is refused', async () => {
    const member = await createUser({ type: 'Founding' });
    const temporary = await adminResets(member);
    const forced = await signIn(member, temporary);
    expect(forced.answer).toMatchObject({ ok: true, user: { must_change_password: true } });
    expect(await (await request('/auth-status', { as: forced })).json()).toMatchObject({
      authenticated: true,
      user: { user_id: member.id, must_change_password: true },
    });

    expect(procedures.length).toBeGreaterThan(50);
    const open: string[] = [];
    for (const { path, type } of procedures) {
      if (PUBLIC.has(path) || STILL_OPEN.has(path)) continue;
      // No input at all: the refusal comes before the input is read, whatever the procedure wants.
      const res = await trpc(path, undefined, { as: forced, type });
      const body = await res.json<{ error?: { message: string; data: { httpStatus: number } } }>();
      if (res.status !== 403 || body.error?.message !== FORCED) open.push(`${path} answered ${res.status} ${body.error?.message ?? ''}`);
    }
    expect(open).toEqual([]);

    // REST: the same services, so the same refusal (a sample of members' and admins' paths).
    for (const [method, path] of [
      ['GET', '/api/events'],
      ['GET', '/api/events/mine'],
      ['GET', '/api/images'],
      ['GET', '/api/comments?commentableId=event-1'],
      ['GET', '/api/account/export'],
      ['GET', '/api/users'],
      ['POST', '/update-user'],
    ] as const) {
      const res = await request(path, { method, as: forced, ...(method === 'POST' ? { body: { name: 'Someone else' } } : {}) });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    // Not even deleting the account: the admin who reset it knows the temporary password.
    const deletion = await request('/api/account', { method: 'DELETE', as: forced, body: { password: temporary } });
    expect(deletion.status).toBe(403);
    expect(await userRow(member.id)).toBeDefined();
  });

  it('opens everything again once she has changed it, and only then', async () => {
    const member = await createUser({ type: 'Standard' });
    const temporary = await adminResets(member);
    const forced = await signIn(member, temporary);
    // The change needs the temporary password itself.
    const wrong = await request('/update-password', {
      as: forced,
      body: { oldPassword: 'not it at all', newPassword: 'a fresh one 2026' },
    });
    expect(wrong.status).toBe(400);
    expect((await request('/api/events', { as: forced })).status).toBe(403);

    const change = await request('/update-password', { as: forced, body: { oldPassword: temporary, newPassword: 'a fresh one 2026' } });
    expect(change.status).toBe(200);
    const changed = { ...member, cookie: cookieFrom(change, 'owow_session')! };
    expect((await userRow(member.id))!.mustChangePassword).toBe(false);
    expect(await (await request('/auth-status', { as: changed })).json()).toMatchObject({ user: { must_change_password: false } });
    expect((await request('/api/events', { as: changed })).status).toBe(200);
    expect((await trpc('events.mySchedule', undefined, { as: changed, type: 'query' })).status).toBe(200);
    // The session that signed in with the temporary password is over.
    expect(await (await request('/auth-status', { as: forced })).json()).toMatchObject({ authenticated: false });
    expect((await request('/login', { body: { email: member.email, password: temporary } })).status).toBe(401);
  });
});
