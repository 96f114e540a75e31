import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE, EMAIL_PASSWORD_MESSAGE, passwordProblem } from '../../../src/worker/modules/auth/password-policy';
import { DEMO_MEMBERS } from '../../../scripts/lib/seed/members';
import { SEED_DEFAULTS } from '../../../scripts/lib/seed/options';
import { createUser, request, TEST_PASSWORD, trpc } from '../helpers';

const ranked = dictionary['passwords-common'];

describe('password policy', () => {
  it('refuses the 10,000 most common passwords of the shipped list, in any case, and nothing past them', async () => {
    expect(await passwordProblem(ranked[0]!)).toBe(COMMON_PASSWORD_MESSAGE);
    expect(await passwordProblem(ranked[9_999]!)).toBe(COMMON_PASSWORD_MESSAGE);
    expect(await passwordProblem('password123')).toBe(COMMON_PASSWORD_MESSAGE);
    expect(await passwordProblem('PassWord123')).toBe(COMMON_PASSWORD_MESSAGE);
    expect(await passwordProblem('qwertyuiop')).toBe(COMMON_PASSWORD_MESSAGE);
    // Rank 10,001 and beyond pass (unless the same word also ranks higher).
    const beyond = ranked.slice(10_000).find((p) => !ranked.slice(0, 10_000).includes(p))!;
    expect(await passwordProblem(beyond)).toBeNull();
  });

  it('refuses the email address and its local part, whatever the case', async () => {
    expect(await passwordProblem('Ada.Lovelace@Example.org', { email: 'ada.lovelace@example.org' })).toBe(EMAIL_PASSWORD_MESSAGE);
    expect(await passwordProblem('ADA.LOVELACE', { email: 'ada.lovelace@example.org' })).toBe(EMAIL_PASSWORD_MESSAGE);
    expect(await passwordProblem('ada.lovelace!', { email: 'ada.lovelace@example.org' })).toBeNull();
  });

  it('accepts the passwords the seed, the demo, the worker tests and the browser tests set', async () => {
    // The seed's defaults (read from the seed itself), tests/worker, tests/e2e/fixtures.ts and membership.spec.ts.
    expect(await passwordProblem(SEED_DEFAULTS.adminPassword, { email: SEED_DEFAULTS.adminEmail })).toBeNull();
    for (const m of DEMO_MEMBERS) expect(await passwordProblem(SEED_DEFAULTS.demoPassword, { email: m.email })).toBeNull();
    for (const p of [
      'club-admin-2026',
      'club-member-2026',
      TEST_PASSWORD,
      'a-good-password',
      'a brand new secret',
      'a-brand-new-password',
    ]) {
      expect(await passwordProblem(p, { email: 'admin@club.example' }), p).toBeNull();
    }
    for (const p of ['salon-evenings-2026', 'quiet-mornings-2026']) expect(await passwordProblem(p), p).toBeNull();
  });
});

describe('changing the password', () => {
  it('POST /update-password refuses a common password and the email, and keeps the old password', async () => {
    const u = await createUser();
    const common = await request('/update-password', { body: { oldPassword: TEST_PASSWORD, newPassword: 'iloveyou1' }, as: u });
    expect(common.status).toBe(400);
    expect(await common.json()).toMatchObject({
      message: COMMON_PASSWORD_MESSAGE,
      fieldErrors: { newPassword: [COMMON_PASSWORD_MESSAGE] },
    });
    const own = await request('/update-password', { body: { oldPassword: TEST_PASSWORD, newPassword: u.email.toUpperCase() }, as: u });
    expect(own.status).toBe(400);
    expect(await own.json()).toMatchObject({ message: EMAIL_PASSWORD_MESSAGE });
    // Still signed in with the old password.
    expect((await request('/login', { body: { email: u.email, password: TEST_PASSWORD } })).status).toBe(200);
  });

  it('the tRPC procedure answers the same message', async () => {
    const u = await createUser();
    const res = await trpc('auth.updatePassword', { oldPassword: TEST_PASSWORD, newPassword: 'football1' }, { as: u });
    expect(res.status).toBe(400);
    const body = await res.json<{ error: { message: string; data: { fieldErrors?: Record<string, string[]> } } }>();
    expect(body.error.message).toBe(COMMON_PASSWORD_MESSAGE);
    expect(body.error.data.fieldErrors).toEqual({ newPassword: [COMMON_PASSWORD_MESSAGE] });
  });
});
