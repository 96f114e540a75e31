import { describe, expect, it } from 'vitest';
import { createUser, request, roles, trpc, type TestUser } from '../helpers';
import { submitApplication } from './membership-helpers';

// Every admin procedure and route of the membership issue, called as each role: visitors get
// 401, members (Standard, Founding, Travel Host) 403, admins through. The public forms are open
// to everyone (their own rules are tested in the topic files).

type Call = (as: TestUser | null, target: { userId: number; appId: number; codeId: number }) => Promise<Response>;

const adminCalls: Record<string, Call> = {
  'GET /api/applications': (as) => request('/api/applications', { as }),
  'PATCH /api/applications/:id/status': (as, t) =>
    request(`/api/applications/${t.appId}/status`, { method: 'PATCH', body: { accepted: false }, as }),
  'POST /api/applications/:id/resend-invitation': (as, t) =>
    request(`/api/applications/${t.appId}/resend-invitation`, { method: 'POST', as }),
  'GET /api/users': (as) => request('/api/users', { as }),
  'PUT /api/users/:id/privilege': (as, t) => request(`/api/users/${t.userId}/privilege`, { method: 'PUT', body: { type: 'Founding' }, as }),
  'PUT /api/users/:id/admin': (as, t) => request(`/api/users/${t.userId}/admin`, { method: 'PUT', body: { admin: false }, as }),
  'PUT /api/users/:id/reset-password-to-temp': (as, t) => request(`/api/users/${t.userId}/reset-password-to-temp`, { method: 'PUT', as }),
  'GET /api/invitation-codes': (as) => request('/api/invitation-codes', { as }),
  'POST /api/invitation-codes': (as) => request('/api/invitation-codes', { body: { note: 'matrix' }, as }),
  'GET /api/invitation-codes/:id/uses': (as, t) => request(`/api/invitation-codes/${t.codeId}/uses`, { as }),
  'POST /api/invitation-codes/:id/revoke': (as, t) => request(`/api/invitation-codes/${t.codeId}/revoke`, { method: 'POST', as }),
  'trpc membership.applications.list': (as) => trpc('membership.applications.list', { status: 'all' }, { as, type: 'query' }),
  'trpc membership.applications.decide': (as, t) => trpc('membership.applications.decide', { id: t.appId, accepted: false }, { as }),
  'trpc membership.applications.resendInvitation': (as, t) => trpc('membership.applications.resendInvitation', { id: t.appId }, { as }),
  'trpc admin.users.list': (as) => trpc('admin.users.list', undefined, { as, type: 'query' }),
  'trpc admin.users.changePrivilege': (as, t) => trpc('admin.users.changePrivilege', { id: t.userId, type: 'Founding' }, { as }),
  'trpc admin.users.setAdmin': (as, t) => trpc('admin.users.setAdmin', { id: t.userId, admin: false }, { as }),
  'trpc admin.users.resetPasswordToTemp': (as, t) => trpc('admin.users.resetPasswordToTemp', { id: t.userId }, { as }),
  'trpc membership.codes.list': (as) => trpc('membership.codes.list', undefined, { as, type: 'query' }),
  'trpc membership.codes.uses': (as, t) => trpc('membership.codes.uses', { id: t.codeId }, { as, type: 'query' }),
  'trpc membership.codes.create': (as) => trpc('membership.codes.create', { note: 'matrix' }, { as }),
  'trpc membership.codes.revoke': (as, t) => trpc('membership.codes.revoke', { id: t.codeId }, { as }),
};

async function freshTarget() {
  const app = await submitApplication();
  const member = await createUser();
  return { userId: member.id, appId: app.id, codeId: app.invitationCodeId! };
}

describe('membership authorization matrix', () => {
  const denied: [keyof typeof roles, number][] = [
    ['visitor', 401],
    ['standard', 403],
    ['founding', 403],
    ['travelHost', 403],
  ];
  for (const [role, status] of denied) {
    it(`denies every admin call to a ${role} with ${status}, changing nothing`, async () => {
      const as = await roles[role]();
      const target = await freshTarget();
      for (const [name, call] of Object.entries(adminCalls)) {
        const res = await call(as, target);
        expect(res.status, `${name} as ${role}`).toBe(status);
      }
      // Nothing moved: the application is still pending, the code not revoked.
      const admin = await roles.admin();
      const apps = await (await request('/api/applications?status=pending', { as: admin })).json<{ id: number }[]>();
      expect(apps.some((a) => a.id === target.appId)).toBe(true);
      const codes = await (await request('/api/invitation-codes', { as: admin })).json<{ id: number; status: string }[]>();
      expect(codes.find((c) => c.id === target.codeId)?.status).toBe('active');
    });
  }

  it('allows every admin call to an admin', async () => {
    for (const [name, call] of Object.entries(adminCalls)) {
      const admin = await roles.admin();
      const target = await freshTarget();
      // resend needs an accepted application; setAdmin false on a non-admin is a no-op success.
      if (name.toLowerCase().includes('resend'))
        await request(`/api/applications/${target.appId}/status`, { method: 'PATCH', body: { accepted: true }, as: admin });
      const res = await call(admin, target);
      expect(res.status, name).toBeLessThan(300);
    }
  });

  it('refuses every admin call to an admin without 2FA with 403 TWO_FACTOR_REQUIRED, changing nothing', async () => {
    const as = await createUser({ admin: true, twoFactor: false });
    const target = await freshTarget();
    for (const [name, call] of Object.entries(adminCalls)) {
      const res = await call(as, target);
      expect(res.status, name).toBe(403);
      const body = await res.json<{ code?: string; error?: { data: Record<string, unknown> } }>();
      if (name.startsWith('trpc ')) expect(body.error?.data, name).toMatchObject({ code: 'FORBIDDEN', appCode: 'TWO_FACTOR_REQUIRED' });
      else expect(body.code, name).toBe('TWO_FACTOR_REQUIRED');
    }
    const admin = await roles.admin();
    const codes = await (await request('/api/invitation-codes', { as: admin })).json<{ id: number; status: string }[]>();
    expect(codes.find((c) => c.id === target.codeId)?.status).toBe('active');
  });

  it('a member who must change the password is refused admin calls even as admin', async () => {
    const admin = await createUser({ admin: true, mustChangePassword: true });
    expect((await request('/api/users', { as: admin })).status).toBe(403);
  });

  it('leaves the public forms open to every role', async () => {
    for (const role of Object.keys(roles) as (keyof typeof roles)[]) {
      const as = await roles[role]();
      const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      expect((await request('/api/validate-code', { body: { code: 'NOPE' }, as, ip })).status, role).toBe(200);
      expect((await request('/forgot-password', { body: { email: 'nobody@nowhere.example' }, as, ip })).status, role).toBe(200);
      expect((await request(`/api/register/validate-token/${'n'.repeat(43)}`, { as, ip })).status, role).toBe(404);
    }
  });
});
