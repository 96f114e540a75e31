// Issue 40: push subscriptions (REST contract), the push choice per kind, and pushes sent by the
// notifications queue's consumer to a real local push service (web-push-testing), which checks
// the VAPID signature and decrypts them (RFC 8291, aes128gcm).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../../src/worker/db/schema/push';
import { cookieFrom, createUser, deps, request, roles, TEST_PASSWORD, type TestUser } from '../helpers';
import { createEventAs } from '../events/events-helpers';
import { createHome, day, newStay, patchStay } from '../homes/homes-helpers';
import { pushesTo, pushService, subscribeDevice } from './push-helpers';

const KEY = (byte: number, n: number) => Buffer.from([byte, ...new Uint8Array(n - 1).fill(7)]).toString('base64url');
const validKeys = { p256dh: KEY(4, 65), auth: KEY(1, 16) };

async function subscriptionRows(userId: number) {
  return deps().db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

async function signInAgain(u: TestUser): Promise<TestUser> {
  const res = await request('/login', {
    body: { email: u.email, password: TEST_PASSWORD },
    ip: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    headers: {
      'User-Agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    },
  });
  expect(res.status).toBe(200);
  return { ...u, cookie: cookieFrom(res, 'owow_session')! };
}

describe('the REST contract', () => {
  it('GET /api/push/key: the VAPID public key, members only', async () => {
    expect((await request('/api/push/key')).status).toBe(401);
    const res = await request('/api/push/key', { as: await roles.standard() });
    expect(res.status).toBe(200);
    const { public_key } = await res.json<{ public_key: string }>();
    expect(Buffer.from(public_key, 'base64url')).toHaveLength(65);
  });

  it('POST: 201 with its id, the same endpoint again 200 (updated); bad endpoints and keys 400', async () => {
    const u = await roles.standard();
    const endpoint = `https://push.example/send/${crypto.randomUUID()}`;
    const first = await request('/api/push/subscriptions', { as: u, body: { endpoint, keys: validKeys, expiration_time: null } });
    expect(first.status).toBe(201);
    const { id } = await first.json<{ id: number }>();
    const again = await request('/api/push/subscriptions', { as: u, body: { endpoint, keys: { ...validKeys, auth: KEY(2, 16) } } });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ id });
    expect((await subscriptionRows(u.id)).map((r) => r.auth)).toEqual([KEY(2, 16)]);

    for (const body of [
      { endpoint: 'http://push.example/send/1', keys: validKeys },
      { endpoint: 'ftp://push.example/send/1', keys: validKeys },
      { endpoint: 'not a url', keys: validKeys },
      { endpoint, keys: { p256dh: KEY(4, 64), auth: validKeys.auth } },
      { endpoint, keys: { p256dh: validKeys.p256dh, auth: 'not base64url!' } },
      { endpoint, keys: { p256dh: validKeys.p256dh } },
      { endpoint },
    ]) {
      const res = await request('/api/push/subscriptions', { as: u, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await subscriptionRows(u.id)).toHaveLength(1);
  });

  it('GET lists her devices as a bare list; DELETE is 204 for hers and 404 for anyone else', async () => {
    const u = await roles.standard();
    const other = await roles.standard();
    const res = await request('/api/push/subscriptions', {
      as: u,
      body: { endpoint: `https://push.example/${crypto.randomUUID()}`, keys: validKeys },
    });
    const { id } = await res.json<{ id: number }>();
    const list = await (await request('/api/push/subscriptions', { as: u })).json<Record<string, unknown>[]>();
    expect(list).toEqual([expect.objectContaining({ id, user_agent: expect.any(String), current: true })]);
    expect(new Date(list[0]!.created_at as string).getTime()).toBeGreaterThan(0);
    expect(await (await request('/api/push/subscriptions', { as: other })).json()).toEqual([]);
    expect((await request(`/api/push/subscriptions/${id}`, { method: 'DELETE', as: other })).status).toBe(404);
    const gone = await request(`/api/push/subscriptions/${id}`, { method: 'DELETE', as: u });
    expect(gone.status).toBe(204);
    expect(await gone.text()).toBe('');
    expect((await request(`/api/push/subscriptions/${id}`, { method: 'DELETE', as: u })).status).toBe(404);
  });

  it('one per device: a new endpoint from the same session replaces the old one', async () => {
    const u = await roles.standard();
    for (let i = 0; i < 2; i++) {
      await request('/api/push/subscriptions', {
        as: u,
        body: { endpoint: `https://push.example/${crypto.randomUUID()}`, keys: validKeys },
      });
    }
    expect(await subscriptionRows(u.id)).toHaveLength(1);
  });

  it('goes with its device: signing out there, or ending that device from another', async () => {
    const u = await roles.standard();
    const phone = await signInAgain(u);
    const body = () => ({ endpoint: `https://push.example/${crypto.randomUUID()}`, keys: validKeys });
    await request('/api/push/subscriptions', { as: u, body: body() });
    await request('/api/push/subscriptions', { as: phone, body: body() });
    expect(await subscriptionRows(u.id)).toHaveLength(2);
    const phoneSession = (
      await (await request('/api/push/subscriptions', { as: phone })).json<{ session_id: string; current: boolean }[]>()
    ).find((s) => s.current)!.session_id;
    expect((await request(`/api/account/sessions/${phoneSession}`, { method: 'DELETE', as: u })).status).toBe(200);
    expect(await subscriptionRows(u.id)).toHaveLength(1);

    expect((await request('/logout', { method: 'POST', as: u })).status).toBe(200);
    expect(await subscriptionRows(u.id)).toHaveLength(0);
  });
});

describe('the push choice per kind', () => {
  it('defaults: on for changes, waitlist places, stays, messages (and applications); off for the rest', async () => {
    const res = await request('/api/notification-preferences', { as: await roles.standard() });
    const body = await res.json<{ push: Record<string, boolean>; comment: string }>();
    expect(body.comment).toBe('daily');
    expect(body.push).toMatchObject({
      comment: false,
      like: false,
      new_event: false,
      event_changed: true,
      waitlist_place: true,
      stay: true,
      message: true,
      application: true,
    });
  });

  it('PUT takes any subset of push beside the email choices; an unknown kind is 400 and changes nothing', async () => {
    const u = await roles.standard();
    const put = (body: unknown) => request('/api/notification-preferences', { method: 'PUT', as: u, body });
    const res = await put({ like: 'instant', push: { comment: true, stay: false } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ like: 'instant', push: { comment: true, stay: false, event_changed: true } });
    for (const body of [{ push: { stay: true, gossip: true } }, { push: { stay: 'yes' } }, { push: true }, { stay: true }]) {
      expect((await put(body)).status, JSON.stringify(body)).toBe(400);
    }
    const now = await (await request('/api/notification-preferences', { as: u })).json<{ push: Record<string, boolean> }>();
    expect(now.push).toMatchObject({ comment: true, stay: false });
  });
});

describe('sending, end to end through the queue to web-push-testing', () => {
  it('her device gets what the entry says, with its URL, TTL a day and a topic; a 410 removes the subscription', async () => {
    const host = await createUser({ type: 'Travel Host', name: 'Amara Okafor' });
    const guest = await createUser({ name: 'Priya Raman' });
    const home = await createHome(host, { title: 'Ocean House' });
    const hostDevice = await subscribeDevice(host);
    const guestDevice = await subscribeDevice(guest);
    // The host's device has gone (the push service now answers 410 Gone for it).
    await pushService.expire(hostDevice.clientHash);

    const stay = await newStay(guest, home.id, day(12), day(15));
    for (let i = 0; i < 150 && (await subscriptionRows(host.id)).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await subscriptionRows(host.id)).toHaveLength(0);

    expect((await patchStay(host, stay.id, 'accepted')).status).toBe(200);
    const [push] = await pushesTo(guestDevice);
    expect(push).toEqual({
      title: 'Outstanding Women Outside Work',
      body: 'Amara Okafor accepted your stay at Ocean House',
      url: '/homes/requests',
      tag: `stay:stay:${stay.id}`,
      kind: 'stay',
    });
    const [headers] = await pushService.headers(guestDevice.clientHash);
    expect(headers).toMatchObject({ ttl: '86400', urgency: 'normal', topic: `stay-stay-${stay.id}`, contentEncoding: 'aes128gcm' });
    expect(await subscriptionRows(guest.id)).toHaveLength(1);
  });

  it('pushes in her language: what her list says in French', async () => {
    const host = await createUser({ type: 'Travel Host', name: 'Amara Okafor' });
    const guest = await createUser();
    const put = await request('/api/preferences', { method: 'PUT', as: guest, body: { language: 'fr' } });
    expect(put.status).toBe(200);
    const home = await createHome(host, { title: 'Ocean House' });
    const device = await subscribeDevice(guest);
    const stay = await newStay(guest, home.id, day(20), day(22));
    expect((await patchStay(host, stay.id, 'accepted')).status).toBe(200);
    const [push] = await pushesTo(device);
    expect(push).toMatchObject({ body: 'Amara Okafor a accepté votre séjour à Ocean House', url: '/homes/requests' });
  });

  it('a kind she turned off is not pushed', async () => {
    const host = await createUser({ type: 'Travel Host' });
    const guest = await roles.standard();
    const home = await createHome(host);
    const hostDevice = await subscribeDevice(host);
    await request('/api/notification-preferences', { method: 'PUT', as: host, body: { push: { stay: false } } });
    const other = await roles.standard();
    const otherDevice = await subscribeDevice(other);
    await request('/api/notification-preferences', { method: 'PUT', as: other, body: { push: { new_event: true } } });
    await newStay(guest, home.id, day(12), day(15));
    // A later push to someone else arrives; by then the host's would have too.
    await createEventAs(host);
    await pushesTo(otherDevice);
    expect(await pushService.messages(hostDevice.clientHash)).toEqual([]);
  });
});
