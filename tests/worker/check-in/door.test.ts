// Issue 43, check-in: who may check guests in (the host, co-hosts she names, admins), a ticket
// scanned twice counting once, undo, offline check-ins keeping their time, and walk-ins beyond
// the capacity.
import { describe, expect, it } from 'vitest';
import { createUser, request, roles, trpc, type TestUser } from '../helpers';
import { checkIn, doorEvent, joinAs, ticketOf, type Json } from './check-in-helpers';

const list = async (eventId: number, as: TestUser) => {
  const res = await request(`/api/events/${eventId}/check-in`, { as });
  expect(res.status).toBe(200);
  return res.json<Json>();
};

describe('who may check guests in', () => {
  it('the host, her co-hosts and admins; not a participant, another member, an admin without 2FA; visitors 401', async () => {
    const host = await roles.founding();
    const e = await doorEvent(host);
    const [guest, coHost, other] = await Promise.all([createUser({ name: 'Ada Guest' }), createUser(), createUser()]);
    const admin = await roles.admin();
    const adminWithout2fa = await createUser({ admin: true, twoFactor: false });
    await joinAs(e.id, guest);

    for (const who of [guest, coHost, other, adminWithout2fa]) {
      expect((await request(`/api/events/${e.id}/check-in`, { as: who })).status).toBe(403);
      expect((await checkIn(e.id, who, { member_id: guest.id })).status).toBe(403);
      expect((await request(`/api/events/${e.id}/walk-ins`, { as: who, body: { member_id: other.id } })).status).toBe(403);
    }
    expect((await request(`/api/events/${e.id}/check-in`)).status).toBe(401);
    // Naming co-hosts is the host's (and admins'); a co-host cannot name more.
    expect((await request(`/api/events/${e.id}/co-hosts`, { method: 'PUT', as: guest, body: { member_ids: [guest.id] } })).status).toBe(
      403,
    );
    const named = await request(`/api/events/${e.id}/co-hosts`, {
      method: 'PUT',
      as: host,
      body: { member_ids: [coHost.id, host.id, coHost.id] },
    });
    expect(named.status).toBe(200);
    expect(await named.json()).toEqual({ co_hosts: [{ id: coHost.id, name: coHost.name, photo_url: null }] });
    expect((await request(`/api/events/${e.id}/co-hosts`, { method: 'PUT', as: coHost, body: { member_ids: [] } })).status).toBe(403);
    const unknown = await request(`/api/events/${e.id}/co-hosts`, { method: 'PUT', as: host, body: { member_ids: [9_999_999] } });
    expect(unknown.status).toBe(400);

    expect(await list(e.id, coHost)).toEqual({
      checked_in: 0,
      total: 1,
      participants: [{ id: guest.id, name: 'Ada Guest', photo_url: null, checked_in_at: null, walk_in: false }],
    });
    expect((await checkIn(e.id, coHost, { member_id: guest.id })).status).toBe(200);
    expect((await list(e.id, admin)).checked_in).toBe(1);
    const door = await (await trpc('checkIn.door', { id: e.id }, { as: coHost, type: 'query' })).json<Json>();
    expect(door.result.data).toMatchObject({ can_check_in: true, can_name_co_hosts: false, has_ticket: false });

    // Taken off the list, she is a member like any other.
    expect((await request(`/api/events/${e.id}/co-hosts`, { method: 'PUT', as: admin, body: { member_ids: [] } })).status).toBe(200);
    expect((await checkIn(e.id, coHost, { member_id: guest.id })).status).toBe(403);
  });
});

describe('checking in', () => {
  it('the same ticket twice counts once (already, at the first time); undo; a member not on the list is 404', async () => {
    const host = await roles.founding();
    const e = await doorEvent(host);
    const [guest, other] = await Promise.all([createUser(), createUser()]);
    await joinAs(e.id, guest);
    const token = await ticketOf(e.id, guest);
    const first = await (await checkIn(e.id, host, { token })).json<Json>();
    expect(first).toMatchObject({ member: { id: guest.id }, already: false });
    const second = await checkIn(e.id, host, { token });
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ ...first, already: true });
    expect(await (await checkIn(e.id, host, { member_id: guest.id })).json()).toMatchObject({
      already: true,
      checked_in_at: first.checked_in_at,
    });
    expect((await list(e.id, host)).checked_in).toBe(1);

    const notOnList = await checkIn(e.id, host, { member_id: other.id });
    expect(notOnList.status).toBe(404);
    expect(await notOnList.json()).toMatchObject({ error: 'Not a participant of this event.' });
    // Neither or both of token and member_id: a clear 400.
    expect((await checkIn(e.id, host, {})).status).toBe(400);
    expect((await checkIn(e.id, host, { token, member_id: guest.id })).status).toBe(400);

    const undo = await request(`/api/events/${e.id}/check-in/${guest.id}`, { method: 'DELETE', as: host });
    expect(undo.status).toBe(204);
    expect((await list(e.id, host)).participants.find((p: Json) => p.id === guest.id).checked_in_at).toBeNull();
    expect((await request(`/api/events/${e.id}/check-in/${other.id}`, { method: 'DELETE', as: host })).status).toBe(404);
    expect(await (await checkIn(e.id, host, { token })).json()).toMatchObject({ already: false });
  });

  it('a check-in queued offline keeps the time it was made (never a future one)', async () => {
    const host = await roles.founding();
    const e = await doorEvent(host);
    const [a, b] = await Promise.all([createUser(), createUser()]);
    await joinAs(e.id, a, b);
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    const kept = await (await checkIn(e.id, host, { member_id: a.id, checked_in_at: tenMinutesAgo })).json<Json>();
    expect(kept.checked_in_at).toBe(tenMinutesAgo);
    const future = await (
      await checkIn(e.id, host, { member_id: b.id, checked_in_at: new Date(Date.now() + 3_600_000).toISOString() })
    ).json<Json>();
    expect(Date.parse(future.checked_in_at)).toBeLessThanOrEqual(Date.now());
    expect((await checkIn(e.id, host, { member_id: b.id, checked_in_at: 'yesterday' })).status).toBe(400);
  });

  it('a walk-in joins, checked in, beyond the capacity and off the waitlist; one already on the list is simply checked in', async () => {
    const host = await roles.founding();
    const e = await doorEvent(host, { capacity: 1 });
    const surname = `Walkley${Date.now().toString(36)}`;
    const [guest, waiting, walkIn] = await Promise.all([
      createUser({ name: `Gwen ${surname}` }),
      createUser({ name: `Wanda ${surname}` }),
      createUser({ name: `Ada ${surname}` }),
    ]);
    await joinAs(e.id, guest, waiting);
    // The door's "Add a walk-in" finds members by name who are not on the list (the waitlist is not the list).
    const candidates = async (as: TestUser) =>
      trpc('checkIn.walkInCandidates', { id: e.id, q: surname.toLowerCase() }, { as, type: 'query' });
    expect((await (await candidates(host)).json<Json>()).result.data.map((m: Json) => m.name)).toEqual([
      `Ada ${surname}`,
      `Wanda ${surname}`,
    ]);
    expect((await candidates(guest)).status).toBe(403);
    const added = await request(`/api/events/${e.id}/walk-ins`, { as: host, body: { member_id: walkIn.id } });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ member: { id: walkIn.id }, already: false, walk_in: true });
    const fromWaitlist = await request(`/api/events/${e.id}/walk-ins`, { as: host, body: { member_id: waiting.id } });
    expect(fromWaitlist.status).toBe(201);
    const onList = await request(`/api/events/${e.id}/walk-ins`, { as: host, body: { member_id: guest.id } });
    expect(onList.status).toBe(200);
    expect(await onList.json()).toMatchObject({ walk_in: false, already: false });

    const door = await list(e.id, host);
    expect(door).toMatchObject({ checked_in: 3, total: 3 });
    expect(
      door.participants
        .filter((p: Json) => p.walk_in)
        .map((p: Json) => p.id)
        .sort(),
    ).toEqual([walkIn.id, waiting.id].sort());
    const page = await (await request(`/api/events/${e.id}`, { as: host })).json<Json>();
    expect(page).toMatchObject({ capacity: 1, participant_count: 3, waitlist: [] });
    expect((await request(`/api/events/${e.id}/walk-ins`, { as: host, body: { member_id: 9_999_999 } })).status).toBe(404);
  });
});

describe('the camera', () => {
  it('is allowed in the door’s screen only (its Permissions-Policy), every other page keeps it off', async () => {
    const policy = async (path: string) => (await request(path)).headers.get('Permissions-Policy');
    expect(await policy('/events/12/check-in')).toBe('camera=(self), microphone=(), geolocation=()');
    for (const path of ['/events/12', '/events/12/check-in/x', '/calendar', '/auth-status'])
      expect(await policy(path)).toBe('camera=(), microphone=(), geolocation=()');
  });
});
