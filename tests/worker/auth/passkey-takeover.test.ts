// Issue 45, item 2: a stolen session must not become a permanent passkey. Adding one asks who
// she is (her password, a current code, or a passkey sign-in of this session within five
// minutes), as removing one does; she is emailed about every passkey added; a password reset
// removes every passkey (but an admin's only second factor), and a password change does unless she unticks "Also remove my passkeys".
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { auditLog } from '../../../src/worker/db/schema/membership';
import { passkeys } from '../../../src/worker/db/schema/passkeys';
import { sessions } from '../../../src/worker/db/schema/users';
import { PASSKEY_SIGN_IN_FIRST } from '../../../src/worker/modules/auth/sessions';
import { sha256Hex } from '../../../src/worker/platform/crypto';
import { createUser, deps, freshTotpCode, loginThrough, mailTo, request, TEST_PASSWORD, trpc, unique, type TestUser } from '../helpers';
import { randomIp, tokenMailedTo } from '../membership/membership-helpers';
import { addPasskey, newAuthenticator, registrationOptions, sendRegistration, signedInAs, signInWithPasskey } from './passkey-helpers';

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const passkeysOf = (u: TestUser) => deps().db.select().from(passkeys).where(eq(passkeys.userId, u.id));
const fieldOf = async (res: Response) => ((await res.json()) as { fieldErrors?: Record<string, string[]> }).fieldErrors ?? {};

describe('adding a passkey asks who she is', () => {
  it('a session cookie alone gets 403 naming the password, and no challenge; a wrong password 403 too', async () => {
    const u = await createUser();
    const bare = await registrationOptions(u, { proof: {} });
    expect(bare.status).toBe(403);
    expect(bare.cookie).toBeNull();
    expect((bare.options as unknown as { fieldErrors: Record<string, string[]> }).fieldErrors.password).toEqual([
      'Please confirm it is you: enter your password.',
    ]);
    const wrong = await registrationOptions(u, { proof: { password: 'not her password' } });
    expect(wrong.status).toBe(403);
    expect((wrong.options as unknown as { fieldErrors: Record<string, string[]> }).fieldErrors.password).toEqual([
      'The password is not correct.',
    ]);
    // The tRPC twin asks the same.
    expect((await trpc('auth.passkeys.registrationOptions', {}, { as: u })).status).toBe(403);
    expect((await trpc('auth.passkeys.registrationOptions', { password: TEST_PASSWORD }, { as: u })).status).toBe(200);
    expect(await passkeysOf(u)).toEqual([]);

    const right = await registrationOptions(u);
    expect(right.status).toBe(200);
    const response = await (await newAuthenticator()).register(right.options);
    expect((await sendRegistration(u, right.cookie, { response })).status).toBe(201);
  });

  it('a current code of her authenticator app does, once', async () => {
    const u = await createUser({ twoFactor: true });
    const code = await freshTotpCode(u);
    expect((await registrationOptions(u, { proof: { code } })).status).toBe(200);
    const again = await request('/api/passkeys/registration/options', { method: 'POST', as: u, body: { code } });
    expect(again.status).toBe(403);
    expect(Object.keys(await fieldOf(again))).toEqual(['code']);
  });

  it('a passkey sign-in of this session stands in for five minutes', async () => {
    const u = await createUser();
    const authenticator = await newAuthenticator();
    expect((await addPasskey(u, authenticator)).status).toBe(201);
    const byPasskey = signedInAs(u, await signInWithPasskey(authenticator, { ip: randomIp() }));
    expect((await registrationOptions(byPasskey, { proof: {} })).status).toBe(200);
    // Her password session does not, however recent.
    const byPassword = signedInAs(u, await loginThrough(u, { ip: randomIp() }));
    expect((await registrationOptions(byPassword, { proof: {} })).status).toBe(403);
    // Six minutes later the passkey session must confirm again.
    const sessionId = await sha256Hex(byPasskey.cookie.split('=')[1]!);
    await deps()
      .db.update(sessions)
      .set({ createdAt: Date.now() - 6 * 60 * 1000 })
      .where(eq(sessions.id, sessionId));
    expect((await registrationOptions(byPasskey, { proof: {} })).status).toBe(403);
  });

  it('emails her account’s address "A passkey was added to your account", naming the device and linking to Settings > Passkeys', async () => {
    const u = await createUser();
    expect((await addPasskey(u, await newAuthenticator(), { userAgent: CHROME_MAC, name: 'Work laptop' })).status).toBe(201);
    const mail = (await mailTo(u.email)).filter((m) => m.kind === 'passkey_added');
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ subject: 'A passkey was added to your account', status: 'queued' });
    expect(mail[0]!.text).toContain('from Chrome on macOS');
    expect(mail[0]!.text).toContain('“Work laptop”');
    expect(mail[0]!.text).toContain('http://127.0.0.1:8787/settings#passkeys');
    // A security email: always sent, no unsubscribe.
    expect(mail[0]!.text).not.toMatch(/unsubscribe/i);
  });
});

describe('her password and her passkeys', () => {
  async function withPasskey() {
    const u = await createUser();
    const authenticator = await newAuthenticator();
    expect((await addPasskey(u, authenticator)).status).toBe(201);
    return { u, authenticator };
  }

  it('a password reset removes every passkey (audited), so none signs in after it', async () => {
    const { u, authenticator } = await withPasskey();
    expect((await request('/forgot-password', { body: { email: u.email }, ip: randomIp() })).status).toBe(200);
    await vi.waitFor(async () => expect((await mailTo(u.email)).some((m) => m.text.includes('/reset-password/'))).toBe(true), {
      timeout: 5000,
      interval: 50,
    });
    const token = await tokenMailedTo(u.email, '/reset-password/');
    const reset = await request('/reset-password', { body: { token, newPassword: unique('New pass ') }, ip: randomIp() });
    expect(reset.status).toBe(200);
    expect(await passkeysOf(u)).toEqual([]);
    expect((await signInWithPasskey(authenticator, { ip: randomIp() })).status).toBe(400);
    const [entry] = await deps()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, u.id), eq(auditLog.action, 'passkey.remove')));
    expect(entry?.details).toMatchObject({ via: 'password reset' });
  });

  it('a reset keeps the passkeys of an admin for whom they are the only second factor: the link proves only her email', async () => {
    const resetBy = async (u: TestUser) => {
      expect((await request('/forgot-password', { body: { email: u.email }, ip: randomIp() })).status).toBe(200);
      await vi.waitFor(async () => expect((await mailTo(u.email)).some((m) => m.text.includes('/reset-password/'))).toBe(true), {
        timeout: 5000,
        interval: 50,
      });
      const token = await tokenMailedTo(u.email, '/reset-password/');
      expect((await request('/reset-password', { body: { token, newPassword: unique('New pass ') }, ip: randomIp() })).status).toBe(200);
    };
    const passkeyOnly = await createUser({ admin: true, twoFactor: false });
    expect((await addPasskey(passkeyOnly, await newAuthenticator())).status).toBe(201);
    await resetBy(passkeyOnly);
    expect(await passkeysOf(passkeyOnly)).toHaveLength(1);
    // With an authenticator app besides, she keeps a second factor: the passkeys go as a member's do.
    const withTotp = await createUser({ admin: true });
    expect((await addPasskey(withTotp, await newAuthenticator())).status).toBe(201);
    await resetBy(withTotp);
    expect(await passkeysOf(withTotp)).toEqual([]);
  });

  it('a password change removes them unless remove_passkeys is false (REST and tRPC)', async () => {
    const removed = await withPasskey();
    const change = (u: TestUser, extra: Record<string, unknown> = {}) =>
      request('/update-password', { as: u, body: { oldPassword: TEST_PASSWORD, newPassword: unique('New pass '), ...extra } });
    expect((await change(removed.u)).status).toBe(200);
    expect(await passkeysOf(removed.u)).toEqual([]);
    expect((await signInWithPasskey(removed.authenticator, { ip: randomIp() })).status).toBe(400);

    const kept = await withPasskey();
    expect((await change(kept.u, { remove_passkeys: false })).status).toBe(200);
    expect(await passkeysOf(kept.u)).toHaveLength(1);
    expect((await signInWithPasskey(kept.authenticator, { ip: randomIp() })).status).toBe(200);

    const viaTrpc = await withPasskey();
    const res = await trpc(
      'auth.updatePassword',
      { oldPassword: TEST_PASSWORD, newPassword: unique('New pass '), remove_passkeys: true },
      {
        as: viaTrpc.u,
      },
    );
    expect(res.status).toBe(200);
    expect(await passkeysOf(viaTrpc.u)).toEqual([]);
    expect((await change(kept.u, { remove_passkeys: 'yes' })).status).toBe(400);
  });

  it('an admin whose password session no passkey stands behind cannot remove hers by changing her password', async () => {
    const admin = await createUser({ admin: true, twoFactor: false });
    expect((await addPasskey(admin, await newAuthenticator())).status).toBe(201);
    const byPassword = signedInAs(admin, await loginThrough(admin, { ip: randomIp() }));
    const body = { oldPassword: TEST_PASSWORD, newPassword: unique('New pass ') };
    const refused = await request('/update-password', { as: byPassword, body });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(PASSKEY_SIGN_IN_FIRST);
    expect(await passkeysOf(admin)).toHaveLength(1);
    expect((await request('/update-password', { as: byPassword, body: { ...body, remove_passkeys: false } })).status).toBe(200);
  });
});
