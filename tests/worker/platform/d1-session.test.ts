import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '../../../src/worker/app';
import type { Env } from '../../../src/worker/platform/env';
import { cookieFrom, createUser, ORIGIN, request, unique } from '../helpers';

// D1 read replication (ADR 0012): every request runs in one D1 session; writes start at the
// primary and hand the browser a bookmark, with which her next reads see what she wrote.

const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

/** The bookmark a response set in the d1b cookie, or null. */
function bookmarkSet(res: Response, name = 'd1b'): string | null {
  return cookieFrom(res, name)?.split('=')[1] ?? null;
}

/**
 * The app over the test D1, recording where each request's session starts (the argument of
 * withSession). The sessions are the real binding's; only the call is watched.
 */
async function startsOf(requests: Request[]): Promise<string[]> {
  const seen: string[] = [];
  const db = env.DB;
  const watched = { ...env, DB: { withSession: (start: string) => (seen.push(start), db.withSession(start)) } } as unknown as Env;
  for (const req of requests) {
    const ctx = createExecutionContext();
    await app.fetch(req, watched, ctx);
    await waitOnExecutionContext(ctx);
  }
  return seen;
}

describe('D1 sessions and bookmarks', () => {
  it("read-your-writes: a write's answer carries the bookmark, and the next read with it sees the write", async () => {
    const member = await createUser();
    const before = (await request('/user-details', { as: member })).headers.get('x-d1-bookmark');
    expect(before).toMatch(BOOKMARK);

    const name = `Renamed ${unique()}`;
    const write = await request('/update-user', { body: { name }, as: member });
    expect(write.status).toBe(200);
    const bookmark = bookmarkSet(write);
    expect(bookmark).toMatch(BOOKMARK);
    expect(write.headers.get('x-d1-bookmark')).toBe(bookmark);
    // Bookmarks sort by age: the write's is past the earlier read's.
    expect(bookmark! > before!).toBe(true);
    expect(write.headers.getSetCookie().find((c) => c.startsWith('d1b='))).toMatch(/; Path=\/; HttpOnly; SameSite=Lax; Max-Age=3600$/);

    const read = await request('/user-details', { headers: { Cookie: `${member.cookie}; d1b=${bookmark}` } });
    expect(await read.json()).toMatchObject({ name });
    // A plain read leaves the cookie as it is (its answer may land after a later write's).
    expect(bookmarkSet(read)).toBeNull();
    expect(read.headers.get('x-d1-bookmark')! >= bookmark!).toBe(true);
  });

  it('writes and fresh reads start at the primary; other reads at the bookmark they carry, else anywhere', async () => {
    const member = await createUser();
    const older = '00000000-00000001-00000000-00000000000000000000000000000000';
    const newer = '00000000-00000002-00000000-00000000000000000000000000000000';
    const get = (path: string, headers: Record<string, string> = {}) => new Request(`${ORIGIN}${path}`, { headers });
    const starts = await startsOf([
      get('/api/events', { Cookie: member.cookie }),
      get('/api/events', { Cookie: `${member.cookie}; d1b=${older}` }),
      get('/api/events', { Cookie: `${member.cookie}; d1b=${older}`, 'x-d1-bookmark': newer }),
      get('/api/events', { Cookie: `${member.cookie}; d1b=${newer}`, 'x-d1-bookmark': older }),
      get('/api/events', { Cookie: `${member.cookie}; d1b=not-a-bookmark'--` }),
      new Request(`${ORIGIN}/update-user`, {
        method: 'POST',
        headers: { Origin: ORIGIN, Cookie: `${member.cookie}; d1b=${older}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: member.name }),
      }),
      get(`/api/register/validate-token/${'a'.repeat(43)}`, { Cookie: `d1b=${older}` }),
      get(`/api/events/invite/${'a'.repeat(43)}`, { Cookie: member.cookie }),
      get(`/trpc/auth.status,membership.registrationInvite?batch=1&input=${encodeURIComponent('{"1":{"token":"x"}}')}`),
      get('/trpc/auth.status?batch=1&input=%7B%7D', { Cookie: `d1b=${older}` }),
    ]);
    expect(starts).toEqual([
      'first-unconstrained',
      older,
      newer,
      newer,
      'first-unconstrained',
      'first-primary',
      'first-primary',
      'first-primary',
      'first-primary',
      older,
    ]);
  });

  it('over https the cookie is __Host-d1b and Secure, and only that name is read', async () => {
    const member = await createUser();
    const res = await app.fetch(
      new Request('https://club.example/update-user', {
        method: 'POST',
        headers: { Origin: 'https://club.example', Cookie: `__Host-${member.cookie}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: member.name }),
      }),
      env as unknown as Env,
      createExecutionContext(),
    );
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Host-d1b='));
    expect(cookie).toMatch(/^__Host-d1b=[0-9a-f-]{59}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=3600; Secure$/);

    const older = '00000000-00000001-00000000-00000000000000000000000000000000';
    const starts = await startsOf([
      new Request('https://club.example/api/events', { headers: { Cookie: `d1b=${older}` } }),
      new Request('https://club.example/api/events', { headers: { Cookie: `__Host-d1b=${older}` } }),
    ]);
    expect(starts).toEqual(['first-unconstrained', older]);
  });
});
