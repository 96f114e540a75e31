import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../../src/worker/db/schema/users';
import { sha256Hex } from '../../../src/worker/platform/crypto';
import { createUser, deps, request, startOfRateWindow, TEST_PASSWORD, trpc, unique, untilLimited, userRow, worker } from '../helpers';

const ip = () => `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

async function sessionCount(userId: number) {
  return (await deps().db.select().from(sessions).where(eq(sessions.userId, userId))).length;
}

describe('GET /auth-status', () => {
  it('answers a visitor with authenticated false', async () => {
    const res = await request('/auth-status');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ authenticated: false, user: null });
  });

  it('answers a member with name and admin flag', async () => {
    const u = await createUser({ type: 'Founding', admin: true });
    const body = await (await request('/auth-status', { as: u })).json();
    expect(body).toMatchObject({ authenticated: true, user: { name: u.name, admin: true, user_id: u.id } });
  });

  it('treats an unknown or tampered cookie as a visitor', async () => {
    const res = await request('/auth-status', { headers: { Cookie: 'owow_session=not-a-real-token' } });
    expect(await res.json()).toEqual({ authenticated: false, user: null });
  });
});

describe('POST /login', () => {
  it('sets an HttpOnly SameSite=Lax session cookie and stores only its hash', async () => {
    const u = await createUser();
    const res = await request('/login', { body: { email: u.email.toUpperCase(), password: TEST_PASSWORD }, ip: ip() });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, user: { name: u.name, admin: false } });
    const cookie = res.headers.get('Set-Cookie')!;
    expect(cookie).toMatch(/^owow_session=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    // Plain-http 127.0.0.1: no Secure flag, or the browser would drop it.
    expect(cookie).not.toContain('Secure');
    const token = cookie.split(';')[0]!.split('=')[1]!;
    const stored = await deps()
      .db.select()
      .from(sessions)
      .where(eq(sessions.id, await sha256Hex(token)));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.expiresAt - stored[0]!.createdAt).toBe(30 * 24 * 3600 * 1000);
  });

  it('marks the cookie Secure on https', async () => {
    const u = await createUser();
    const res = await worker.fetch(
      new Request('https://club.example/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'https://club.example', 'CF-Connecting-IP': ip() },
        body: JSON.stringify({ email: u.email, password: TEST_PASSWORD }),
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('Set-Cookie')).toContain('Secure');
    expect(res.headers.get('Strict-Transport-Security')).toMatch(/max-age=(\d+)/);
    expect(Number(res.headers.get('Strict-Transport-Security')!.match(/max-age=(\d+)/)![1])).toBeGreaterThanOrEqual(31536000);
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const u = await createUser();
    const wrong = await request('/login', { body: { email: u.email, password: 'nope-nope-nope' }, ip: ip() });
    const unknown = await request('/login', { body: { email: `${unique()}@nowhere.example`, password: 'nope-nope-nope' }, ip: ip() });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
    expect(wrong.headers.get('Set-Cookie')).toBeNull();
  });

  it('refuses malformed input with 400 and a message per field', async () => {
    const res = await request('/login', { body: { email: 'not-an-email' }, ip: ip() });
    expect(res.status).toBe(400);
    const body = await res.json<{ fieldErrors: Record<string, string[]> }>();
    expect(body.fieldErrors.email).toEqual(['Invalid email format.']);
    expect(body.fieldErrors.password).toBeDefined();
  });

  it('refuses a body that is not JSON with 400', async () => {
    const res = await request('/login', { body: '{not json', headers: { 'Content-Type': 'application/json' }, ip: ip() });
    expect(res.status).toBe(400);
  });

  it('rate limits repeated tries on one account from one address with 429 and Retry-After', { timeout: 90_000 }, async () => {
    const u = await createUser();
    const addr = ip();
    await startOfRateWindow();
    let retryAfter: string | null = null;
    const statuses = await untilLimited(8, async () => {
      const res = await request('/login', { body: { email: u.email, password: 'wrong-password' }, ip: addr });
      if (res.status === 429) retryAfter = res.headers.get('Retry-After');
      return res;
    });
    expect(statuses).toContain(429);
    expect(retryAfter).toBe('60');
    expect(statuses[0]).toBe(401);
  });

  it('rate limits many tries from one IP across accounts', { timeout: 60_000 }, async () => {
    const addr = ip();
    const statuses = await untilLimited(20, () =>
      request('/login', { body: { email: `${unique()}@x.example`, password: 'whatever1' }, ip: addr }),
    );
    expect(statuses).toContain(429);
  });
});

describe('POST /logout', () => {
  it('deletes the session on the server and clears the cookie', async () => {
    const u = await createUser();
    expect(await sessionCount(u.id)).toBe(1);
    const res = await request('/logout', { method: 'POST', as: u });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get('Set-Cookie')).toContain('Max-Age=0');
    expect(await sessionCount(u.id)).toBe(0);
    const after = await (await request('/auth-status', { as: u })).json();
    expect(after).toEqual({ authenticated: false, user: null });
  });
});

describe('GET /user-details', () => {
  it('answers name, user_id, type and admin', async () => {
    const u = await createUser({ type: 'Travel Host' });
    const res = await request('/user-details', { as: u });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: u.name, user_id: u.id, type: 'Travel Host', admin: false });
  });
  it('is 401 for a visitor', async () => {
    expect((await request('/user-details')).status).toBe(401);
  });
});

describe('POST /update-user', () => {
  it('lets a member change the name but neither type nor admin flag', async () => {
    const u = await createUser({ type: 'Standard' });
    const res = await request('/update-user', { body: { name: 'New Name', type: 'Founding', admin: true }, as: u });
    expect(res.status).toBe(200);
    const row = await userRow(u.id);
    expect(row).toMatchObject({ name: 'New Name', type: 'Standard', isAdmin: false });
  });

  it('lets an admin change their type', async () => {
    const a = await createUser({ type: 'Standard', admin: true });
    const res = await request('/update-user', { body: { name: a.name, type: 'Travel Host' }, as: a });
    expect(res.status).toBe(200);
    expect((await userRow(a.id))!.type).toBe('Travel Host');
  });

  it('refuses an empty name with 400 and leaves the row alone', async () => {
    const u = await createUser();
    const res = await request('/update-user', { body: { name: '   ' }, as: u });
    expect(res.status).toBe(400);
    expect((await userRow(u.id))!.name).toBe(u.name);
  });

  it('is 401 for a visitor', async () => {
    expect((await request('/update-user', { body: { name: 'X' } })).status).toBe(401);
  });
});

describe('POST /update-password', () => {
  it('checks the old password, ends every other session and keeps this browser signed in', async () => {
    const u = await createUser();
    const other = await createUser({ email: `${unique()}@t.example` });
    // A second session of the same member (another device).
    await request('/login', { body: { email: u.email, password: TEST_PASSWORD }, ip: ip() });
    expect(await sessionCount(u.id)).toBe(2);

    const res = await request('/update-password', { body: { oldPassword: TEST_PASSWORD, newPassword: 'a brand new secret' }, as: u });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Password updated successfully' });
    expect(await sessionCount(u.id)).toBe(1);
    expect(await sessionCount(other.id)).toBe(1);
    const fresh = res.headers.get('Set-Cookie')!.split(';')[0]!;
    const status = await (await request('/auth-status', { headers: { Cookie: fresh } })).json();
    expect(status).toMatchObject({ authenticated: true });

    const relogin = await request('/login', { body: { email: u.email, password: 'a brand new secret' }, ip: ip() });
    expect(relogin.status).toBe(200);
  });

  it('refuses a wrong old password with 400', async () => {
    const u = await createUser();
    const res = await request('/update-password', { body: { oldPassword: 'wrong-old-pass', newPassword: 'a brand new secret' }, as: u });
    expect(res.status).toBe(400);
    expect(await sessionCount(u.id)).toBe(1);
  });

  it('refuses a new password shorter than 8 characters', async () => {
    const u = await createUser();
    const res = await request('/update-password', { body: { oldPassword: TEST_PASSWORD, newPassword: 'short' }, as: u });
    expect(res.status).toBe(400);
    expect((await res.json<{ fieldErrors: Record<string, string[]> }>()).fieldErrors.newPassword).toBeDefined();
  });
});

describe('sessions', () => {
  it('expire after 14 idle days', async () => {
    const u = await createUser();
    const old = Date.now() - 15 * 24 * 3600 * 1000;
    await deps().db.update(sessions).set({ lastSeenAt: old }).where(eq(sessions.userId, u.id));
    expect(await (await request('/auth-status', { as: u })).json()).toEqual({ authenticated: false, user: null });
  });

  it('expire at the 30-day absolute limit even when active', async () => {
    const u = await createUser();
    await deps()
      .db.update(sessions)
      .set({ expiresAt: Date.now() - 1000, lastSeenAt: Date.now() })
      .where(eq(sessions.userId, u.id));
    expect(await (await request('/auth-status', { as: u })).json()).toEqual({ authenticated: false, user: null });
  });

  it('a member who must change the password can only do that', async () => {
    const u = await createUser({ mustChangePassword: true });
    expect((await request('/update-user', { body: { name: 'Other' }, as: u })).status).toBe(403);
    const change = await request('/update-password', { body: { oldPassword: TEST_PASSWORD, newPassword: 'chosen by me 2026' }, as: u });
    expect(change.status).toBe(200);
    expect((await userRow(u.id))!.mustChangePassword).toBe(false);
  });
});

describe('every request', () => {
  it('refuses a mutating request from another origin with 403', async () => {
    const u = await createUser();
    const res = await request('/logout', { method: 'POST', as: u, headers: { Origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(await sessionCount(u.id)).toBe(1);
    const viaFetchSite = await request('/update-user', {
      body: { name: 'Hacked' },
      as: u,
      headers: { Origin: '', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(viaFetchSite.status).toBe(403);
    expect((await userRow(u.id))!.name).toBe(u.name);
    expect(res.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('also guards tRPC mutations', async () => {
    const res = await request('/trpc/auth.logout', { method: 'POST', body: {}, headers: { Origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
  });

  it('sends the security headers', async () => {
    const res = await request('/auth-status');
    const csp = res.headers.get('Content-Security-Policy')!;
    expect(csp).toContain("frame-ancestors 'none'");
    // One inline script is allowed, by its hash: the pages' boot script (tests/worker/platform/boot-script.test.ts).
    expect(csp).toMatch(/script-src 'self' 'sha256-[\w+/]+={0,2}'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Referrer-Policy')).toBeTruthy();
    expect(res.headers.get('X-Request-Id')).toBeTruthy();
  });

  it('lets no cache keep what the Worker answers about a member', async () => {
    const u = await createUser();
    const answers = [
      await request('/auth-status', { as: u }),
      await request('/user-details', { as: u }),
      await request('/api/events', { as: u }),
      await trpc('auth.status', undefined, { as: u, type: 'query' }),
      await request('/api/events'),
    ];
    for (const res of answers) expect(res.headers.get('Cache-Control'), res.url).toBe('private, no-store');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await request('/api/definitely-not-here');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('tRPC auth procedures use the same services', () => {
  it('login sets the cookie and status reports the member', async () => {
    const u = await createUser();
    const res = await trpc('auth.login', { email: u.email, password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    const cookie = res.headers.get('Set-Cookie')!.split(';')[0]!;
    const status = await request('/trpc/auth.status', { headers: { Cookie: cookie } });
    expect(await status.json()).toMatchObject({ result: { data: { authenticated: true, user: { name: u.name } } } });
  });

  it('bad input is a 400 with field errors, not a 500', async () => {
    const res = await trpc('auth.login', { email: 'nope', password: '' });
    expect(res.status).toBe(400);
    const body = await res.json<{ error: { data: { fieldErrors: Record<string, string[]> } } }>();
    expect(body.error.data.fieldErrors.email).toEqual(['Invalid email format.']);
  });

  it('updateUser ignores type for a member', async () => {
    const u = await createUser({ type: 'Standard' });
    const res = await trpc('auth.updateUser', { name: 'Via tRPC', type: 'Founding' }, { as: u });
    expect(res.status).toBe(200);
    expect(await userRow(u.id)).toMatchObject({ name: 'Via tRPC', type: 'Standard' });
  });
});

describe('development mailbox', () => {
  it('is 404 outside development', async () => {
    expect(env.ENVIRONMENT).not.toBe('development');
    expect((await request('/dev/mailbox.json')).status).toBe(404);
    expect((await request('/dev/mailbox')).status).toBe(404);
  });
});
