import { describe, expect, it } from 'vitest';
import { ENTER_CODE, INVALID_CODE } from '../../../src/shared/schemas/membership';
import { createUser, request, trpc, untilLimited } from '../helpers';
import { applicationPayload, auditFor, codeRow, insertCode, randomIp } from './membership-helpers';

const validate = (code: unknown, ip = randomIp()) => request('/api/validate-code', { body: { code }, ip });

describe('POST /api/validate-code', () => {
  it('accepts a usable code, ignoring case and spaces', async () => {
    const code = await insertCode({ maxUses: 3, expiresAt: Date.now() + 60_000 });
    const res = await validate(`  ${code.code.toLowerCase()} `);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ valid: true });
  });

  it('answers unknown, expired, revoked and used-up codes identically', async () => {
    const expired = await insertCode({ expiresAt: Date.now() - 1000 });
    const revoked = await insertCode({ revoked: true });
    const usedUp = await insertCode({ maxUses: 1 });
    const ok = await request('/request', { body: applicationPayload(usedUp.code), ip: randomIp() });
    expect(ok.status).toBe(201);
    const answers = await Promise.all(
      ['NO-SUCH-CODE-42', expired.code, revoked.code, usedUp.code].map(async (c) => {
        const res = await validate(c);
        return { status: res.status, body: await res.json() };
      }),
    );
    for (const a of answers) expect(a).toEqual({ status: 200, body: { valid: false, error: INVALID_CODE } });
  });

  it('asks for a code when it is empty', async () => {
    const res = await validate('   ');
    expect(res.status).toBe(400);
    expect((await res.json<{ message: string }>()).message).toContain(ENTER_CODE);
  });

  it('is rate limited per IP with 429', async () => {
    const ip = randomIp();
    const statuses = await untilLimited(20, () => validate('NOPE-CODE', ip));
    expect(statuses).toContain(429);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    // Another IP is not affected.
    expect((await validate('NOPE-CODE')).status).toBe(200);
  });
});

describe('invitation codes (admin)', () => {
  it('creates a code with expiry, maximum uses and note, lists it, and audits it', async () => {
    const admin = await createUser({ admin: true });
    const expiresAt = Date.now() + 7 * 86_400_000;
    const res = await request('/api/invitation-codes', {
      body: { code: 'spring-salon-' + Date.now(), note: 'Spring salon', max_uses: 5, expires_at: new Date(expiresAt).toISOString() },
      as: admin,
    });
    expect(res.status).toBe(201);
    const created = await res.json<{ id: number; code: string; status: string; max_uses: number; expires_at: string }>();
    expect(created.code).toMatch(/^SPRING-SALON-/);
    expect(created).toMatchObject({ status: 'active', max_uses: 5, expires_at: new Date(expiresAt).toISOString() });
    const list = await (
      await request('/api/invitation-codes', { as: admin })
    ).json<{ code: string; created_by_name: string; created_by_id: number; note: string }[]>();
    expect(list.find((c) => c.code === created.code)).toMatchObject({
      created_by_name: admin.name,
      created_by_id: admin.id,
      note: 'Spring salon',
    });
    const audit = await auditFor('invitation_code', created.code);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, action: 'invitation_code.create' });
  });

  it('still takes the old spellings maxUses and expiresAt (Unix ms), documented as deprecated (issue 47)', async () => {
    const admin = await createUser({ admin: true });
    const expiresAt = Date.now() + 86_400_000;
    const res = await request('/api/invitation-codes', { body: { maxUses: 3, expiresAt }, as: admin });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ max_uses: 3, expires_at: new Date(expiresAt).toISOString() });
    // The new name wins when both come; an old name's error is reported under the new one.
    const both = await request('/api/invitation-codes', { body: { max_uses: 2, maxUses: 9 }, as: admin });
    expect(await both.json()).toMatchObject({ max_uses: 2 });
    const bad = await request('/api/invitation-codes', { body: { expiresAt: Date.now() - 1000 }, as: admin });
    expect(await bad.json()).toMatchObject({ fieldErrors: { expires_at: ['The expiry must be in the future.'] } });
    const doc = await (await request('/api/openapi.json')).json<{ paths: Record<string, { post: { requestBody: unknown } }> }>();
    const body = doc.paths['/api/invitation-codes']!.post.requestBody as {
      content: { 'application/json': { schema: { properties: Record<string, { deprecated?: boolean; format?: string }> } } };
    };
    const fields = body.content['application/json'].schema.properties;
    expect(fields.maxUses?.deprecated).toBe(true);
    expect(fields.expiresAt?.deprecated).toBe(true);
    expect(fields.expires_at).toMatchObject({ anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] });
    expect(fields.max_uses?.deprecated).toBeUndefined();
  });

  it('generates a code when none is given and refuses a duplicate with 409', async () => {
    const admin = await createUser({ admin: true });
    const res = await trpc('membership.codes.create', {}, { as: admin });
    expect(res.status).toBe(200);
    const code = (await res.json<{ result: { data: { code: string } } }>()).result.data.code;
    expect(code).toMatch(/^OWOW-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const again = await request('/api/invitation-codes', { body: { code }, as: admin });
    expect(again.status).toBe(409);
  });

  it('refuses an expiry in the past and a bad maximum', async () => {
    const admin = await createUser({ admin: true });
    expect(
      (await request('/api/invitation-codes', { body: { expires_at: new Date(Date.now() - 1000).toISOString() }, as: admin })).status,
    ).toBe(400);
    expect((await request('/api/invitation-codes', { body: { max_uses: 0 }, as: admin })).status).toBe(400);
    expect((await request('/api/invitation-codes', { body: { code: 'no spaces!' }, as: admin })).status).toBe(400);
  });

  it('revokes a code (then it no longer validates), audits it, and refuses a second revoke', async () => {
    const admin = await createUser({ admin: true });
    const code = await insertCode();
    expect(await (await validate(code.code)).json()).toEqual({ valid: true });
    const res = await request(`/api/invitation-codes/${code.id}/revoke`, { method: 'POST', as: admin });
    expect(res.status).toBe(200);
    expect((await codeRow(code.id)).revokedAt).not.toBeNull();
    expect(await (await validate(code.code)).json()).toEqual({ valid: false, error: INVALID_CODE });
    expect((await request(`/api/invitation-codes/${code.id}/revoke`, { method: 'POST', as: admin })).status).toBe(409);
    expect((await request(`/api/invitation-codes/999999/revoke`, { method: 'POST', as: admin })).status).toBe(404);
    expect((await auditFor('invitation_code', code.code)).map((a) => a.action)).toEqual(['invitation_code.revoke']);
    const list = await (await request('/api/invitation-codes', { as: admin })).json<{ id: number; status: string }[]>();
    expect(list.find((c) => c.id === code.id)?.status).toBe('revoked');
  });

  it('counts a use per application and lists the uses', async () => {
    const admin = await createUser({ admin: true });
    const code = await insertCode({ maxUses: 2 });
    const payload = applicationPayload(code.code);
    expect((await request('/request', { body: payload, ip: randomIp() })).status).toBe(201);
    expect((await codeRow(code.id)).useCount).toBe(1);
    const uses = await (await request(`/api/invitation-codes/${code.id}/uses`, { as: admin })).json<{ email: string; accepted: null }[]>();
    expect(uses).toEqual([expect.objectContaining({ email: payload.email, full_name: payload.full_name, accepted: null })]);
    const list = await (await request('/api/invitation-codes', { as: admin })).json<{ id: number; use_count: number; status: string }[]>();
    expect(list.find((c) => c.id === code.id)).toMatchObject({ use_count: 1, status: 'active' });
  });

  it('gives the last use of a code to exactly one of two concurrent applications', async () => {
    const code = await insertCode({ maxUses: 1 });
    const [a, b] = await Promise.all([
      request('/request', { body: applicationPayload(code.code), ip: randomIp() }),
      request('/request', { body: applicationPayload(code.code), ip: randomIp() }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    expect((await codeRow(code.id)).useCount).toBe(1);
  });
});
