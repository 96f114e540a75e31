// Issue 46 point 12: an invite-only event can be asked for. One request per member and event; not
// when she is invited, takes part or may join anyway (409/400); its host invites her with one tap
// or declines, and each side is told (notifications).
import { describe, expect, it } from 'vitest';
import { JOIN_REQUEST_MESSAGES } from '../../../src/worker/modules/events/join-requests';
import { createUser, insertEvent, request, roles } from '../helpers';
import { listOf, settleNotifications } from '../notifications/notification-helpers';

const ask = (as: { cookie: string }, id: number) => request(`/api/events/${id}/join-requests`, { as: as as never, method: 'POST' });

describe('asking to join an invite-only event', () => {
  it('goes to its host, who invites her with one tap; she is told and may then join', async () => {
    const host = await roles.founding();
    const amara = await createUser({ name: 'Amara Okafor' });
    const ev = await insertEvent({ createdBy: host.id, exclusivity: 'invite-only', title: 'Maui week' });
    const page = async () =>
      ((await (await request(`/api/events/${ev.id}`, { as: amara })).json()) as { viewer: Record<string, unknown> }).viewer;
    expect(await page()).toMatchObject({ can_join: false, can_ask_to_join: true, join_request: null });

    const res = await ask(amara, ev.id);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    expect(await page()).toMatchObject({ can_ask_to_join: false, join_request: 'pending' });
    const again = await ask(amara, ev.id);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: JOIN_REQUEST_MESSAGES.asked });

    await settleNotifications();
    expect((await listOf(host)).map((e) => e.text)).toContain('Amara Okafor asked to join Maui week');
    // Only the host (or an admin) reads and answers them.
    expect((await request(`/api/events/${ev.id}/join-requests`, { as: amara })).status).toBe(403);
    const list = (await (await request(`/api/events/${ev.id}/join-requests`, { as: host })).json()) as { id: number; name: string }[];
    expect(list.map((r) => [r.id, r.name])).toEqual([[id, 'Amara Okafor']]);

    const approve = await request(`/api/events/${ev.id}/join-requests/${id}/approve`, { as: host, method: 'POST' });
    expect(approve.status).toBe(200);
    expect((await request(`/api/events/${ev.id}/join-requests/${id}/decline`, { as: host, method: 'POST' })).status).toBe(409);
    await settleNotifications();
    expect((await listOf(amara)).map((e) => e.text)).toContain(`${host.name} invited you to Maui week`);
    expect(await page()).toMatchObject({ can_join: true, can_ask_to_join: false, join_request: 'approved' });
    expect((await request(`/api/events/${ev.id}/join`, { as: amara, method: 'POST' })).status).toBe(200);
  });

  it('a declined member is told, and cannot ask again', async () => {
    const host = await roles.founding();
    const sofia = await createUser();
    const ev = await insertEvent({ createdBy: host.id, exclusivity: 'invite-only', title: 'Quiet supper' });
    const { id } = (await (await ask(sofia, ev.id)).json()) as { id: number };
    expect((await request(`/api/events/${ev.id}/join-requests/${id}/decline`, { as: sofia, method: 'POST' })).status).toBe(403);
    expect((await request(`/api/events/${ev.id}/join-requests/${id}/decline`, { as: host, method: 'POST' })).status).toBe(200);
    await settleNotifications();
    expect((await listOf(sofia)).map((e) => e.text)).toContain(`${host.name} declined your request to join Quiet supper`);
    expect((await ask(sofia, ev.id)).status).toBe(409);
  });

  it('is refused on an open event, to its host, and to one who takes part', async () => {
    const host = await roles.founding();
    const member = await createUser();
    const open = await insertEvent({ createdBy: host.id });
    const closed = await insertEvent({ createdBy: host.id, exclusivity: 'invite-only' });
    expect((await ask(member, open.id)).status).toBe(400);
    expect((await ask(host, closed.id)).status).toBe(400);
    expect((await ask(member, 999_999_999)).status).toBe(404);
    expect((await request(`/api/events/${closed.id}/join-requests/1/approve`, { as: member, method: 'POST' })).status).toBe(403);
  });
});
