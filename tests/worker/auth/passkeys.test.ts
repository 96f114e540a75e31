import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../../src/worker/db/schema/membership';
import { passkeyChallenges, passkeys, passkeyUserHandles } from '../../../src/worker/db/schema/passkeys';
import { users } from '../../../src/worker/db/schema/users';
import { appOrigins, relyingParty } from '../../../src/worker/platform/app-origin';
import { sha256Hex } from '../../../src/worker/platform/crypto';
import { cookieFrom, createUser, deps, loginThrough, request, TEST_PASSWORD, trpc, unique, untilLimited } from '../helpers';
import {
  addPasskey,
  authenticationOptions,
  newAuthenticator,
  registrationOptions,
  RP,
  sendAuthentication,
  sendRegistration,
  signedInAs,
  signInWithPasskey,
} from './passkey-helpers';

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SIGN_IN_REFUSED = 'That passkey could not be used to sign in. Please try again, or sign in with your email and password.';

/** A fresh client address per sign-in, so the per-address login limit is this test's alone. */
const ip = () => `10.25.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

async function auditOf(userId: number, action: string) {
  return deps()
    .db.select()
    .from(auditLog)
    .where(and(eq(auditLog.actorId, userId), eq(auditLog.action, action)));
}

/** The challenge row behind a challenge cookie ("name=token"). */
const challengeId = (cookie: string) => sha256Hex(cookie.split('=')[1]!);

describe('the relying party and the app’s origins', () => {
  it('locally (the tests) passkeys live on localhost at APP_ORIGIN’s port, and both local hosts are the app', () => {
    expect(RP).toEqual({ id: 'localhost', origins: ['http://localhost:8787'] });
    expect(appOrigins(env)).toEqual(['http://127.0.0.1:8787', 'http://localhost:8787']);
  });

  it('in production only APP_ORIGIN counts, and its host is the rp id', () => {
    const prod = { ENVIRONMENT: 'production', APP_ORIGIN: 'https://club.example' };
    expect(relyingParty(prod)).toEqual({ id: 'club.example', origins: ['https://club.example'] });
    expect(appOrigins(prod)).toEqual(['https://club.example']);
    expect(appOrigins({ ...prod, ENVIRONMENT: 'staging' })).toEqual(['https://club.example']);
  });

  it('the CSRF check takes a mutating request from http://localhost:{PORT} as the app’s own', async () => {
    const u = await createUser();
    const fromLocalhost = await request('/api/passkeys/registration/options', {
      method: 'POST',
      as: u,
      body: { password: TEST_PASSWORD },
      headers: { Origin: 'http://localhost:8787' },
    });
    expect(fromLocalhost.status).toBe(200);
    const fromElsewhere = await request('/api/passkeys/registration/options', {
      method: 'POST',
      as: u,
      body: { password: TEST_PASSWORD },
      headers: { Origin: 'http://localhost:9999' },
    });
    expect(fromElsewhere.status).toBe(403);
  });
});

describe('adding a passkey', () => {
  it('answers creation options for a discoverable credential with user verification, under a random user handle', async () => {
    const u = await createUser();
    const start = await registrationOptions(u);
    expect(start.status).toBe(200);
    expect(start.cookie).toMatch(/^owow_passkey_registration=[\w-]{40,}$/);
    const o = start.options;
    expect(o.rp).toEqual({ name: 'Outstanding Women Outside Work', id: 'localhost' });
    expect(o.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(o.attestation).toBe('none');
    expect(o.challenge).toMatch(/^[\w-]{43}$/);
    expect(o.user.name).toBe(u.email);
    // Never her email or row id: 32 random bytes, the same on every options call.
    expect(o.user.id).toMatch(/^[\w-]{43}$/);
    expect(atob(o.user.id.replace(/-/g, '+').replace(/_/g, '/') + '=')).not.toContain(u.email);
    expect(o.user.id).not.toBe(String(u.id));
    expect((await registrationOptions(u)).options.user.id).toBe(o.user.id);
    const other = await createUser();
    expect((await registrationOptions(other)).options.user.id).not.toBe(o.user.id);
  });

  it('keeps the credential (201 with id, name and dates) and lists it; the name defaults to the device', async () => {
    const u = await createUser();
    const named = await addPasskey(u, await newAuthenticator(), { name: '  Work laptop ' });
    expect(named.status).toBe(201);
    const body = (await named.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['created_at', 'id', 'last_used_at', 'name']);
    expect(body).toMatchObject({ name: 'Work laptop', last_used_at: null });
    expect(Date.parse(body.created_at as string)).toBeGreaterThan(Date.now() - 60_000);
    expect(cookieFrom(named, 'owow_passkey_registration')).toBe('owow_passkey_registration=');

    const unnamed = await addPasskey(u, await newAuthenticator(), { userAgent: CHROME_MAC });
    expect(unnamed.status).toBe(201);
    expect(((await unnamed.json()) as { name: string }).name).toBe('Chrome on macOS');

    const list = (await (await request('/api/passkeys', { as: u })).json()) as { name: string }[];
    expect(list.map((p) => p.name)).toEqual(['Work laptop', 'Chrome on macOS']);
    // Only the public key is stored; the export and the list never carry it.
    const [row] = await deps()
      .db.select()
      .from(passkeys)
      .where(eq(passkeys.id, body.id as number));
    expect(row).toMatchObject({ userId: u.id, counter: 0, transports: ['internal'], deviceType: 'singleDevice' });
    expect(JSON.stringify(list)).not.toContain(row!.publicKey);
    expect(await auditOf(u.id, 'passkey.add')).toHaveLength(2);
  });

  it('a second passkey on the same authenticator is excluded, and refused if it comes anyway', async () => {
    const u = await createUser();
    const authenticator = await newAuthenticator();
    expect((await addPasskey(u, authenticator)).status).toBe(201);
    const start = await registrationOptions(u);
    expect(start.options.excludeCredentials).toEqual([{ id: authenticator.id, type: 'public-key', transports: ['internal'] }]);
    const again = await sendRegistration(u, start.cookie, { response: await authenticator.register(start.options) });
    expect(again.status).toBe(409);
  });

  it('refuses a visitor', async () => {
    expect((await request('/api/passkeys/registration/options', { method: 'POST', body: {} })).status).toBe(401);
    expect((await request('/api/passkeys')).status).toBe(401);
  });
});

describe('registration answers that are refused (400)', () => {
  async function attempt(
    mutate: (start: Awaited<ReturnType<typeof registrationOptions>>) => Promise<{ cookie: string | null; body: unknown }>,
  ) {
    const u = await createUser();
    const start = await registrationOptions(u);
    const { cookie, body } = await mutate(start);
    const res = await sendRegistration(u, cookie, body);
    const count = await deps().db.select().from(passkeys).where(eq(passkeys.userId, u.id));
    return { status: res.status, stored: count.length };
  }

  it('from another origin, for another rp id, of the wrong type, without user verification, or with another challenge', async () => {
    const a = await newAuthenticator();
    for (const overrides of [
      { origin: 'http://127.0.0.1:8787' },
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { type: 'webauthn.get' },
      { userVerified: false },
      { challenge: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    ]) {
      const result = await attempt(async (start) => ({
        cookie: start.cookie,
        body: { response: await a.register(start.options, overrides) },
      }));
      expect(result, JSON.stringify(overrides)).toEqual({ status: 400, stored: 0 });
    }
  });

  it('without this browser’s challenge cookie, or with another browser’s', async () => {
    const a = await newAuthenticator();
    expect(await attempt(async (start) => ({ cookie: null, body: { response: await a.register(start.options) } }))).toEqual({
      status: 400,
      stored: 0,
    });
    const u = await createUser();
    const mine = await registrationOptions(u);
    const theirs = await registrationOptions(u);
    // The answer to the first challenge, sent with the cookie of the second.
    const res = await sendRegistration(u, theirs.cookie, { response: await a.register(mine.options) });
    expect(res.status).toBe(400);
  });

  it('a challenge is used once: the same answer sent again is refused', async () => {
    const u = await createUser();
    const start = await registrationOptions(u);
    const body = { response: await (await newAuthenticator()).register(start.options) };
    expect((await sendRegistration(u, start.cookie, body)).status).toBe(201);
    expect((await sendRegistration(u, start.cookie, body)).status).toBe(400);
  });

  it('a challenge expires after 5 minutes', async () => {
    const u = await createUser();
    const start = await registrationOptions(u);
    const [row] = await deps()
      .db.select()
      .from(passkeyChallenges)
      .where(eq(passkeyChallenges.id, await challengeId(start.cookie!)));
    expect(row!.expiresAt - row!.createdAt).toBe(5 * 60 * 1000);
    await deps()
      .db.update(passkeyChallenges)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(passkeyChallenges.id, row!.id));
    const res = await sendRegistration(u, start.cookie, { response: await (await newAuthenticator()).register(start.options) });
    expect(res.status).toBe(400);
  });

  it('another member’s challenge cookie does not register for her', async () => {
    const u = await createUser();
    const other = await createUser();
    const start = await registrationOptions(other);
    const res = await sendRegistration(u, start.cookie, { response: await (await newAuthenticator()).register(start.options) });
    expect(res.status).toBe(400);
  });
});

describe('signing in with a passkey', () => {
  it('answers request options without allowCredentials, then opens a session as a login does', async () => {
    const u = await createUser();
    const authenticator = await newAuthenticator();
    const added = (await (await addPasskey(u, authenticator)).json()) as { id: number };

    const start = await authenticationOptions();
    expect(start.status).toBe(200);
    expect(start.options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(start.options.allowCredentials ?? []).toEqual([]);
    const res = await sendAuthentication(start.cookie, { response: await authenticator.assert(start.options) }, { userAgent: CHROME_MAC });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { ok: boolean; user: { user_id: number; must_change_password: boolean } };
    expect(answer).toMatchObject({ ok: true, user: { user_id: u.id, must_change_password: false } });
    expect(cookieFrom(res, 'owow_passkey_sign_in')).toBe('owow_passkey_sign_in=');

    const me = signedInAs(u, res);
    const status = (await (await request('/auth-status', { as: me })).json()) as { authenticated: boolean };
    expect(status.authenticated).toBe(true);
    const list = (await (await request('/api/passkeys', { as: me })).json()) as { id: number; last_used_at: string | null }[];
    expect(list.find((p) => p.id === added.id)?.last_used_at).not.toBeNull();
    // Settings > Signed-in devices: this session began with a passkey, the password one did not.
    const devices = (await (await request('/api/account/sessions', { as: me })).json()) as {
      sessions: { current: boolean; signed_in_with_passkey: boolean; browser: string }[];
    };
    expect(devices.sessions.find((s) => s.current)).toMatchObject({ signed_in_with_passkey: true, browser: 'Chrome 131' });
    expect(devices.sessions.filter((s) => !s.current).map((s) => s.signed_in_with_passkey)).toEqual([false]);
    expect(await auditOf(u.id, 'auth.sign_in_passkey')).toHaveLength(1);
  });

  it('a member with two-factor sign-in on is never asked for a code after a passkey', async () => {
    const u = await createUser({ twoFactor: true });
    const authenticator = await newAuthenticator();
    expect((await addPasskey(u, authenticator)).status).toBe(201);
    const res = await signInWithPasskey(authenticator, { ip: ip() });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true });
    expect(cookieFrom(res, 'owow_2fa_pending')).toBeNull();
    expect(cookieFrom(res, 'owow_session')).toMatch(/^owow_session=.+/);
    // Her password and TOTP keep working.
    expect(await (await loginThrough(u, { ip: ip() })).json()).toMatchObject({ ok: true });
  });

  it('every failure is the same 400, whether or not the credential exists', async () => {
    const u = await createUser();
    const authenticator = await newAuthenticator();
    expect((await addPasskey(u, authenticator)).status).toBe(201);
    const stranger = await newAuthenticator();
    stranger.userHandle = authenticator.userHandle;

    const cases: [string, () => Promise<Response>][] = [
      ['unknown credential', () => signInWithPasskey(stranger, { ip: ip() })],
      ['wrong signature', () => signInWithPasskey(authenticator, { ip: ip(), overrides: { tamperSignature: true } })],
      ['other origin', () => signInWithPasskey(authenticator, { ip: ip(), overrides: { origin: 'https://evil.example' } })],
      ['127.0.0.1 origin', () => signInWithPasskey(authenticator, { ip: ip(), overrides: { origin: 'http://127.0.0.1:8787' } })],
      ['other rp id', () => signInWithPasskey(authenticator, { ip: ip(), overrides: { rpId: 'evil.example' } })],
      ['no user verification', () => signInWithPasskey(authenticator, { ip: ip(), overrides: { userVerified: false } })],
      ['registration type', () => signInWithPasskey(authenticator, { ip: ip(), overrides: { type: 'webauthn.create' } })],
    ];
    for (const [name, send] of cases) {
      const res = await send();
      expect(res.status, name).toBe(400);
      expect(cookieFrom(res, 'owow_session'), name).toBeNull();
      expect(((await res.json()) as { message: string }).message, name).toBe(SIGN_IN_REFUSED);
    }
    // A user handle that is not the credential's member's.
    const start = await authenticationOptions({ ip: ip() });
    const response = await authenticator.assert(start.options);
    const res = await sendAuthentication(start.cookie, {
      response: { ...response, response: { ...response.response, userHandle: 'AAAA' } },
    });
    expect(res.status).toBe(400);
  });

  it('a challenge is used once, expires, and only counts in the browser that asked for it', async () => {
    const u = await createUser();
    const authenticator = await newAuthenticator();
    expect((await addPasskey(u, authenticator)).status).toBe(201);

    const start = await authenticationOptions({ ip: ip() });
    const body = { response: await authenticator.assert(start.options) };
    expect((await sendAuthentication(start.cookie, body, { ip: ip() })).status).toBe(200);
    // Replayed: the same signed answer, the same cookie.
    expect((await sendAuthentication(start.cookie, body, { ip: ip() })).status).toBe(400);

    // Another browser: the challenge was not asked for with its cookie (or with none).
    const mine = await authenticationOptions({ ip: ip() });
    const theirs = await authenticationOptions({ ip: ip() });
    const answer = { response: await authenticator.assert(mine.options) };
    expect((await sendAuthentication(theirs.cookie, answer, { ip: ip() })).status).toBe(400);
    expect((await sendAuthentication(null, answer, { ip: ip() })).status).toBe(400);

    const late = await authenticationOptions({ ip: ip() });
    await deps()
      .db.update(passkeyChallenges)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(passkeyChallenges.id, await challengeId(late.cookie!)));
    expect((await sendAuthentication(late.cookie, { response: await authenticator.assert(late.options) }, { ip: ip() })).status).toBe(400);
    // A registration challenge does not sign anyone in.
    const reg = await registrationOptions(u);
    const cross = await sendAuthentication(reg.cookie!.replace('owow_passkey_registration', 'owow_passkey_sign_in'), {
      response: await authenticator.assert({ challenge: reg.options.challenge, rpId: 'localhost' }),
    });
    expect(cross.status).toBe(400);
  });

  it('a signature counter that goes back refuses the sign-in and is audited; counters of 0 are allowed', async () => {
    const u = await createUser();
    const cloned = await newAuthenticator();
    expect((await addPasskey(u, cloned)).status).toBe(201);
    expect((await signInWithPasskey(cloned, { ip: ip(), overrides: { counter: 5 } })).status).toBe(200);
    const back = await signInWithPasskey(cloned, { ip: ip(), overrides: { counter: 3 } });
    expect(back.status).toBe(400);
    expect(((await back.json()) as { message: string }).message).toBe(SIGN_IN_REFUSED);
    const same = await signInWithPasskey(cloned, { ip: ip(), overrides: { counter: 5 } });
    expect(same.status).toBe(400);
    const entries = await auditOf(u.id, 'passkey.counter_rejected');
    expect(entries.map((e) => e.details)).toEqual([
      expect.objectContaining({ storedCounter: 5, presentedCounter: 3 }),
      expect.objectContaining({ storedCounter: 5, presentedCounter: 5 }),
    ]);
    expect((await signInWithPasskey(cloned, { ip: ip(), overrides: { counter: 6 } })).status).toBe(200);
    const [row] = await deps().db.select().from(passkeys).where(eq(passkeys.userId, u.id));
    expect(row!.counter).toBe(6);

    const synced = await newAuthenticator();
    const other = await createUser();
    expect((await addPasskey(other, synced)).status).toBe(201);
    expect((await signInWithPasskey(synced, { ip: ip(), overrides: { counter: 0 } })).status).toBe(200);
    expect((await signInWithPasskey(synced, { ip: ip(), overrides: { counter: 0 } })).status).toBe(200);
  });

  it('a member whose password an admin reset still has to choose a new one', async () => {
    const u = await createUser();
    const authenticator = await newAuthenticator();
    expect((await addPasskey(u, authenticator)).status).toBe(201);
    // What an admin reset leaves (admin/users.ts): a password to change; her passkeys stay.
    await deps().db.update(users).set({ mustChangePassword: true }).where(eq(users.id, u.id));

    const res = await signInWithPasskey(authenticator, { ip: ip() });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, user: { user_id: u.id, must_change_password: true } });
    const me = signedInAs(u, res);
    expect((await request('/api/events', { as: me })).status).toBe(403);
    expect((await request('/api/passkeys', { as: me })).status).toBe(403);
    const change = await request('/update-password', {
      as: me,
      body: { oldPassword: 'correct horse battery', newPassword: unique('New pass ') },
    });
    expect(change.status).toBe(200);
  });

  it('wrong or replayed answers are rate limited like passwords', async () => {
    const u = await createUser();
    const authenticator = await newAuthenticator();
    expect((await addPasskey(u, authenticator)).status).toBe(201);
    const from = ip();
    // The per-address login limit (20 a minute in wrangler.toml).
    const statuses = await untilLimited(20, async () => {
      const start = await authenticationOptions({ ip: ip() });
      return sendAuthentication(
        start.cookie,
        { response: await authenticator.assert(start.options, { tamperSignature: true }) },
        { ip: from },
      );
    });
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
  });

  it('request options are limited per /64 as logins are, not per single IPv6 address (issue 45)', async () => {
    // One host holds a whole /64: a new address per request must not get a new budget (each
    // request writes a challenge row). The budget: 120 a minute (MEMBER_WRITE_LIMITER).
    const net = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
    const statuses = await untilLimited(120, (i) =>
      request('/api/passkeys/authentication/options', { method: 'POST', ip: `${net}:${(i + 1).toString(16)}::1` }),
    );
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
  });
});

describe('renaming and removing', () => {
  it('renames her own; another member’s is 404; both audited', async () => {
    const u = await createUser();
    const other = await createUser();
    const mine = (await (await addPasskey(u, await newAuthenticator())).json()) as { id: number };
    const renamed = await request(`/api/passkeys/${mine.id}`, { method: 'PATCH', as: u, body: { name: 'Phone' } });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ id: mine.id, name: 'Phone' });
    expect((await request(`/api/passkeys/${mine.id}`, { method: 'PATCH', as: other, body: { name: 'Mine now' } })).status).toBe(404);
    expect((await request(`/api/passkeys/${mine.id}`, { method: 'PATCH', as: u, body: { name: '   ' } })).status).toBe(400);
    expect((await auditOf(u.id, 'passkey.rename')).map((e) => e.details)).toEqual([{ from: expect.any(String), to: 'Phone' }]);
  });

  it('removing asks for her password (403 when wrong); another member’s is 404', async () => {
    const u = await createUser();
    const other = await createUser();
    const authenticator = await newAuthenticator();
    const mine = (await (await addPasskey(u, authenticator)).json()) as { id: number };
    expect(
      (await request(`/api/passkeys/${mine.id}`, { method: 'DELETE', as: other, body: { password: 'correct horse battery' } })).status,
    ).toBe(404);
    expect((await request(`/api/passkeys/${mine.id}`, { method: 'DELETE', as: u, body: { password: 'wrong password' } })).status).toBe(403);
    expect((await request(`/api/passkeys/${mine.id}`, { method: 'DELETE', as: u, body: {} })).status).toBe(400);
    const removed = await request(`/api/passkeys/${mine.id}`, { method: 'DELETE', as: u, body: { password: 'correct horse battery' } });
    expect(removed.status).toBe(200);
    expect(await (await request('/api/passkeys', { as: u })).json()).toEqual([]);
    expect(await auditOf(u.id, 'passkey.remove')).toHaveLength(1);
    // It signs nobody in any more.
    expect((await signInWithPasskey(authenticator, { ip: ip() })).status).toBe(400);
  });

  it('the tRPC twin lists, renames and removes the same passkeys', async () => {
    const u = await createUser();
    const mine = (await (await addPasskey(u, await newAuthenticator())).json()) as { id: number };
    const list = await trpc('auth.passkeys.list', undefined, { as: u, type: 'query' });
    expect(((await list.json()) as { result: { data: unknown } }).result.data).toEqual([expect.objectContaining({ id: mine.id })]);
    expect((await trpc('auth.passkeys.rename', { id: mine.id, name: 'Tablet' }, { as: u })).status).toBe(200);
    expect((await trpc('auth.passkeys.remove', { id: mine.id, password: 'nope' }, { as: u })).status).toBe(403);
    expect((await trpc('auth.passkeys.remove', { id: mine.id, password: 'correct horse battery' }, { as: u })).status).toBe(200);
  });
});

describe('at most ten passkeys', () => {
  async function fill(userId: number, n: number) {
    const now = Date.now();
    await deps()
      .db.insert(passkeys)
      .values(
        Array.from({ length: n }, (_, i) => ({
          userId,
          credentialId: unique(`cred${i}`),
          publicKey: 'AA',
          deviceType: 'multiDevice' as const,
          name: `Key ${i}`,
          createdAt: now + i,
        })),
      );
  }

  it('the eleventh is refused (409) before the ceremony', async () => {
    const u = await createUser();
    await fill(u.id, 10);
    const start = await registrationOptions(u);
    expect(start.status).toBe(409);
  });

  it('two registrations at once for the tenth place: one is kept, one refused', async () => {
    const u = await createUser();
    await fill(u.id, 9);
    const [a, b] = await Promise.all([newAuthenticator(), newAuthenticator()]);
    const [startA, startB] = [await registrationOptions(u), await registrationOptions(u)];
    const [resA, resB] = await Promise.all([
      sendRegistration(u, startA.cookie, { response: await a.register(startA.options) }),
      sendRegistration(u, startB.cookie, { response: await b.register(startB.options) }),
    ]);
    expect([resA.status, resB.status].sort()).toEqual([201, 409]);
    expect(await deps().db.select().from(passkeys).where(eq(passkeys.userId, u.id))).toHaveLength(10);
    expect(await auditOf(u.id, 'passkey.add')).toHaveLength(1);
  });
});

describe('the admin two-factor rule', () => {
  it('an admin with only a passkey reaches the admin routes after signing in with it, never with her password alone', async () => {
    const admin = await createUser({ admin: true, twoFactor: false });
    const adminRoute = () => request('/api/users', { as: admin });
    const refused = await adminRoute();
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('TWO_FACTOR_REQUIRED');

    // Her first passkey, added in this session, counts for it as turning on 2FA would.
    const authenticator = await newAuthenticator();
    expect((await addPasskey(admin, authenticator)).status).toBe(201);
    expect((await adminRoute()).status).toBe(200);

    // A later sign-in with the password alone has no admin powers, and cannot get them.
    const login = await loginThrough(admin, { ip: ip() });
    expect(await login.json()).toMatchObject({ ok: true, user: { needs_two_factor_setup: true } });
    const byPassword = signedInAs(admin, login);
    const again = await request('/api/users', { as: byPassword });
    expect(again.status).toBe(403);
    expect(((await again.json()) as { code: string }).code).toBe('TWO_FACTOR_REQUIRED');
    const status = (await (await request('/auth-status', { as: byPassword })).json()) as { user: { needs_two_factor_setup: boolean } };
    expect(status.user.needs_two_factor_setup).toBe(true);
    const addFromPassword = await request('/api/passkeys/registration/options', {
      method: 'POST',
      as: byPassword,
      body: { password: TEST_PASSWORD },
    });
    expect(addFromPassword.status).toBe(403);
    expect(((await addFromPassword.json()) as { message: string }).message).toMatch(/^Please sign in with your passkey first/);
    const [key] = await deps().db.select().from(passkeys).where(eq(passkeys.userId, admin.id));
    expect(
      (await request(`/api/passkeys/${key!.id}`, { method: 'DELETE', as: byPassword, body: { password: 'correct horse battery' } })).status,
    ).toBe(403);
    expect((await request('/api/account/2fa/setup', { method: 'POST', as: byPassword })).status).toBe(403);

    // Signed in with the passkey: no TOTP asked, admin routes open.
    const res = await signInWithPasskey(authenticator, { ip: ip() });
    expect(await res.json()).toMatchObject({ ok: true, user: { admin: true, needs_two_factor_setup: false, can: { admin: true } } });
    const byPasskey = signedInAs(admin, res);
    expect((await request('/api/users', { as: byPasskey })).status).toBe(200);
    expect((await request('/auth-status', { as: byPasskey }).then((r) => r.json())) as unknown).toMatchObject({
      user: { needs_two_factor_setup: false },
    });

    // Without a passkey any more, the passkey session has no admin powers either.
    expect(
      (await request(`/api/passkeys/${key!.id}`, { method: 'DELETE', as: byPasskey, body: { password: 'correct horse battery' } })).status,
    ).toBe(200);
    expect((await request('/api/users', { as: byPasskey })).status).toBe(403);
  });

  it('an admin with TOTP keeps her admin powers in every session, and may add passkeys', async () => {
    const admin = await createUser({ admin: true });
    expect((await addPasskey(admin, await newAuthenticator())).status).toBe(201);
    expect((await request('/api/users', { as: admin })).status).toBe(200);
  });
});

describe('the Audit log screen', () => {
  it('shows adding, renaming, removing and signing in with a passkey, by the passkey’s name', async () => {
    const u = await createUser();
    const admin = await createUser({ admin: true });
    const authenticator = await newAuthenticator();
    const added = (await (await addPasskey(u, authenticator, { name: 'Audit key' })).json()) as { id: number };
    expect((await signInWithPasskey(authenticator, { ip: ip() })).status).toBe(200);
    await request(`/api/passkeys/${added.id}`, { method: 'PATCH', as: u, body: { name: 'Audited key' } });
    await request(`/api/passkeys/${added.id}`, { method: 'DELETE', as: u, body: { password: 'correct horse battery' } });
    const page = (await (await request(`/api/admin/audit-log?actor_id=${u.id}`, { as: admin })).json()) as {
      label: string;
      target: { name: string };
      details: { label: string; value: string }[];
    }[];
    expect(page.map((e) => [e.label, e.target.name, e.details])).toEqual([
      ['Removed a passkey', u.name, [{ label: 'Name', value: 'Audited key' }]],
      [
        'Renamed a passkey',
        u.name,
        [
          { label: 'From', value: 'Audit key' },
          { label: 'To', value: 'Audited key' },
        ],
      ],
      ['Signed in with a passkey', u.name, [{ label: 'Name', value: 'Audit key' }]],
      ['Added a passkey', u.name, [{ label: 'Name', value: 'Audit key' }]],
    ]);
  });
});

describe('her data', () => {
  it('the export lists her passkeys’ names and dates, never a key', async () => {
    const u = await createUser();
    expect((await addPasskey(u, await newAuthenticator(), { name: 'Export key' })).status).toBe(201);
    const [row] = await deps().db.select().from(passkeys).where(eq(passkeys.userId, u.id));
    const res = await request('/api/account/export', { as: u });
    expect(res.status).toBe(200);
    const { unzipSync, strFromU8 } = await import('fflate');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const text = strFromU8(files['data.json']!);
    const data = JSON.parse(text) as { passkeys: unknown[] };
    expect(data.passkeys).toEqual([{ name: 'Export key', createdAt: expect.any(String), lastUsedAt: null }]);
    expect(text).not.toContain(row!.publicKey);
    expect(text).not.toContain(row!.credentialId);
  });

  it('deleting her account removes her passkeys and her user handle', async () => {
    const u = await createUser();
    const authenticator = await newAuthenticator();
    expect((await addPasskey(u, authenticator)).status).toBe(201);
    const res = await request('/api/account', { method: 'DELETE', as: u, body: { password: 'correct horse battery' } });
    expect(res.status).toBe(200);
    expect(await deps().db.select().from(passkeys).where(eq(passkeys.userId, u.id))).toEqual([]);
    expect(await deps().db.select().from(passkeyUserHandles).where(eq(passkeyUserHandles.userId, u.id))).toEqual([]);
    expect((await signInWithPasskey(authenticator, { ip: ip() })).status).toBe(400);
  });
});
