import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_KINDS } from '../../../src/shared/notifications';
import { defaultPushPreferences } from '../../../src/shared/push';
import { createUser, insertEvent, request, trpc, type TestUser } from '../helpers';
import { join, listOf, settleNotifications, unreadOf } from './notification-helpers';

/** `n` comments on as many events she created, each by another member: n unread entries. */
async function withEntries(n: number): Promise<TestUser> {
  const host = await createUser({ type: 'Founding' });
  const guest = await createUser({ name: 'Sofia Rossi' });
  for (let i = 0; i < n; i++) {
    const ev = await insertEvent({ createdBy: host.id, title: `Supper ${i}` });
    await join(ev.id, guest);
    const res = await request('/api/comments', { as: guest, body: { content: `Lovely ${i}`, commentableId: `event-${ev.id}` } });
    expect(res.status).toBe(201);
  }
  await settleNotifications();
  return host;
}

describe('GET /api/notifications', () => {
  it('is for members only: a visitor gets 401', async () => {
    expect((await request('/api/notifications')).status).toBe(401);
    expect((await request('/api/notifications/unread-count')).status).toBe(401);
    expect((await request('/api/notifications/read', { body: { all: true } })).status).toBe(401);
    expect((await request('/api/notification-preferences')).status).toBe(401);
  });

  it('answers a bare list, newest first, each entry in the documented shape', async () => {
    const host = await withEntries(2);
    const list = await listOf(host);
    expect(list).toHaveLength(2);
    expect(list.map((e) => e.text)).toEqual(['Sofia Rossi commented on Supper 1', 'Sofia Rossi commented on Supper 0']);
    const [first] = list as unknown as Record<string, unknown>[];
    expect(Object.keys(first!).sort()).toEqual(['actors', 'count', 'created_at', 'id', 'kind', 'read_at', 'text', 'url'].sort());
    expect(first).toMatchObject({ kind: 'comment', read_at: null, count: 1, actors: [{ name: 'Sofia Rossi' }] });
    expect(first!.url).toMatch(/^\/events\/\d+\?tab=comments$/);
    expect(new Date(first!.created_at as string).toISOString()).toBe(first!.created_at);
  });

  it('pages with limit and cursor, naming the next page in a Link header', async () => {
    const host = await withEntries(3);
    const page1 = await request('/api/notifications?limit=2', { as: host });
    const link = page1.headers.get('Link');
    expect(link).toMatch(/^<\/api\/notifications\?limit=2&cursor=[A-Za-z0-9_-]+>; rel="next"$/);
    const first = (await page1.json()) as { id: number }[];
    const page2 = await request(link!.slice(1, link!.indexOf('>')), { as: host });
    expect(page2.headers.get('Link')).toBeNull();
    const second = (await page2.json()) as { id: number }[];
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(1);
    expect(new Set([...first, ...second].map((e) => e.id)).size).toBe(3);
    expect((await request('/api/notifications?cursor=nonsense!', { as: host })).status).toBe(400);
    expect((await request('/api/notifications?limit=500', { as: host })).status).toBe(400);
  });

  it('unread=1 lists only the unread ones', async () => {
    const host = await withEntries(2);
    const [newest] = await listOf(host);
    await request('/api/notifications/read', { as: host, body: { ids: [newest!.id] } });
    const unread = await listOf(host, '?unread=1');
    expect(unread).toHaveLength(1);
    expect(unread[0]!.id).not.toBe(newest!.id);
    expect((await listOf(host)).find((e) => e.id === newest!.id)!.read_at).not.toBeNull();
  });
});

describe('POST /api/notifications/read', () => {
  it('marks the ids given and answers the new unread count', async () => {
    const host = await withEntries(3);
    expect(await unreadOf(host)).toBe(3);
    const [a, b] = await listOf(host);
    const res = await request('/api/notifications/read', { as: host, body: { ids: [a!.id, b!.id] } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ count: 1 });
    expect(await unreadOf(host)).toBe(1);
  });

  it('{"all": true} marks every one of hers', async () => {
    const host = await withEntries(2);
    const res = await request('/api/notifications/read', { as: host, body: { all: true } });
    expect(await res.json()).toEqual({ count: 0 });
    expect((await listOf(host)).every((e) => e.read_at !== null)).toBe(true);
  });

  it("ignores another member's ids: they stay unread", async () => {
    const host = await withEntries(1);
    const other = await withEntries(1);
    const [theirs] = await listOf(host);
    const res = await request('/api/notifications/read', { as: other, body: { ids: [theirs!.id] } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ count: 1 });
    expect(await unreadOf(host)).toBe(1);
    expect((await listOf(host))[0]!.read_at).toBeNull();
  });

  it('refuses a body that is neither ids nor all (400)', async () => {
    const host = await withEntries(1);
    for (const body of [
      {},
      { ids: [] },
      { ids: ['x'] },
      { all: false },
      { all: true, ids: [1] },
      { ids: Array.from({ length: 101 }, (_, i) => i + 1) },
    ]) {
      const res = await request('/api/notifications/read', { as: host, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await unreadOf(host)).toBe(1);
  });

  it('answers the same over tRPC', async () => {
    const host = await withEntries(2);
    const res = await trpc('notifications.markRead', { all: true }, { as: host });
    expect(res.status).toBe(200);
    const count = await trpc('notifications.unreadCount', undefined, { as: host, type: 'query' });
    expect(((await count.json()) as { result: { data: { count: number } } }).result.data.count).toBe(0);
  });
});

describe('notification preferences', () => {
  it('GET answers every kind with the defaults', async () => {
    const u = await createUser();
    const res = await request('/api/notification-preferences', { as: u });
    // Issue 40's push choices come beside the email ones (tests/worker/push).
    const { push, ...body } = (await res.json()) as Record<string, string> & { push: unknown };
    expect(push).toEqual(defaultPushPreferences());
    expect(Object.keys(body).sort()).toEqual([...NOTIFICATION_KINDS].sort());
    expect(body).toEqual({
      comment: 'daily',
      like: 'off',
      event_changed: 'instant',
      waitlist_place: 'instant',
      stay: 'instant',
      application: 'instant',
      new_event: 'daily',
      message: 'instant',
      circle_post: 'daily',
      circle_request: 'instant',
      circle_accepted: 'instant',
      event_feedback: 'off',
      event_join_request: 'instant',
      event_join_answer: 'instant',
    });
    expect(body).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it('PUT takes any subset and answers the whole object', async () => {
    const u = await createUser();
    const res = await request('/api/notification-preferences', { method: 'PUT', as: u, body: { like: 'instant', comment: 'off' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      like: 'instant',
      comment: 'off',
      push: defaultPushPreferences(),
    });
    // Back to a default, and another kind: the rest stay.
    const again = await request('/api/notification-preferences', { method: 'PUT', as: u, body: { comment: 'daily', stay: 'daily' } });
    expect(await again.json()).toEqual({
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      like: 'instant',
      stay: 'daily',
      push: defaultPushPreferences(),
    });
  });

  it('an unknown kind or value is a 400 and nothing changes', async () => {
    const u = await createUser();
    for (const body of [{ like: 'instant', gossip: 'off' }, { like: 'sometimes' }, { like: null }, ['like']]) {
      const res = await request('/api/notification-preferences', { method: 'PUT', as: u, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const now = await request('/api/notification-preferences', { as: u });
    expect(await now.json()).toEqual({ ...DEFAULT_NOTIFICATION_PREFERENCES, push: defaultPushPreferences() });
  });

  it("are her own: one member's choice is not another's", async () => {
    const a = await createUser();
    const b = await createUser();
    await request('/api/notification-preferences', { method: 'PUT', as: a, body: { new_event: 'off' } });
    expect(((await (await request('/api/notification-preferences', { as: b })).json()) as Record<string, string>).new_event).toBe('daily');
  });

  it('her time zone is kept with her settings (UTC until known); a bad zone is refused', async () => {
    const u = await createUser();
    const read = async () =>
      ((await (await trpc('notifications.settings', undefined, { as: u, type: 'query' })).json()) as { result: { data: unknown } }).result
        .data;
    expect(await read()).toEqual({ timeZone: 'UTC' });
    expect((await trpc('notifications.updateSettings', { timeZone: 'Europe/Paris' }, { as: u })).status).toBe(200);
    expect(await read()).toEqual({ timeZone: 'Europe/Paris' });
    expect((await trpc('notifications.updateSettings', { timeZone: 'Mars/Olympus' }, { as: u })).status).toBe(400);
    expect(await read()).toEqual({ timeZone: 'Europe/Paris' });
  });
});
