import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { REQUIRED_FIELDS } from '../../../src/shared/schemas/application';
import { INVALID_CODE } from '../../../src/shared/schemas/membership';
import { createUser, mailTo, request, trpc, untilLimited } from '../helpers';
import { applicationPayload, auditFor, codeRow, decide, insertCode, randomIp, submitApplication } from './membership-helpers';

const submit = (body: unknown) => request('/request', { body, ip: randomIp() });

async function expectRefused(res: Response, status: number, message: string) {
  expect(res.status).toBe(status);
  expect((await res.json<{ message: string }>()).message).toContain(message);
}

describe('POST /request', () => {
  it('stores a pending application and counts a use of the code', async () => {
    const code = await insertCode();
    const payload = applicationPayload(code.code, { email: '  Mixed.Case@Test.Example ' });
    const res = await submit(payload);
    expect(res.status).toBe(201);
    const { results } = await env.DB.prepare('SELECT * FROM applications WHERE invitation_code_id = ?')
      .bind(code.id)
      .all<Record<string, unknown>>();
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      email: 'mixed.case@test.example',
      accepted: null,
      membership_type: 'Standard',
      property_address: null,
    });
    expect(JSON.parse(results[0]!.interests as string)).toEqual(['Travel', 'Workshops']);
    expect((await codeRow(code.id)).useCount).toBe(1);
  });

  it('tells the applicant at once that it arrived, and what happens next, in an email not addressed to a member (issue 46)', async () => {
    const admin = await createUser({ admin: true });
    const app = await submitApplication();
    const [received] = await mailTo(app.email);
    expect(received).toMatchObject({ kind: 'application_received', subject: 'We received your application' });
    expect(received!.text).toContain('What happens next');
    expect(received!.text).toContain('create your account');
    expect(received!.text).toContain('because this address was given in an application to join');
    // Nor is the invitation to register, once she is accepted, addressed to a member.
    expect((await decide(admin, app.id, true)).status).toBe(200);
    const invitation = (await mailTo(app.email)).find((m) => m.kind === 'registration')!;
    for (const part of [invitation.text, invitation.html, received!.html]) expect(part).not.toContain('as a member');
    expect(invitation.text).toContain('because this address was invited to create an account');
  });

  it('refuses invalid, expired, revoked and used-up codes with the same answer and counts nothing', async () => {
    const codes = [await insertCode({ expiresAt: Date.now() - 1 }), await insertCode({ revoked: true }), await insertCode({ maxUses: 0 })];
    for (const c of codes) {
      await expectRefused(await submit(applicationPayload(c.code)), 400, INVALID_CODE);
      expect((await codeRow(c.id)).useCount).toBe(0);
    }
    await expectRefused(await submit(applicationPayload('NOT-A-CODE')), 400, INVALID_CODE);
  });

  it('applies the form rules: required fields, an interest, email format, step 3 choices', async () => {
    const { code } = await insertCode();
    for (const missing of ['full_name', 'email', 'phone', 'reason']) {
      await expectRefused(await submit(applicationPayload(code, { [missing]: '  ' })), 400, REQUIRED_FIELDS);
    }
    await expectRefused(await submit(applicationPayload(code, { interests: [] })), 400, REQUIRED_FIELDS);
    await expectRefused(await submit(applicationPayload(code, { interests: ['Golf'] })), 400, '');
    await expectRefused(await submit(applicationPayload(code, { email: 'not-an-email' })), 400, 'Invalid email format.');
    await expectRefused(await submit(applicationPayload(code, { availability: '' })), 400, REQUIRED_FIELDS);
    await expectRefused(await submit(applicationPayload(code, { membershipType: 'Founding' })), 400, REQUIRED_FIELDS);
  });

  it('takes a phone number from anywhere and stores it in E.164 (DECISIONS "International phone numbers")', async () => {
    for (const [typed, stored] of [
      ['+44 20 7946 0958', '+442079460958'],
      ['+81 3-1234-5678', '+81312345678'],
      ['0033 6 12 34 56 78', '+33612345678'],
      // SPEC 5's form, as numbers were stored before: still a number.
      ['1-4155550123', '+14155550123'],
      // The right length in a range the library does not know (issue 46): flagged by the form, kept normalised.
      ['+1-555-123-4567', '+15551234567'],
    ]) {
      const app = await submitApplication({ phone: typed });
      expect(app.phone).toBe(stored);
    }
  });

  it("refuses what is not a phone number with SPEC's 'Invalid phone number.' on the field", async () => {
    const { code } = await insertCode({ maxUses: 1 });
    for (const phone of ['555 1234', 'call me', '+44 20', '+999 123 4567']) {
      const res = await submit(applicationPayload(code, { phone }));
      expect(res.status).toBe(400);
      expect((await res.json<{ fieldErrors: Record<string, string[]> }>()).fieldErrors.phone).toEqual(['Invalid phone number.']);
    }
    // Nothing was stored and the code was not used up by the refused tries.
    expect((await submit(applicationPayload(code))).status).toBe(201);
  });

  it('requires the four property fields of a Travel Host and stores them', async () => {
    const { code } = await insertCode();
    for (const field of ['propertyAddress', 'propertyType', 'propertyDescription', 'propertyAvailability']) {
      const res = await submit(applicationPayload(code, { membershipType: 'Travel Host', [field]: '' }));
      expect(res.status).toBe(400);
      expect((await res.json<{ fieldErrors: Record<string, string[]> }>()).fieldErrors[field]).toEqual([REQUIRED_FIELDS]);
    }
    const app = await submitApplication({ membershipType: 'Travel Host' });
    expect(app).toMatchObject({ propertyAddress: '1 Ocean Drive, Maui', propertyAvailability: 'Seasonal' });
  });

  it('drops property fields sent with a Standard application', async () => {
    const app = await submitApplication({ propertyAddress: 'Somewhere', propertyType: 'Flat' });
    expect(app.propertyAddress).toBeNull();
  });

  it('works through tRPC too', async () => {
    const { code, id } = await insertCode();
    const res = await trpc('membership.submitApplication', applicationPayload(code));
    expect(res.status).toBe(200);
    expect((await codeRow(id)).useCount).toBe(1);
  });

  it('is rate limited per IP', async () => {
    const ip = '10.200.200.' + Math.floor(Math.random() * 250);
    const statuses = await untilLimited(20, () => request('/request', { body: applicationPayload('NOPE'), ip }));
    expect(statuses).toContain(429);
  });
});

describe('GET /api/applications', () => {
  it('lists by status with the SPEC 3 shape', async () => {
    const admin = await createUser({ admin: true });
    const pending = await submitApplication({ membershipType: 'Travel Host' });
    const rejected = await submitApplication();
    expect((await decide(admin, rejected.id, false)).status).toBe(200);

    const all = await (await request('/api/applications', { as: admin })).json<{ id: number }[]>();
    expect(all.map((a) => a.id)).toEqual(expect.arrayContaining([pending.id, rejected.id]));
    const pendingList = await (await request('/api/applications?status=pending', { as: admin })).json<Record<string, unknown>[]>();
    const card = pendingList.find((a) => a.id === pending.id);
    expect(card).toMatchObject({
      full_name: pending.fullName,
      email: pending.email,
      membership_type: 'Travel Host',
      accepted: null,
      interests: ['Travel', 'Workshops'],
      properties: { address: '1 Ocean Drive, Maui', type: 'House', description: 'Three bedrooms by the sea.', availability: 'Seasonal' },
    });
    expect(pendingList.some((a) => a.id === rejected.id)).toBe(false);
    const rejectedList = await (await request('/api/applications?status=rejected', { as: admin })).json<Record<string, unknown>[]>();
    expect(rejectedList.find((a) => a.id === rejected.id)).toMatchObject({ accepted: false, decided_by: admin.name });
    expect((await request('/api/applications?status=bogus', { as: admin })).status).toBe(400);
  });
});

describe('PATCH /api/applications/{id}/status', () => {
  it('accepting creates a 7-day registration token (hash only), emails /register/{token}, and audits', async () => {
    const admin = await createUser({ admin: true });
    const app = await submitApplication();
    const res = await decide(admin, app.id, true);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: app.id, accepted: true, granted_founding: false, decided_by: admin.name });

    const mail = (await mailTo(app.email))[0]!;
    expect(mail.kind).toBe('registration');
    const token = mail.text.match(/http:\/\/127\.0\.0\.1:8787\/register\/([A-Za-z0-9_-]{43})/)![1]!;
    const { results } = await env.DB.prepare('SELECT * FROM tokens WHERE application_id = ?').bind(app.id).all<Record<string, unknown>>();
    expect(results).toHaveLength(1);
    const row = results[0]!;
    expect(row.token_hash).not.toBe(token);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row).toMatchObject({ purpose: 'registration', email: app.email, used_at: null });
    expect(JSON.parse(row.allowed_types as string)).toEqual(['Standard']);
    expect((row.expires_at as number) - (row.created_at as number)).toBe(7 * 24 * 3600 * 1000);

    const audit = await auditFor('application', app.id);
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([['application.accept', admin.id]]);
  });

  it('granting Founding lets the invitee choose it', async () => {
    const admin = await createUser({ admin: true });
    const app = await submitApplication({ membershipType: 'Travel Host' });
    expect((await decide(admin, app.id, true, true)).status).toBe(200);
    const { results } = await env.DB.prepare('SELECT allowed_types FROM tokens WHERE application_id = ?')
      .bind(app.id)
      .all<{ allowed_types: string }>();
    expect(JSON.parse(results[0]!.allowed_types)).toEqual(['Travel Host', 'Founding']);
  });

  it('rejecting sends nothing and is audited', async () => {
    const admin = await createUser({ admin: true });
    const app = await submitApplication();
    expect((await decide(admin, app.id, false)).status).toBe(200);
    // Only the acknowledgement of her application (issue 46) was sent, before.
    expect((await mailTo(app.email)).map((m) => m.kind)).toEqual(['application_received']);
    expect((await auditFor('application', app.id)).map((a) => a.action)).toEqual(['application.reject']);
  });

  it('refuses a second decision with 409, and an unknown application with 404', async () => {
    const admin = await createUser({ admin: true });
    const app = await submitApplication();
    expect((await decide(admin, app.id, true)).status).toBe(200);
    expect((await decide(admin, app.id, false)).status).toBe(409);
    expect((await decide(admin, app.id, true)).status).toBe(409);
    expect((await decide(admin, 99_999_999, true)).status).toBe(404);
    expect((await request(`/api/applications/${app.id}/status`, { method: 'PATCH', body: { accepted: 'yes' }, as: admin })).status).toBe(
      400,
    );
  });

  it('lets exactly one of two concurrent decisions win, with one audit entry and one token', async () => {
    const [a1, a2] = [await createUser({ admin: true }), await createUser({ admin: true })];
    const app = await submitApplication();
    const [r1, r2] = await Promise.all([decide(a1, app.id, true), decide(a2, app.id, false)]);
    expect([r1.status, r2.status].sort()).toEqual([200, 409]);
    expect(await auditFor('application', app.id)).toHaveLength(1);
    const { results } = await env.DB.prepare('SELECT count(*) AS n FROM tokens WHERE application_id = ?').bind(app.id).all<{ n: number }>();
    expect(results[0]!.n).toBe(r1.status === 200 ? 1 : 0);
  });

  it('refuses to accept an applicant who is already a member', async () => {
    const admin = await createUser({ admin: true });
    const member = await createUser();
    const app = await submitApplication({ email: member.email });
    expect((await decide(admin, app.id, true)).status).toBe(409);
  });

  it('resends a fresh invitation for an accepted application; the old link stops working', async () => {
    const admin = await createUser({ admin: true });
    const app = await submitApplication();
    await decide(admin, app.id, true);
    const first = (await mailTo(app.email))[0]!.text.match(/\/register\/([A-Za-z0-9_-]+)/)![1]!;
    const res = await request(`/api/applications/${app.id}/resend-invitation`, { method: 'POST', as: admin });
    expect(res.status).toBe(200);
    const mails = (await mailTo(app.email)).filter((m) => m.kind === 'registration');
    expect(mails).toHaveLength(2);
    const second = mails[0]!.text.match(/\/register\/([A-Za-z0-9_-]+)/)![1]!;
    expect(second).not.toBe(first);
    expect((await request(`/api/register/validate-token/${first}`, { ip: randomIp() })).status).toBe(404);
    expect((await request(`/api/register/validate-token/${second}`, { ip: randomIp() })).status).toBe(200);
    expect((await auditFor('application', app.id)).map((a) => a.action).sort()).toEqual([
      'application.accept',
      'application.resend_invitation',
    ]);

    const pending = await submitApplication();
    expect((await request(`/api/applications/${pending.id}/resend-invitation`, { method: 'POST', as: admin })).status).toBe(409);
  });
});
