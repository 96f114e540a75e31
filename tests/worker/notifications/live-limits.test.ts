// Issue 45: the live sockets' limits (at most 10 a member, opens counted by the member write
// limiter, 20 subscribes in 10 s a socket, mayWatch asked once per topic in a socket's life), and
// no socket outlives its session: a logout, an ended session, "sign out other devices", a
// password change or reset, a deletion or a lapse closes her sockets of it, told why first.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, utcDate } from '../../../src/shared/membership-term';
import { MAX_LIVE_SOCKETS, MAX_LIVE_SUBSCRIBES, type LiveServerMessage } from '../../../src/shared/notifications';
import { events } from '../../../src/worker/db/schema/events';
import { sessions } from '../../../src/worker/db/schema/users';
import { LIVE_CLOSE } from '../../../src/worker/modules/notifications/live';
import { createUser, deps, insertEvent, ORIGIN, request, roles, TEST_PASSWORD, type TestUser } from '../helpers';
import { setTerm } from '../membership/terms-helpers';
import { anotherSession, connect, live, type Socket } from './live-helpers';

const subscribed = (topic: string) => (m: LiveServerMessage) => m.type === 'subscribed' && m.topic === topic;
const answered = (topic: string) => (m: LiveServerMessage) => (m.type === 'subscribed' || m.type === 'refused') && m.topic === topic;

/** Told first, then closed with the same code and reason. */
async function expectShut(socket: Socket, kind: keyof typeof LIVE_CLOSE) {
  const { code, reason } = LIVE_CLOSE[kind];
  expect(await socket.waitFor((m) => m.type === 'closing')).toEqual({ type: 'closing', code, reason });
  expect(await socket.waitClosed()).toEqual({ code, reason });
}

/** Still open and well: a subscribe is answered. */
async function expectLive(socket: Socket, topic: string) {
  await new Promise((r) => setTimeout(r, 200));
  expect(socket.closed).toBeNull();
  socket.send({ type: 'subscribe', topic });
  await socket.waitFor(subscribed(topic));
}

const closeAll = (...sockets: Socket[]) => sockets.forEach((s) => s.closed ?? s.ws.close(1000));

describe('live sockets have limits', () => {
  it(`at most ${MAX_LIVE_SOCKETS} a member: another closes her oldest, told why`, async () => {
    const u = await createUser();
    const topic = `event-${(await insertEvent()).id}`;
    const sockets: Socket[] = [];
    for (let i = 0; i <= MAX_LIVE_SOCKETS; i++) sockets.push(await connect(u));
    await expectShut(sockets[0]!, 'REPLACED');
    await expectLive(sockets[1]!, topic);
    await expectLive(sockets.at(-1)!, topic);
    expect(sockets.filter((s) => s.closed)).toHaveLength(1);
    closeAll(...sockets);
  });

  it('socket opens are counted by the member write limiter: past it, 429', async () => {
    const u = await createUser();
    for (let i = 0; i < 120; i++) await env.MEMBER_WRITE_LIMITER.limit({ key: `live:${u.id}` });
    const res = await live({ Upgrade: 'websocket', Cookie: u.cookie, Origin: ORIGIN });
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe('60');
  });

  it(`at most ${MAX_LIVE_SUBSCRIBES} subscribes in 10 s a socket: one more is told and closed`, async () => {
    const u = await createUser();
    const socket = await connect(u);
    // The longest topic names there are, none of them an event: the socket's state stays within bounds.
    const topics = Array.from({ length: MAX_LIVE_SUBSCRIBES + 1 }, (_, i) => `event-99999999999999${String(i).padStart(2, '0')}`);
    for (const topic of topics.slice(0, -1)) socket.send({ type: 'subscribe', topic });
    for (const topic of topics.slice(0, -1)) await socket.waitFor(answered(topic));
    expect(socket.closed).toBeNull();
    socket.send({ type: 'subscribe', topic: topics.at(-1) });
    await expectShut(socket, 'TOO_MANY_SUBSCRIBES');
  });

  it("asks whether she may follow a topic once in a socket's life", async () => {
    const host = await roles.founding();
    const u = await createUser();
    const ev = await insertEvent({ createdBy: host.id });
    const topic = `event-${ev.id}`;
    const socket = await connect(u);
    socket.send({ type: 'subscribe', topic });
    await socket.waitFor(subscribed(topic));
    socket.send({ type: 'unsubscribe', topic });
    await deps().db.update(events).set({ exclusivity: 'invite-only' }).where(eq(events.id, ev.id));
    socket.messages.length = 0;
    socket.send({ type: 'subscribe', topic });
    // Her answer of before: no query, no refusal on this socket (a page refetches with her rights).
    await socket.waitFor(subscribed(topic));
    const fresh = await connect(u);
    fresh.send({ type: 'subscribe', topic });
    await fresh.waitFor((m) => m.type === 'refused' && m.topic === topic);
    closeAll(socket, fresh);
  });
});

describe('no live socket outlives its session', () => {
  /** Her sockets on two sessions: `a` (her test cookie) and `b` (another browser's). */
  async function twoBrowsers(u: TestUser) {
    const bCookie = await anotherSession(u);
    return { a: await connect(u), b: await connect(bCookie), bCookie, topic: `event-${(await insertEvent()).id}` };
  }

  it('a logout closes that session’s sockets; her other browser’s stay', async () => {
    const u = await createUser();
    const { a, b, topic } = await twoBrowsers(u);
    expect((await request('/logout', { method: 'POST', as: u })).status).toBe(200);
    await expectShut(a, 'SESSION_ENDED');
    await expectLive(b, topic);
    closeAll(b);
  });

  it('a session ended in Settings, and "sign out other devices", close the sockets of the sessions they end', async () => {
    const u = await createUser();
    const { a, b, bCookie, topic } = await twoBrowsers(u);
    const list = await (
      await request('/api/account/sessions', { headers: { Cookie: bCookie } })
    ).json<{ sessions: { id: string; current: boolean }[] }>();
    const other = list.sessions.find((s) => !s.current)!;
    expect((await request(`/api/account/sessions/${other.id}`, { method: 'DELETE', headers: { Cookie: bCookie } })).status).toBe(200);
    await expectShut(a, 'SESSION_ENDED');
    await expectLive(b, topic);

    const c = await connect(await anotherSession(u));
    expect((await request('/api/account/sessions/end-others', { method: 'POST', headers: { Cookie: bCookie } })).status).toBe(200);
    await expectShut(c, 'SESSION_ENDED');
    await expectLive(b, topic);
    closeAll(b);
  });

  it('a password change, an admin’s reset and a deletion close every socket of hers', async () => {
    const u = await createUser();
    const changed = await twoBrowsers(u);
    const res = await request('/update-password', { body: { oldPassword: TEST_PASSWORD, newPassword: 'a brand new secret' }, as: u });
    expect(res.status).toBe(200);
    await expectShut(changed.a, 'SESSION_ENDED');
    await expectShut(changed.b, 'SESSION_ENDED');

    const admin = await roles.admin();
    const reset = await createUser();
    const resetSocket = await connect(reset);
    expect((await request(`/api/users/${reset.id}/reset-password-to-temp`, { method: 'PUT', as: admin })).status).toBe(200);
    await expectShut(resetSocket, 'SESSION_ENDED');

    const leaving = await createUser();
    const leavingSocket = await connect(leaving);
    const gone = await request('/api/account', { method: 'DELETE', as: leaving, body: { password: TEST_PASSWORD } });
    expect(gone.status).toBe(200);
    await expectShut(leavingSocket, 'SESSION_ENDED');
  });

  it('each subscribe checks her session again: ended or lapsed meanwhile, the socket closes', async () => {
    const topic = `event-${(await insertEvent()).id}`;
    const ended = await createUser();
    const endedSocket = await connect(ended);
    // Ended where no service tells her object (an expiry sweep, a hand in the database).
    await deps().db.delete(sessions).where(eq(sessions.userId, ended.id));
    endedSocket.send({ type: 'subscribe', topic });
    await expectShut(endedSocket, 'SESSION_ENDED');
    expect(endedSocket.messages.some((m) => m.type === 'subscribed')).toBe(false);

    const lapsing = await createUser();
    const lapsingSocket = await connect(lapsing);
    const today = utcDate(Date.now());
    await setTerm(lapsing, { member_since: addDays(today, -800), renews_on: addDays(today, -45) });
    lapsingSocket.send({ type: 'subscribe', topic });
    await expectShut(lapsingSocket, 'LAPSED');
  });

  it('a renewal an admin records in the past lapses her: her sockets close at once', async () => {
    const admin = await roles.admin();
    const u = await createUser();
    const today = utcDate(Date.now());
    await setTerm(u, { member_since: addDays(today, -800), renews_on: addDays(today, 200) });
    const socket = await connect(u);
    const res = await request(`/api/users/${u.id}/membership`, { method: 'PUT', as: admin, body: { renews_on: addDays(today, -60) } });
    expect(res.status).toBe(200);
    await expectShut(socket, 'LAPSED');
  });
});
