// Two-factor sign-in (issue 11, DECISIONS "Privacy and trust"): set-up and enable, the two-step
// login over REST and tRPC, replay and drift, recovery codes, rate limits, turning it off, the
// admin gate, and the 5-minute pending sign-in.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuthStatus } from '../../../src/shared/schemas/auth';
import { auditLog } from '../../../src/worker/db/schema/membership';
import { recoveryCodes, twoFactorChallenges } from '../../../src/worker/db/schema/two-factor';
import { sessions } from '../../../src/worker/db/schema/users';
import { loginTwoFactor } from '../../../src/worker/modules/auth/account';
import { base32Decode, base32Encode, matchTotp, totpCode } from '../../../src/worker/modules/auth/totp';
import { passTwoFactorLogin, startTwoFactorLogin, TWO_FACTOR_MAX_ATTEMPTS } from '../../../src/worker/modules/auth/two-factor';
import { sha256Hex } from '../../../src/worker/platform/crypto';
import { createDeps } from '../../../src/worker/platform/deps';
import {
  cookieFrom,
  createUser,
  deps,
  freshTotpCode,
  request,
  startOfRateWindow,
  TEST_PASSWORD,
  trpc,
  userRow,
  worker,
  type TestUser,
} from '../helpers';

const PENDING = 'owow_2fa_pending';
const ip = () => `10.2.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const STEP_MS = 30_000;

async function sessionCount(userId: number) {
  return (await deps().db.select().from(sessions).where(eq(sessions.userId, userId))).length;
}

async function auditActions(userId: number) {
  const rows = await deps()
    .db.select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, String(userId))));
  return rows.map((r) => ({ action: r.action, actorId: r.actorId, details: r.details }));
}

/** POST /login with the right password: the pending cookie pair of a 2FA account. */
async function passwordStep(u: TestUser, addr = ip()): Promise<{ res: Response; pending: string }> {
  const res = await request('/login', { body: { email: u.email, password: TEST_PASSWORD }, ip: addr });
  return { res, pending: cookieFrom(res, PENDING)! };
}

function codeStep(pending: string | null, code: string, addr = ip()) {
  return request('/login/2fa', { body: { code }, headers: pending ? { Cookie: pending } : {}, ip: addr });
}

/** Set-up and enable through REST for a member with a session; answers the secret and the codes. */
async function turnOn(u: TestUser) {
  const setup = await (await request('/api/account/2fa/setup', { method: 'POST', as: u })).json<{ secret: string; otpauthUri: string }>();
  const res = await request('/api/account/2fa/enable', { body: { code: await totpCode(setup.secret, Date.now()) }, as: u });
  expect(res.status).toBe(200);
  const { recoveryCodes: codes } = await res.json<{ recoveryCodes: string[] }>();
  return { secret: setup.secret, codes, user: { ...u, totpSecret: setup.secret, twoFactorEnabled: true } };
}

describe('TOTP (RFC 6238)', () => {
  // RFC 6238 Appendix B, SHA-1, secret "12345678901234567890": the 8-digit values' last 6 digits.
  const secret = base32Encode(new TextEncoder().encode('12345678901234567890'));
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
    [20000000000, '353130'],
  ])('at %i s the code is %s', async (seconds, code) => {
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(await totpCode(secret, seconds * 1000)).toBe(code);
  });

  it('reads base32 as typed and refuses what is not base32', () => {
    expect(base32Encode(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq')!)).toBe(secret);
    expect(base32Decode('not base32!')).toBeNull();
  });

  it('accepts one step of drift either way, not two, and nothing at or before the last used step', async () => {
    const now = 1_800_000_000_000;
    const at = (steps: number) => totpCode(secret, now + steps * STEP_MS);
    const step = Math.floor(now / STEP_MS);
    expect(await matchTotp(secret, await at(0), now, null)).toBe(step);
    expect(await matchTotp(secret, await at(-1), now, null)).toBe(step - 1);
    expect(await matchTotp(secret, await at(1), now, null)).toBe(step + 1);
    expect(await matchTotp(secret, await at(-2), now, null)).toBeNull();
    expect(await matchTotp(secret, await at(2), now, null)).toBeNull();
    expect(await matchTotp(secret, await at(0), now, step)).toBeNull();
    expect(await matchTotp(secret, await at(-1), now, step - 1)).toBeNull();
    expect(await matchTotp(secret, await at(1), now, step)).toBe(step + 1);
  });
});

describe('setting up 2FA', () => {
  it('sets up, enables with a computed code and answers ten recovery codes stored only as hashes', async () => {
    const u = await createUser();
    expect(await (await request('/api/account/2fa', { as: u })).json()).toEqual({ enabled: false });

    const setupRes = await request('/api/account/2fa/setup', { method: 'POST', as: u });
    expect(setupRes.status).toBe(200);
    const setup = await setupRes.json<{ secret: string; otpauthUri: string }>();
    expect(Object.keys(setup).sort()).toEqual(['otpauthUri', 'secret']);
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(setup.otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(setup.otpauthUri.startsWith('otpauth://totp/')).toBe(true);
    expect(decodeURIComponent(setup.otpauthUri)).toContain(u.email);
    expect(uri.searchParams.get('secret')).toBe(setup.secret);
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(uri.searchParams.get('issuer')).toBeTruthy();

    // Sealed at rest: D1 never holds the secret itself, and 2FA is not on before a code proves it.
    const pending = (await userRow(u.id))!;
    expect(pending.totpSecret).toMatch(/^v1\./);
    expect(pending.totpSecret).not.toContain(setup.secret);
    expect(pending.totpEnabledAt).toBeNull();
    expect(await (await request('/api/account/2fa', { as: u })).json()).toEqual({ enabled: false });

    const wrong = await request('/api/account/2fa/enable', { body: { code: '000000' }, as: u });
    // (A one-in-a-million chance that 000000 is the code: the wrong answer is then checked below.)
    if (wrong.status !== 200) {
      expect(wrong.status).toBe(400);
      expect((await wrong.json<{ fieldErrors: Record<string, string[]> }>()).fieldErrors.code).toBeDefined();
      expect((await userRow(u.id))!.totpEnabledAt).toBeNull();
    }

    const res = await request('/api/account/2fa/enable', { body: { code: await totpCode(setup.secret, Date.now()) }, as: u });
    expect(res.status).toBe(200);
    const body = await res.json<{ recoveryCodes: string[] }>();
    expect(Object.keys(body)).toEqual(['recoveryCodes']);
    expect(body.recoveryCodes).toHaveLength(10);
    expect(new Set(body.recoveryCodes).size).toBe(10);
    for (const code of body.recoveryCodes) expect(code).toMatch(/^[0-9a-z]{4}(-[0-9a-z]{4}){3}$/);

    expect(await (await request('/api/account/2fa', { as: u })).json()).toEqual({ enabled: true });
    const status = await (await request('/auth-status', { as: u })).json<AuthStatus>();
    expect(status.user).toMatchObject({ two_factor_enabled: true, needs_two_factor_setup: false });

    const stored = await deps().db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.id));
    expect(stored).toHaveLength(10);
    const dump = JSON.stringify(stored);
    for (const code of body.recoveryCodes) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replace(/-/g, ''));
    }
    expect(stored.every((r) => r.usedAt === null)).toBe(true);
    expect(await auditActions(u.id)).toContainEqual({ action: 'two_factor.enable', actorId: u.id, details: null });
  });

  it('refuses to replace an active secret: set-up while 2FA is on is a 409 and changes nothing', async () => {
    const { user } = await turnOn(await createUser());
    const before = (await userRow(user.id))!.totpSecret;
    const res = await request('/api/account/2fa/setup', { method: 'POST', as: user });
    expect(res.status).toBe(409);
    expect((await userRow(user.id))!.totpSecret).toBe(before);
    // Enabling again is refused too.
    expect((await request('/api/account/2fa/enable', { body: { code: await freshTotpCode(user) }, as: user })).status).toBe(409);
  });

  it('asks for a set-up before enabling, and only a code of the newest set-up secret enables', async () => {
    const u = await createUser();
    expect((await request('/api/account/2fa/enable', { body: { code: '123456' }, as: u })).status).toBe(400);
    const first = await (await request('/api/account/2fa/setup', { method: 'POST', as: u })).json<{ secret: string }>();
    const second = await (await request('/api/account/2fa/setup', { method: 'POST', as: u })).json<{ secret: string }>();
    expect(second.secret).not.toBe(first.secret);
    const old = await request('/api/account/2fa/enable', { body: { code: await totpCode(first.secret, Date.now()) }, as: u });
    expect(old.status).toBe(400);
    const res = await request('/api/account/2fa/enable', { body: { code: await totpCode(second.secret, Date.now()) }, as: u });
    expect(res.status).toBe(200);
  });

  it('is for signed-in members only', async () => {
    expect((await request('/api/account/2fa')).status).toBe(401);
    expect((await request('/api/account/2fa/setup', { method: 'POST' })).status).toBe(401);
    expect((await request('/api/account/2fa/enable', { body: { code: '123456' } })).status).toBe(401);
    expect((await request('/api/account/2fa/disable', { body: { password: 'x', code: '123456' } })).status).toBe(401);
  });

  it('works the same over tRPC (auth.twoFactor.*)', async () => {
    const u = await createUser();
    const status = await trpc('auth.twoFactor.status', undefined, { as: u, type: 'query' });
    expect((await status.json<{ result: { data: unknown } }>()).result.data).toEqual({ enabled: false });
    const setup = (await (await trpc('auth.twoFactor.setup', undefined, { as: u })).json<{ result: { data: { secret: string } } }>()).result
      .data;
    const enable = await trpc('auth.twoFactor.enable', { code: await totpCode(setup.secret, Date.now()) }, { as: u });
    expect(enable.status).toBe(200);
    expect((await enable.json<{ result: { data: { recoveryCodes: string[] } } }>()).result.data.recoveryCodes).toHaveLength(10);
    const again = await trpc('auth.twoFactor.setup', undefined, { as: u });
    expect(again.status).toBe(409);
  });
});

describe('logging in with 2FA', () => {
  it('answers twoFactorRequired with only a 5-minute HttpOnly pending cookie, then opens the session on a code', async () => {
    const u = await createUser({ twoFactor: true });
    const before = await sessionCount(u.id);
    const { res, pending } = await passwordStep(u);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ twoFactorRequired: true });
    // Beside the D1 bookmark (ADR 0012), which names no one.
    const cookies = res.headers.getSetCookie().filter((c) => !c.startsWith('d1b='));
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(new RegExp(`^${PENDING}=[A-Za-z0-9_-]{43}; `));
    for (const attr of ['HttpOnly', 'SameSite=Lax', 'Path=/', 'Max-Age=300']) expect(cookies[0]).toContain(attr);
    expect(cookieFrom(res, 'owow_session')).toBeNull();
    expect(await sessionCount(u.id)).toBe(before);
    // The pending sign-in is stored by hash only, and is no session.
    const token = pending.split('=')[1]!;
    const [row] = await deps()
      .db.select()
      .from(twoFactorChallenges)
      .where(eq(twoFactorChallenges.id, await sha256Hex(token)));
    expect(row).toMatchObject({ userId: u.id, attempts: 0 });
    expect(row!.expiresAt - row!.createdAt).toBe(5 * 60 * 1000);
    expect((await request('/auth-status', { headers: { Cookie: pending } })).status).toBe(200);
    expect(await (await request('/auth-status', { headers: { Cookie: pending } })).json()).toEqual({ authenticated: false, user: null });

    const done = await codeStep(pending, await freshTotpCode(u));
    expect(done.status).toBe(200);
    const body = await done.json<{ ok: boolean; user: NonNullable<AuthStatus['user']> }>();
    expect(body).toMatchObject({ ok: true, user: { user_id: u.id, name: u.name, two_factor_enabled: true } });
    const session = cookieFrom(done, 'owow_session')!;
    expect(session).toMatch(/^owow_session=[A-Za-z0-9_-]{43}$/);
    expect(done.headers.getSetCookie().find((c) => c.startsWith(`${PENDING}=`))).toContain('Max-Age=0');
    expect(await sessionCount(u.id)).toBe(before + 1);
    const status = await (await request('/auth-status', { headers: { Cookie: session } })).json<AuthStatus>();
    expect(status).toMatchObject({ authenticated: true, user: { user_id: u.id } });
    // The pending sign-in was used up.
    expect((await codeStep(pending, await freshTotpCode(u))).status).toBe(401);
    expect(await auditActions(u.id)).toContainEqual({ action: 'auth.sign_in_two_factor', actorId: u.id, details: { method: 'totp' } });
  });

  it('refuses the code step without a pending sign-in', async () => {
    const u = await createUser({ twoFactor: true });
    expect((await codeStep(null, await freshTotpCode(u))).status).toBe(401);
    expect((await codeStep(`${PENDING}=${'x'.repeat(43)}`, await freshTotpCode(u))).status).toBe(401);
    // A session cookie is no pending sign-in either.
    expect((await request('/login/2fa', { body: { code: await freshTotpCode(u) }, as: u })).status).toBe(401);
  });

  it('uses the __Host- prefix and Secure over https', async () => {
    const u = await createUser({ twoFactor: true });
    const post = (path: string, body: unknown, cookie?: string) =>
      worker.fetch(
        new Request(`https://club.example${path}`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Origin: 'https://club.example',
            'CF-Connecting-IP': ip(),
            ...(cookie ? { Cookie: cookie } : {}),
          },
          body: JSON.stringify(body),
        }),
      );
    const res = await post('/login', { email: u.email, password: TEST_PASSWORD });
    const [cookie] = res.headers.getSetCookie();
    expect(cookie).toMatch(new RegExp(`^__Host-${PENDING}=`));
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Domain');
    const pair = cookie!.split(';')[0]!;
    // The unprefixed name is not read over https.
    expect((await post('/login/2fa', { code: await freshTotpCode(u) }, pair.replace('__Host-', ''))).status).toBe(401);
    const done = await post('/login/2fa', { code: await freshTotpCode(u) }, pair);
    expect(done.status).toBe(200);
    expect(done.headers.getSetCookie().some((c) => c.startsWith('__Host-owow_session=') && c.includes('Secure'))).toBe(true);
  });

  it('follows the same flow over tRPC: auth.login then auth.loginTwoFactor', async () => {
    const u = await createUser({ twoFactor: true });
    const first = await request('/trpc/auth.login', { body: { email: u.email, password: TEST_PASSWORD }, ip: ip() });
    expect(first.status).toBe(200);
    expect((await first.json<{ result: { data: unknown } }>()).result.data).toEqual({ twoFactorRequired: true });
    expect(cookieFrom(first, 'owow_session')).toBeNull();
    const pending = cookieFrom(first, PENDING)!;
    const wrong = await request('/trpc/auth.loginTwoFactor', { body: { code: 'zzzz' }, headers: { Cookie: pending }, ip: ip() });
    expect(wrong.status).toBe(400);
    const done = await request('/trpc/auth.loginTwoFactor', {
      body: { code: await freshTotpCode(u) },
      headers: { Cookie: pending },
      ip: ip(),
    });
    expect(done.status).toBe(200);
    expect((await done.json<{ result: { data: unknown } }>()).result.data).toMatchObject({ ok: true, user: { user_id: u.id } });
    expect(cookieFrom(done, 'owow_session')).toMatch(/^owow_session=/);
  });

  it('still answers a wrong password as before, with no pending cookie', async () => {
    const u = await createUser({ twoFactor: true });
    const res = await request('/login', { body: { email: u.email, password: 'not the password' }, ip: ip() });
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('refuses a code that was already used (replay), also across pending sign-ins', async () => {
    const u = await createUser({ twoFactor: true });
    const a = await passwordStep(u);
    const b = await passwordStep(u);
    const code = await freshTotpCode(u);
    expect((await codeStep(a.pending, code)).status).toBe(200);
    // Asked in French, as the login page of a French visitor asks (issue 41): the refusal and its field's message read in French.
    const replay = await request('/login/2fa', { body: { code }, headers: { Cookie: b.pending, 'Accept-Language': 'fr' }, ip: ip() });
    expect(replay.status).toBe(400);
    expect(cookieFrom(replay, 'owow_session')).toBeNull();
    const wrong =
      'Ce code n’est pas le bon. Saisissez le code à 6 chiffres qu’affiche en ce moment votre application d’authentification, ou un code de récupération encore inutilisé.';
    expect(await replay.json()).toMatchObject({ message: wrong, fieldErrors: { code: [wrong] } });
    // The next step's code still works for the other pending sign-in.
    expect((await codeStep(b.pending, await freshTotpCode(u))).status).toBe(200);
  });

  it('accepts the previous step (clock drift) but not two steps back', async () => {
    const now = Date.now();
    const at = (ms: number) => ({ ...createDeps(env), now: () => ms });
    const u = await createUser({ twoFactor: true });
    const meta = { ip: ip() };
    const back2 = await startTwoFactorLogin(at(now), u.id);
    await expect(
      loginTwoFactor(at(now), meta, back2.token, { code: await totpCode(u.totpSecret!, now - 2 * STEP_MS) }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const back1 = await startTwoFactorLogin(at(now), u.id);
    const ok = await loginTwoFactor(at(now), meta, back1.token, { code: await totpCode(u.totpSecret!, now - STEP_MS) });
    expect(ok.user.user_id).toBe(u.id);
  });

  it('lets the pending sign-in run out after 5 minutes', async () => {
    const u = await createUser({ twoFactor: true });
    const { pending } = await passwordStep(u);
    const token = pending.split('=')[1]!;
    const later = (ms: number) => ({ ...createDeps(env), now: () => Date.now() + ms });
    const late = later(5 * 60 * 1000 + 1000);
    await expect(loginTwoFactor(late, { ip: ip() }, token, { code: await totpCode(u.totpSecret!, late.now()) })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    // Just inside the five minutes it still opens the session.
    const inTime = later(4 * 60 * 1000 + 50 * 1000);
    const ok = await loginTwoFactor(inTime, { ip: ip() }, token, { code: await totpCode(u.totpSecret!, inTime.now()) });
    expect(ok.user.user_id).toBe(u.id);
  });
});

describe('recovery codes', () => {
  it('sign in once each, as typed (any case, spaces), and are marked used', async () => {
    const { user, codes } = await turnOn(await createUser());
    const code = codes[3]!;
    const typed = ` ${code.toUpperCase().replace(/-/g, ' ')} `;
    const first = await passwordStep(user);
    const res = await codeStep(first.pending, typed);
    expect(res.status).toBe(200);
    expect(cookieFrom(res, 'owow_session')).toMatch(/^owow_session=/);
    const stored = await deps().db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored.filter((r) => r.usedAt !== null)).toHaveLength(1);
    expect(await auditActions(user.id)).toContainEqual({
      action: 'auth.sign_in_two_factor',
      actorId: user.id,
      details: { method: 'recovery_code' },
    });

    const second = await passwordStep(user);
    const again = await codeStep(second.pending, code);
    expect(again.status).toBe(400);
    expect(cookieFrom(again, 'owow_session')).toBeNull();
    // Another unused one still works.
    expect((await codeStep(second.pending, codes[4]!)).status).toBe(200);
  });

  it('are one member’s only', async () => {
    const a = await turnOn(await createUser());
    const b = await turnOn(await createUser());
    const { pending } = await passwordStep(b.user);
    expect((await codeStep(pending, a.codes[0]!)).status).toBe(400);
  });
});

describe('rate limits on codes', { timeout: 60_000 }, () => {
  it('limits wrong codes per account like passwords (429), and ends a pending sign-in after five wrong codes', async () => {
    const u = await createUser({ twoFactor: true });
    const addr = ip();
    await startOfRateWindow();
    // The account's budget for codes (8 a minute) counts each code; passwords have their own (issue 30).
    const a = await passwordStep(u, addr);
    for (let i = 0; i < 4; i++) expect((await codeStep(a.pending, 'aaaa-aaaa-aaaa-aaaa', addr)).status).toBe(400);
    const fifth = await codeStep(a.pending, 'aaaa-aaaa-aaaa-aaaa', addr);
    expect(fifth.status).toBe(401);
    expect(await fifth.json()).toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringContaining('Too many wrong codes') });
    // That pending sign-in is over, even with the right code.
    expect((await codeStep(a.pending, await freshTotpCode(u), addr)).status).toBe(401);
    const b = await passwordStep(u, addr);
    expect(b.res.status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await codeStep(b.pending, 'aaaa-aaaa-aaaa-aaaa', addr)).status).toBe(400);
    const limited = await codeStep(b.pending, await freshTotpCode(u), addr);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBe('60');
    expect(cookieFrom(limited, 'owow_session')).toBeNull();
  });

  it('limits code tries per IP', async () => {
    const addr = ip();
    await startOfRateWindow();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await codeStep(`${PENDING}=${'y'.repeat(43)}`, '123456', addr);
      statuses.push(res.status);
      if (res.status === 429) break;
    }
    expect(statuses[0]).toBe(401);
    expect(statuses).toContain(429);
  });
});

describe('wrong codes sent at once', () => {
  it('are checked at most five times for one pending sign-in, however many arrive together (counted before the check)', async () => {
    const u = await createUser({ twoFactor: true });
    const pending = await startTwoFactorLogin(deps(), u.id);
    // Each code checked opens the sealed TOTP secret once: count the openings.
    let opened = 0;
    const counting = Object.create(env, {
      DATA_ENCRYPTION_KEY: {
        get: () => {
          opened += 1;
          return env.DATA_ENCRYPTION_KEY;
        },
      },
    }) as typeof env;
    const answers = await Promise.allSettled(
      Array.from({ length: 7 }, (_, i) =>
        passTwoFactorLogin(createDeps(counting), { ip: ip() }, pending.token, { code: String(100_000 + i * 7919) }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(7).fill('rejected'));
    expect(opened).toBeGreaterThan(0);
    expect(opened).toBeLessThanOrEqual(TWO_FACTOR_MAX_ATTEMPTS);
    // The pending sign-in is over: the right code does not open it either.
    const late = await codeStep(`${PENDING}=${pending.token}`, await freshTotpCode(u));
    expect(late.status).toBe(401);
    expect(await sessionCount(u.id)).toBe(1);
  });

  it('a code is used once: the same TOTP or recovery code with two pending sign-ins at once opens one session', async () => {
    const { user, codes } = await turnOn(await createUser());
    const before = await sessionCount(user.id);
    const twoAtOnce = async (code: string) => {
      const [a, b] = await Promise.all([startTwoFactorLogin(deps(), user.id), startTwoFactorLogin(deps(), user.id)]);
      const answers = await Promise.all([a, b].map((p) => codeStep(`${PENDING}=${p.token}`, code)));
      return answers.map((r) => r.status).sort();
    };
    expect(await twoAtOnce(await freshTotpCode(user))).toEqual([200, 400]);
    expect(await twoAtOnce(codes[0]!)).toEqual([200, 400]);
    expect(await sessionCount(user.id)).toBe(before + 2);
  });
});

describe('turning 2FA off', () => {
  it('needs the password and a valid code, then clears the secret and the recovery codes', async () => {
    const { user } = await turnOn(await createUser());
    const wrongPassword = await request('/api/account/2fa/disable', {
      body: { password: 'not it at all', code: await freshTotpCode(user) },
      as: user,
    });
    expect(wrongPassword.status).toBe(400);
    expect((await wrongPassword.json<{ fieldErrors: Record<string, string[]> }>()).fieldErrors.password).toBeDefined();
    const wrongCode = await request('/api/account/2fa/disable', {
      body: { password: TEST_PASSWORD, code: 'aaaa-aaaa-aaaa-aaaa' },
      as: user,
    });
    expect(wrongCode.status).toBe(400);
    expect((await wrongCode.json<{ fieldErrors: Record<string, string[]> }>()).fieldErrors.code).toBeDefined();
    expect((await userRow(user.id))!.totpEnabledAt).not.toBeNull();

    const res = await request('/api/account/2fa/disable', { body: { password: TEST_PASSWORD, code: await freshTotpCode(user) }, as: user });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ enabled: false });
    const row = (await userRow(user.id))!;
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect(await deps().db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toHaveLength(0);
    expect(await (await request('/api/account/2fa', { as: user })).json()).toEqual({ enabled: false });
    expect((await auditActions(user.id)).map((a) => a.action)).toContain('two_factor.disable');

    // The password alone signs in again.
    const login = await request('/login', { body: { email: user.email, password: TEST_PASSWORD }, ip: ip() });
    expect(await login.json()).toMatchObject({ ok: true });
    expect(cookieFrom(login, 'owow_session')).toMatch(/^owow_session=/);
    // Off is off: a second disable is a 409.
    expect((await request('/api/account/2fa/disable', { body: { password: TEST_PASSWORD, code: '123456' }, as: user })).status).toBe(409);
  });

  it('accepts a recovery code instead of the app code', async () => {
    const { user, codes } = await turnOn(await createUser());
    const res = await request('/api/account/2fa/disable', { body: { password: TEST_PASSWORD, code: codes[0]! }, as: user });
    expect(res.status).toBe(200);
  });
});

describe('admins without 2FA', () => {
  it('get 403 TWO_FACTOR_REQUIRED from admin routes and procedures until they turn it on', async () => {
    const admin = await createUser({ admin: true, twoFactor: false });
    const status = await (await request('/auth-status', { as: admin })).json<AuthStatus>();
    expect(status.user).toMatchObject({ admin: true, two_factor_enabled: false, needs_two_factor_setup: true, can: { admin: true } });

    const rest = await request('/api/users', { as: admin });
    expect(rest.status).toBe(403);
    expect(await rest.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', message: expect.stringContaining('Settings') });
    const mail = await request('/api/admin/sent-mail', { as: admin });
    expect(mail.status).toBe(403);
    expect(await mail.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });

    const viaTrpc = await trpc('admin.users.list', undefined, { as: admin, type: 'query' });
    expect(viaTrpc.status).toBe(403);
    const err = (await viaTrpc.json<{ error: { data: Record<string, unknown> } }>()).error;
    expect(err.data).toMatchObject({ code: 'FORBIDDEN', httpStatus: 403, appCode: 'TWO_FACTOR_REQUIRED' });
    const mailTrpc = await trpc('mail.members', undefined, { as: admin, type: 'query' });
    expect(mailTrpc.status).toBe(403);

    // Member pages still work, and Settings can turn 2FA on.
    expect((await request('/api/events', { as: admin })).status).toBe(200);
    await turnOn(admin);
    expect((await request('/api/users', { as: admin })).status).toBe(200);
    expect((await trpc('admin.users.list', undefined, { as: admin, type: 'query' })).status).toBe(200);
    const after = await (await request('/auth-status', { as: admin })).json<AuthStatus>();
    expect(after.user).toMatchObject({ two_factor_enabled: true, needs_two_factor_setup: false });
  });

  it('members without 2FA are not asked for it', async () => {
    const u = await createUser();
    const status = await (await request('/auth-status', { as: u })).json<AuthStatus>();
    expect(status.user).toMatchObject({ two_factor_enabled: false, needs_two_factor_setup: false });
  });
});
