import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AccountSessionView } from '../../../src/shared/schemas/account-sessions';
import { auditLog } from '../../../src/worker/db/schema/membership';
import { sessions } from '../../../src/worker/db/schema/users';
import { describeUserAgent } from '../../../src/worker/modules/auth/session-device';
import { readSessionToken, sessionCookie } from '../../../src/worker/modules/auth/session-cookie';
import { cookieName } from '../../../src/worker/platform/cookies';
import { sha256Hex } from '../../../src/worker/platform/crypto';
import { cookieFrom, createUser, deps, request, TEST_PASSWORD, trpc, worker, type TestUser } from '../helpers';

const ip = () => `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

const UA = {
  chromeMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  instagramIpad: 'Mozilla/5.0 (iPad; CPU OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 309.0.0',
  operaLinux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  chromebook: 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

/** Signs the member in from another "browser": a session with that User-Agent. */
async function signIn(u: TestUser, userAgent: string): Promise<TestUser> {
  const res = await request('/login', {
    body: { email: u.email, password: TEST_PASSWORD },
    ip: ip(),
    headers: { 'User-Agent': userAgent },
  });
  expect(res.status).toBe(200);
  return { ...u, cookie: cookieFrom(res, 'owow_session')! };
}

async function list(as: TestUser): Promise<AccountSessionView[]> {
  const res = await request('/api/account/sessions', { as });
  expect(res.status).toBe(200);
  return (await res.json<{ sessions: AccountSessionView[] }>()).sessions;
}

const isSignedIn = async (as: TestUser) => (await (await request('/auth-status', { as })).json<{ authenticated: boolean }>()).authenticated;

async function auditOf(userId: number) {
  return deps().db.select().from(auditLog).where(eq(auditLog.actorId, userId)).orderBy(auditLog.id);
}

describe('the device of a session', () => {
  it.each([
    ['chromeMac', 'Chrome 131', 'macOS'],
    ['safariIphone', 'Safari 17', 'iOS'],
    ['firefoxWindows', 'Firefox 133', 'Windows'],
    ['edgeWindows', 'Edge 131', 'Windows'],
    ['chromeAndroid', 'Chrome 131', 'Android'],
    ['samsung', 'Samsung Internet 26', 'Android'],
    ['safariMac', 'Safari 18', 'macOS'],
    ['instagramIpad', 'Safari', 'iPadOS'],
    ['operaLinux', 'Opera 115', 'Linux'],
    ['chromebook', 'Chrome 131', 'ChromeOS'],
  ] as const)('reads %s as %s on %s', (key, browser, os) => {
    expect(describeUserAgent(UA[key])).toEqual({ browser, os });
  });

  it('says nothing of a missing, empty or unknown header, and stays bounded on a huge one', () => {
    expect(describeUserAgent(undefined)).toEqual({ browser: null, os: null });
    expect(describeUserAgent('   ')).toEqual({ browser: null, os: null });
    expect(describeUserAgent('curl/8.5.0')).toEqual({ browser: null, os: null });
    const huge = `${'x'.repeat(100_000)} Chrome/131.0`;
    expect(describeUserAgent(huge)).toEqual({ browser: null, os: null });
    expect(describeUserAgent('Chrome/99999999')).toEqual({ browser: null, os: null });
  });

  it('is stored at login as the summary only, never the raw header', async () => {
    const u = await createUser();
    const s = await signIn(u, UA.chromeMac);
    const token = s.cookie.split('=')[1]!;
    const [row] = await deps()
      .db.select()
      .from(sessions)
      .where(eq(sessions.id, await sha256Hex(token)));
    expect(row).toMatchObject({ browser: 'Chrome 131', os: 'macOS' });
    expect(JSON.stringify(row)).not.toContain('Mozilla');
  });
});

describe('GET /api/account/sessions', () => {
  it('lists her active sessions, this one first and marked, with browser, OS, created and last seen', async () => {
    const u = await createUser();
    const before = Date.now();
    const mac = await signIn(u, UA.chromeMac);
    const phone = await signIn(u, UA.safariIphone);
    const listed = await list(phone);
    // createUser's own session (no User-Agent) and the two sign-ins.
    expect(listed).toHaveLength(3);
    expect(listed[0]).toMatchObject({ current: true, browser: 'Safari 17', os: 'iOS' });
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    expect(listed.find((s) => s.browser === 'Chrome 131')).toMatchObject({ os: 'macOS', current: false });
    expect(listed.find((s) => s.browser === null)).toMatchObject({ os: null, current: false });
    for (const s of listed) {
      expect(s.id).toMatch(/^[0-9a-f]{32}$/);
      // ISO 8601 instants (issue 47).
      expect(s.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Date.parse(s.created_at)).toBeGreaterThanOrEqual(before - 60_000);
      expect(Date.parse(s.last_seen_at)).toBeGreaterThanOrEqual(Date.parse(s.created_at));
    }
    // From the other device, that one is marked instead.
    const fromMac = await list(mac);
    expect(fromMac[0]).toMatchObject({ current: true, browser: 'Chrome 131' });
  });

  it('never shows the stored session id (the token hash) or another member’s sessions', async () => {
    const u = await createUser();
    const other = await createUser();
    await signIn(other, UA.firefoxWindows);
    const mine = await list(u);
    expect(mine).toHaveLength(1);
    const [stored] = await deps().db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, u.id));
    const body = await (await request('/api/account/sessions', { as: u })).text();
    expect(body).not.toContain(stored!.id);
    expect(body).not.toContain('Firefox');
  });

  it('leaves out sessions past their idle or absolute limit', async () => {
    const u = await createUser();
    const lapsed = await signIn(u, UA.firefoxWindows);
    const expired = await signIn(u, UA.edgeWindows);
    const hash = async (t: TestUser) => sha256Hex(t.cookie.split('=')[1]!);
    await deps()
      .db.update(sessions)
      .set({ lastSeenAt: Date.now() - 15 * 24 * 3600 * 1000 })
      .where(eq(sessions.id, await hash(lapsed)));
    await deps()
      .db.update(sessions)
      .set({ expiresAt: Date.now() - 1000 })
      .where(eq(sessions.id, await hash(expired)));
    expect((await list(u)).map((s) => s.browser)).toEqual([null]);
  });

  it('answers a visitor 401, REST and tRPC alike', async () => {
    expect((await request('/api/account/sessions')).status).toBe(401);
    expect((await trpc('auth.sessions.list', undefined, { type: 'query' })).status).toBe(401);
  });

  it('is the same list over tRPC', async () => {
    const u = await createUser();
    await signIn(u, UA.chromeAndroid);
    const res = await trpc('auth.sessions.list', undefined, { as: u, type: 'query' });
    const viaTrpc = (await res.json<{ result: { data: { sessions: AccountSessionView[] } } }>()).result.data.sessions;
    expect(viaTrpc).toEqual(await list(u));
  });
});

describe('DELETE /api/account/sessions/{id}', () => {
  it('ends another of her sessions: its cookie no longer signs in, this one still does, and it is audited', async () => {
    const u = await createUser();
    const laptop = await signIn(u, UA.chromeMac);
    const phone = await signIn(u, UA.safariIphone);
    expect(await isSignedIn(laptop)).toBe(true);
    const target = (await list(phone)).find((s) => s.browser === 'Chrome 131')!;

    const res = await request(`/api/account/sessions/${target.id}`, { method: 'DELETE', as: phone });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, current: false });
    expect(cookieFrom(res, 'owow_session')).toBeNull();

    expect(await isSignedIn(laptop)).toBe(false);
    expect((await request('/api/account/sessions', { as: laptop })).status).toBe(401);
    expect(await isSignedIn(phone)).toBe(true);
    expect((await list(phone)).map((s) => s.id)).not.toContain(target.id);

    const entries = await auditOf(u.id);
    expect(entries.at(-1)).toMatchObject({
      action: 'session.end',
      targetType: 'user',
      targetId: String(u.id),
      details: { device: 'Chrome 131 on macOS', current: false },
    });
  });

  it('answers 404 for another member’s session, which goes on', async () => {
    const u = await createUser();
    const other = await signIn(await createUser(), UA.firefoxWindows);
    const theirs = (await list(other))[0]!;
    const res = await request(`/api/account/sessions/${theirs.id}`, { method: 'DELETE', as: u });
    expect(res.status).toBe(404);
    expect(await isSignedIn(other)).toBe(true);
    // tRPC too.
    expect((await trpc('auth.sessions.end', { id: theirs.id }, { as: u })).status).toBe(404);
    expect(await isSignedIn(other)).toBe(true);
    expect(await auditOf(u.id)).toHaveLength(0);
  });

  it('answers 404 for a session that already ended, and 400 for a malformed id', async () => {
    const u = await createUser();
    const laptop = await signIn(u, UA.chromeMac);
    const target = (await list(u)).find((s) => !s.current)!;
    expect((await request(`/api/account/sessions/${target.id}`, { method: 'DELETE', as: u })).status).toBe(200);
    expect((await request(`/api/account/sessions/${target.id}`, { method: 'DELETE', as: u })).status).toBe(404);
    expect(await isSignedIn(laptop)).toBe(false);
    // The stored id itself is not accepted as a public id.
    const [stored] = await deps().db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, u.id));
    expect((await request(`/api/account/sessions/${stored!.id}`, { method: 'DELETE', as: u })).status).toBe(400);
    expect((await request('/api/account/sessions/not-an-id', { method: 'DELETE', as: u })).status).toBe(400);
    expect(await isSignedIn(u)).toBe(true);
  });

  it('ending the current session is a logout: the cookie is cleared and no longer signs in', async () => {
    const u = await createUser();
    const phone = await signIn(u, UA.safariIphone);
    const me = (await list(phone)).find((s) => s.current)!;
    const res = await request(`/api/account/sessions/${me.id}`, { method: 'DELETE', as: phone });
    expect(await res.json()).toEqual({ ok: true, current: true });
    expect(res.headers.get('Set-Cookie')).toMatch(/^owow_session=; .*Max-Age=0/);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(u)).toBe(true);
    expect((await auditOf(u.id)).at(-1)).toMatchObject({ action: 'session.end', details: { current: true } });
  });

  it('works over tRPC, and needs a signed-in member', async () => {
    const u = await createUser();
    const laptop = await signIn(u, UA.chromeMac);
    const target = (await list(u)).find((s) => !s.current)!;
    expect((await request(`/api/account/sessions/${target.id}`, { method: 'DELETE' })).status).toBe(401);
    expect((await trpc('auth.sessions.end', { id: target.id })).status).toBe(401);
    expect(await isSignedIn(laptop)).toBe(true);
    expect((await trpc('auth.sessions.end', { id: target.id }, { as: u })).status).toBe(200);
    expect(await isSignedIn(laptop)).toBe(false);
  });
});

describe('POST /api/account/sessions/end-others', () => {
  it('ends every other session of hers, keeps this one and other members’ sessions, and is audited once', async () => {
    const u = await createUser();
    const a = await signIn(u, UA.chromeMac);
    const b = await signIn(u, UA.firefoxWindows);
    const phone = await signIn(u, UA.safariIphone);
    const other = await signIn(await createUser(), UA.edgeWindows);

    const res = await request('/api/account/sessions/end-others', { method: 'POST', as: phone });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ended: 3 });
    for (const ended of [a, b, u]) expect(await isSignedIn(ended)).toBe(false);
    expect(await isSignedIn(phone)).toBe(true);
    expect(await isSignedIn(other)).toBe(true);
    expect(await list(phone)).toEqual([expect.objectContaining({ current: true, browser: 'Safari 17' })]);
    expect((await auditOf(u.id)).map((e) => e.action)).toEqual(['session.end_others']);

    // Nothing left to end: nothing ended, nothing written.
    expect(await (await request('/api/account/sessions/end-others', { method: 'POST', as: phone })).json()).toEqual({ ended: 0 });
    expect(await auditOf(u.id)).toHaveLength(1);
  });

  it('works over tRPC and refuses a visitor', async () => {
    const u = await createUser();
    const laptop = await signIn(u, UA.chromeMac);
    expect((await request('/api/account/sessions/end-others', { method: 'POST' })).status).toBe(401);
    expect((await trpc('auth.sessions.endOthers', undefined)).status).toBe(401);
    const res = await trpc('auth.sessions.endOthers', undefined, { as: u });
    expect(res.status).toBe(200);
    expect(await isSignedIn(laptop)).toBe(false);
    expect(await isSignedIn(u)).toBe(true);
  });
});

describe('the session cookie’s name', () => {
  const token = 'A'.repeat(43);

  it('has the __Host- prefix over https, with Secure, Path=/ and no Domain', () => {
    const cookie = sessionCookie('https://club.example/login', token, Date.now() + 60_000);
    expect(cookie).toMatch(new RegExp(`^__Host-owow_session=${token}; `));
    expect(cookie).toContain('; Secure');
    expect(cookie).toContain('; Path=/');
    expect(cookie).not.toMatch(/Domain=/i);
    expect(cookieName('owow_2fa_pending', 'https://club.example/login')).toBe('__Host-owow_2fa_pending');
  });

  it('is the plain name on plain-http localhost, where a prefixed cookie would be dropped', () => {
    for (const url of ['http://localhost:8787/login', 'http://127.0.0.1:8787/login', 'http://[::1]:8787/login']) {
      expect(sessionCookie(url, token, Date.now() + 60_000)).toMatch(new RegExp(`^owow_session=${token}; `));
      expect(cookieName('owow_session', url)).toBe('owow_session');
    }
  });

  it('is read only under the name of the request’s scheme', () => {
    expect(readSessionToken('https://club.example/', `owow_session=x; __Host-owow_session=${token}`)).toBe(token);
    // The unprefixed cookie could be planted by a sibling subdomain: never read over https.
    expect(readSessionToken('https://club.example/', `owow_session=${token}`)).toBeNull();
    expect(readSessionToken('http://127.0.0.1:8787/', `__Host-owow_session=${token}`)).toBeNull();
    expect(readSessionToken('http://127.0.0.1:8787/', `a=b; owow_session=${token}`)).toBe(token);
  });

  it('signs in over https only with the __Host- cookie a login there sets', async () => {
    const u = await createUser();
    const https = 'https://club.example';
    const login = await worker.fetch(
      new Request(`${https}/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: https, 'CF-Connecting-IP': ip(), 'User-Agent': UA.safariMac },
        body: JSON.stringify({ email: u.email, password: TEST_PASSWORD }),
      }),
    );
    expect(login.status).toBe(200);
    const set = login.headers.getSetCookie().find((c) => c.startsWith('__Host-owow_session='))!;
    expect(set).toMatch(/^__Host-owow_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
    const value = set.split(';')[0]!.split('=')[1]!;
    const status = (cookie: string) =>
      worker.fetch(new Request(`${https}/auth-status`, { headers: { Cookie: cookie } })).then((r) => r.json<{ authenticated: boolean }>());
    expect(await status(`__Host-owow_session=${value}`)).toMatchObject({ authenticated: true });
    expect(await status(`owow_session=${value}`)).toMatchObject({ authenticated: false });
    // Logging out there clears the prefixed cookie.
    const logout = await worker.fetch(
      new Request(`${https}/logout`, { method: 'POST', headers: { Cookie: `__Host-owow_session=${value}`, Origin: https } }),
    );
    expect(logout.headers.getSetCookie().find((c) => c.startsWith('__Host-owow_session='))).toMatch(
      /^__Host-owow_session=; Path=\/; .*Max-Age=0; Secure$/,
    );
  });
});
