import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createUser, request, trpc, userRow, type TestUser } from '../helpers';
import { auditFor } from '../membership/membership-helpers';

const privilege = (admin: TestUser, id: number, type: unknown) =>
  request(`/api/users/${id}/privilege`, { method: 'PUT', body: { type }, as: admin });
const setAdmin = (admin: TestUser, id: number, value: boolean) =>
  request(`/api/users/${id}/admin`, { method: 'PUT', body: { admin: value }, as: admin });

describe('GET /api/users', () => {
  it('lists every member with name, email, type and admin flag', async () => {
    const admin = await createUser({ admin: true });
    const member = await createUser({ type: 'Travel Host' });
    const list = await (await request('/api/users?limit=100', { as: admin })).json<Record<string, unknown>[]>();
    expect(list.length).toBeLessThan(100); // every member of this file's D1 is on the one page
    expect(list.find((u) => u.user_id === member.id)).toMatchObject({
      name: member.name,
      email: member.email,
      type: 'Travel Host',
      admin: false,
    });
    expect(list.find((u) => u.user_id === admin.id)).toMatchObject({ admin: true });
    expect(list[0]).not.toHaveProperty('password_hash');
    expect(JSON.stringify(list)).not.toContain('scrypt$');
  });
});

describe('PUT /api/users/{id}/privilege', () => {
  it('changes the type among Founding, Standard and Travel Host and audits it', async () => {
    const admin = await createUser({ admin: true });
    const member = await createUser({ type: 'Standard' });
    for (const type of ['Founding', 'Travel Host', 'Standard']) {
      const res = await privilege(admin, member.id, type);
      expect(res.status).toBe(200);
      expect((await userRow(member.id))!.type).toBe(type);
    }
    const audit = await auditFor('user', member.id);
    expect(audit.map((a) => a.details)).toEqual([
      { from: 'Standard', to: 'Founding' },
      { from: 'Founding', to: 'Travel Host' },
      { from: 'Travel Host', to: 'Standard' },
    ]);
    expect(audit.every((a) => a.actorId === admin.id && a.action === 'user.privilege')).toBe(true);
  });

  it('refuses an unknown type (400) and an unknown member (404)', async () => {
    const admin = await createUser({ admin: true });
    const member = await createUser();
    expect((await privilege(admin, member.id, 'Platinum')).status).toBe(400);
    expect((await privilege(admin, 99_999_999, 'Founding')).status).toBe(404);
  });

  it('is the same through tRPC', async () => {
    const admin = await createUser({ admin: true });
    const member = await createUser();
    expect((await trpc('admin.users.changePrivilege', { id: member.id, type: 'Founding' }, { as: admin })).status).toBe(200);
    expect((await userRow(member.id))!.type).toBe('Founding');
  });
});

describe('PUT /api/users/{id}/admin', () => {
  it('grants and removes the admin flag, audited', async () => {
    const admin = await createUser({ admin: true });
    const member = await createUser();
    expect((await setAdmin(admin, member.id, true)).status).toBe(200);
    expect((await userRow(member.id))!.isAdmin).toBe(true);
    expect((await setAdmin(admin, member.id, false)).status).toBe(200);
    expect((await userRow(member.id))!.isAdmin).toBe(false);
    expect((await auditFor('user', member.id)).map((a) => a.action)).toEqual(['user.grant_admin', 'user.revoke_admin']);
  });

  it('refuses to let an admin remove their own flag', async () => {
    const admin = await createUser({ admin: true });
    const res = await setAdmin(admin, admin.id, false);
    expect(res.status).toBe(409);
    expect((await res.json<{ message: string }>()).message).toBe('You cannot remove your own admin rights.');
    expect((await userRow(admin.id))!.isAdmin).toBe(true);
  });

  it('never demotes the last admin', async () => {
    // Make the two test admins the only admins for this check, then restore the others.
    const { results: others } = await env.DB.prepare('SELECT id FROM users WHERE is_admin = 1').all<{ id: number }>();
    const a = await createUser({ admin: true });
    const b = await createUser({ admin: true });
    await env.DB.prepare(`UPDATE users SET is_admin = 0 WHERE is_admin = 1 AND id NOT IN (?, ?)`).bind(a.id, b.id).run();
    try {
      expect((await setAdmin(a, b.id, false)).status).toBe(200);
      // a is now the last admin; b (no longer admin) cannot act, and a cannot demote itself.
      expect((await setAdmin(b, a.id, false)).status).toBe(403);
      expect((await setAdmin(a, a.id, false)).status).toBe(409);
      expect((await userRow(a.id))!.isAdmin).toBe(true);
      // Two admins demoting each other at once: one must remain.
      await setAdmin(a, b.id, true);
      const [r1, r2] = await Promise.all([setAdmin(a, b.id, false), setAdmin(b, a.id, false)]);
      expect([r1.status, r2.status]).toContain(200);
      const { results } = await env.DB.prepare('SELECT count(*) AS n FROM users WHERE is_admin = 1').all<{ n: number }>();
      expect(results[0]!.n).toBe(1);
    } finally {
      for (const { id } of others) await env.DB.prepare('UPDATE users SET is_admin = 1 WHERE id = ?').bind(id).run();
    }
  });
});
