// Issue 23 "Live": GET /api/live is a WebSocket to the member's Durable Object (Hibernation API);
// her count arrives whenever it changes, and a page following an event or an image hears what
// changed on it.
import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LiveServerMessage } from '../../../src/shared/notifications';
import { livePresence } from '../../../src/worker/db/schema/notifications';
import type { LiveTopic } from '../../../src/worker/modules/notifications/live';
import { createUser, deps, insertEvent, ORIGIN, request, roles } from '../helpers';
import { connect, live } from './live-helpers';
import { join } from './notification-helpers';

const unread = (count: number) => (m: LiveServerMessage) => m.type === 'unread' && m.count === count;

describe('GET /api/live', () => {
  it('426 without an upgrade, 401 for a visitor, 403 from another origin', async () => {
    const u = await createUser();
    const plain = await request('/api/live', { as: u });
    expect(plain.status).toBe(426);
    expect(await plain.json()).toMatchObject({ code: 'UPGRADE_REQUIRED' });
    expect((await live({ Upgrade: 'websocket', Origin: ORIGIN })).status).toBe(401);
    expect((await live({ Upgrade: 'websocket', Cookie: u.cookie, Origin: 'https://evil.example' })).status).toBe(403);
    expect((await live({ Upgrade: 'websocket', Cookie: u.cookie, 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
  });

  it('says her unread count at once, and again within seconds when someone comments on her event', async () => {
    const host = await roles.founding();
    const guest = await createUser();
    const ev = await insertEvent({ createdBy: host.id });
    await join(ev.id, guest);
    const socket = await connect(host);
    await socket.waitFor(unread(0));
    const [presence] = await deps().db.select().from(livePresence).where(eq(livePresence.userId, host.id));
    expect(presence).toBeTruthy();
    const started = Date.now();
    await request('/api/comments', { as: guest, body: { content: 'On my way', commentableId: `event-${ev.id}` } });
    // Through the real path: the request records, the notifications queue's consumer writes and tells her object.
    await socket.waitFor(unread(1), 10_000);
    expect(Date.now() - started).toBeLessThan(10_000);
    socket.ws.close(1000);
  });

  it('her other pages hear the new count when she reads them on one', async () => {
    const host = await roles.founding();
    const guest = await createUser();
    const ev = await insertEvent({ createdBy: host.id });
    await join(ev.id, guest);
    await request('/api/comments', { as: guest, body: { content: 'Hi', commentableId: `event-${ev.id}` } });
    const [a, b] = [await connect(host), await connect(host)];
    await a.waitFor(unread(1), 10_000);
    await request('/api/notifications/read', { as: host, body: { all: true } });
    await a.waitFor(unread(0));
    await b.waitFor(unread(0));
    a.ws.close(1000);
    b.ws.close(1000);
  });

  it('a page following an event hears its comments, likes and participants change; her presence goes with her last socket', async () => {
    const host = await roles.founding();
    const watcher = await createUser();
    const other = await createUser();
    const ev = await insertEvent({ createdBy: host.id });
    const topic = `event-${ev.id}`;
    const socket = await connect(watcher);
    socket.send({ type: 'subscribe', topic });
    await socket.waitFor((m) => m.type === 'subscribed' && m.topic === topic);
    await runInDurableObject(env.LIVE_TOPIC.get(env.LIVE_TOPIC.idFromName(topic)), async (instance: LiveTopic) => {
      expect(await instance.watchers()).toEqual([watcher.id]);
    });
    const res = await request('/api/comments', { as: other, body: { content: 'Hello', commentableId: topic } });
    const comment = (await res.json()) as { id: number };
    await socket.waitFor((m) => m.type === 'changed' && m.topic === topic && m.what === 'comments');
    socket.messages.length = 0;
    await request(`/api/comments/${comment.id}/like`, { method: 'POST', as: host });
    await socket.waitFor((m) => m.type === 'changed' && m.what === 'comments');
    await request(`/api/events/${ev.id}/join`, { method: 'POST', as: other });
    await socket.waitFor((m) => m.type === 'changed' && m.what === 'event');

    socket.send({ type: 'unsubscribe', topic });
    await new Promise((r) => setTimeout(r, 200));
    await runInDurableObject(env.LIVE_TOPIC.get(env.LIVE_TOPIC.idFromName(topic)), async (instance: LiveTopic) => {
      expect(await instance.watchers()).toEqual([]);
    });
    socket.ws.close(1000);
    for (let i = 0; i < 40; i++) {
      if ((await deps().db.select().from(livePresence).where(eq(livePresence.userId, watcher.id))).length === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await deps().db.select().from(livePresence).where(eq(livePresence.userId, watcher.id))).toEqual([]);
  });

  it('refuses to follow what she may not see: an invite-only event, a malformed topic', async () => {
    const host = await roles.founding();
    const stranger = await createUser();
    const priv = await insertEvent({ createdBy: host.id, exclusivity: 'invite-only' });
    const socket = await connect(stranger);
    socket.send({ type: 'subscribe', topic: `event-${priv.id}` });
    await socket.waitFor((m) => m.type === 'refused' && m.topic === `event-${priv.id}`);
    socket.send({ type: 'subscribe', topic: 'users-1' });
    socket.send('not json');
    // Still open and well: the host's own count still arrives for her.
    const inside = await connect(host);
    inside.send({ type: 'subscribe', topic: `event-${priv.id}` });
    await inside.waitFor((m) => m.type === 'subscribed');
    await request('/api/comments', { as: host, body: { content: 'Psst', commentableId: `event-${priv.id}` } });
    await inside.waitFor((m) => m.type === 'changed');
    await new Promise((r) => setTimeout(r, 200));
    expect(socket.messages.filter((m) => m.type === 'changed')).toEqual([]);
    socket.ws.close(1000);
    inside.ws.close(1000);
  });
});
