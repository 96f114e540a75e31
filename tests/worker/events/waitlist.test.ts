// Issue 14, capacity and waitlist: the places, the queue in order, promotion when a place opens
// (leave, a raised or removed capacity, an account deleted), the race for the last place, and the
// refusal to lower the capacity under the participants already in.
import { strFromU8, unzipSync } from 'fflate';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventWaitlist } from '../../../src/worker/db/schema/events';
import { auditLog } from '../../../src/worker/db/schema/membership';
import type { EventDto } from '../../../src/shared/schemas/events';
import { createUser, deps, mailTo, request, roles, TEST_PASSWORD, trpc, type TestUser } from '../helpers';
import { createEventAs, participantIds, type Json } from './events-helpers';

const join = async (e: { id: number }, as: TestUser) => {
  const res = await request(`/api/events/${e.id}/join`, { method: 'POST', as });
  expect(res.status).toBe(200);
  return res.json<Json>();
};
const leave = async (e: { id: number }, as: TestUser) => {
  const res = await request(`/api/events/${e.id}/leave`, { method: 'DELETE', as });
  expect(res.status).toBe(200);
  return res.json<Json>();
};
const page = async (e: { id: number }, as: TestUser) => (await request(`/api/events/${e.id}`, { as })).json<EventDto>();
async function listed(e: { id: number; title: string }, as: TestUser): Promise<EventDto> {
  const list = await (await request(`/api/events?search=${encodeURIComponent(e.title)}`, { as })).json<EventDto[]>();
  return list.find((x) => x.id === e.id)!;
}
async function waitingIds(eventId: number): Promise<number[]> {
  const rows = await deps().db.select().from(eventWaitlist).where(eq(eventWaitlist.eventId, eventId)).orderBy(eventWaitlist.id);
  return rows.map((r) => r.userId);
}
const members = (n: number) => Promise.all(Array.from({ length: n }, () => createUser()));
const placeMails = async (u: TestUser) => (await mailTo(u.email)).filter((m) => m.kind === 'event_waitlist_place');

describe('capacity', () => {
  it('is optional, a whole number of at least 1, on create and edit (REST and tRPC)', async () => {
    const host = await roles.founding();
    const message = 'Capacity must be a whole number of at least 1 (leave it empty for no limit).';
    for (const capacity of [0, -2, 2.5, 'abc', '1.5', true]) {
      const res = await request('/api/events', { as: host, body: { title: 'Capacity', capacity } });
      expect(res.status, String(capacity)).toBe(400);
      expect((await res.json<Json>()).fieldErrors).toEqual({ capacity: [message] });
    }
    const big = await request('/api/events', { as: host, body: { title: 'Capacity', capacity: 10_001 } });
    expect((await big.json<Json>()).error).toBe('capacity: Capacity must be at most 10,000.');

    expect((await createEventAs(host)).capacity).toBeNull();
    expect((await createEventAs(host, { capacity: '' })).capacity).toBeNull();
    const e = await createEventAs(host, { capacity: '12' });
    expect(e).toMatchObject({ capacity: 12, participant_count: 0, is_full: false });
    const viaTrpc = await trpc('events.create', { title: 'Via tRPC', capacity: 4 }, { as: host });
    expect((await viaTrpc.json<Json>()).result.data).toMatchObject({ capacity: 4 });

    // An edit that leaves it out keeps it; null (or '') removes the limit.
    const kept = await request(`/api/events/${e.id}`, { method: 'PUT', as: host, body: { title: 'Renamed' } });
    expect(await kept.json()).toMatchObject({ title: 'Renamed', capacity: 12 });
    const cleared = await request(`/api/events/${e.id}`, { method: 'PUT', as: host, body: { capacity: null } });
    expect(await cleared.json()).toMatchObject({ capacity: null });
    const set = await trpc('events.update', { id: e.id, capacity: '8' }, { as: host });
    expect((await set.json<Json>()).result.data).toMatchObject({ capacity: 8 });
  });

  it('the list and the event page say how many places are taken and when it is full', async () => {
    const host = await roles.founding();
    const e = await createEventAs(host, { capacity: 2 });
    const [a, b] = await members(2);
    expect(await join(e, a!)).toMatchObject({ ok: true, status: 'joined', place: null, joined: true });
    for (const dto of [await page(e, host), await listed(e, host)]) {
      expect(dto).toMatchObject({ capacity: 2, participant_count: 1, is_full: false });
    }
    await join(e, b!);
    for (const dto of [await page(e, host), await listed(e, host)]) {
      expect(dto).toMatchObject({ capacity: 2, participant_count: 2, is_full: true });
    }
  });

  it('an invite-only event withholds its capacity with its count from members without access', async () => {
    const host = await roles.founding();
    const e = await createEventAs(host, { exclusivity: 'invite-only', capacity: 6 });
    const stranger = await roles.standard();
    for (const dto of [await page(e, stranger), await listed(e, stranger)]) {
      expect(dto).toMatchObject({ capacity: null, participant_count: null, is_full: false, waitlist: [] });
    }
  });
});

describe('the waitlist', () => {
  it('a full event queues members in order, each told her place; the creator and admins see the names', async () => {
    const host = await roles.founding();
    const e = await createEventAs(host, { capacity: 1 });
    const [a, b, c] = await members(3);
    expect(await join(e, a!)).toMatchObject({ status: 'joined' });
    expect(await join(e, b!)).toMatchObject({ ok: true, status: 'waitlisted', place: 1, joined: false });
    const viaTrpc = await trpc('events.join', { id: e.id }, { as: c! });
    expect((await viaTrpc.json<Json>()).result.data).toMatchObject({ status: 'waitlisted', place: 2 });
    // Asking again changes nothing: the same place, no second row.
    expect(await join(e, c!)).toMatchObject({ status: 'waitlisted', place: 2 });
    expect(await waitingIds(e.id)).toEqual([b!.id, c!.id]);
    expect(await participantIds(e.id)).toEqual([a!.id]);

    for (const dto of [await page(e, c!), await listed(e, c!)]) {
      expect(dto.viewer).toMatchObject({
        joined: false,
        state: 'waitlisted',
        waitlist_place: 2,
        can_leave_waitlist: true,
        can_see_waitlist: false,
      });
      expect(dto.waitlist).toEqual([]);
    }
    expect((await page(e, a!)).viewer).toMatchObject({
      joined: true,
      state: 'participant',
      waitlist_place: null,
      can_leave_waitlist: false,
    });
    const admin = await roles.admin();
    for (const manager of [host, admin]) {
      const dto = await page(e, manager);
      expect(dto.viewer.can_see_waitlist).toBe(true);
      expect(dto.waitlist).toEqual([
        { user_id: b!.id, name: b!.name, photo_url: null },
        { user_id: c!.id, name: c!.name, photo_url: null },
      ]);
      // Lists never carry the names.
      expect((await listed(e, manager)).waitlist).toEqual([]);
    }
    // My Schedule shows the event she waits for.
    const mine = await (await request('/api/events/mine', { as: c! })).json<EventDto[]>();
    expect(mine.find((x) => x.id === e.id)?.viewer).toMatchObject({ state: 'waitlisted', waitlist_place: 2 });
  });

  it('a newcomer never passes the queue, even where a place is free', async () => {
    const host = await roles.founding();
    const e = await createEventAs(host, { capacity: 1 });
    const [a, b, c] = await members(3);
    await join(e, a!);
    await join(e, b!);
    // The place opens and goes to b (first waiting), not to c who asks at the same moment.
    await Promise.all([leave(e, a!), join(e, c!)]);
    expect(await participantIds(e.id)).toEqual([b!.id]);
    expect(await waitingIds(e.id)).toEqual([c!.id]);
  });

  it('when a participant leaves, the first member waiting takes the place and is emailed', async () => {
    const host = await roles.founding();
    const e = await createEventAs(host, { capacity: 1, title: 'Supper <for> few' });
    const [a, b, c] = await members(3);
    await join(e, a!);
    await join(e, b!);
    await join(e, c!);
    expect(await leave(e, a!)).toEqual({ ok: true, left: true, left_waitlist: false });
    expect(await participantIds(e.id)).toEqual([b!.id]);
    expect(await waitingIds(e.id)).toEqual([c!.id]);
    expect((await page(e, c!)).viewer).toMatchObject({ state: 'waitlisted', waitlist_place: 1 });
    expect((await page(e, b!)).viewer).toMatchObject({ state: 'participant', joined: true });

    const [mail, ...more] = await placeMails(b!);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ subject: 'A place for you: Supper <for> few', status: 'queued' });
    // Greeted by name when the consumer sends it.
    expect(mail!.html).toContain('Dear {{name}},');
    expect(mail!.html).toContain('Supper &lt;for&gt; few');
    expect(mail!.text).toContain(`/events/${e.id}`);
    expect(await placeMails(c!)).toHaveLength(0);
    expect(await placeMails(a!)).toHaveLength(0);

    // Leave waitlist: her row goes; nobody is promoted by it.
    expect(await leave(e, c!)).toEqual({ ok: true, left: false, left_waitlist: true });
    expect(await waitingIds(e.id)).toEqual([]);
    expect(await participantIds(e.id)).toEqual([b!.id]);
  });

  it('a raised capacity lets the first ones in, in order; no limit lets everyone in', async () => {
    const host = await roles.founding();
    const e = await createEventAs(host, { capacity: 1 });
    const people = await members(5);
    for (const p of people) await join(e, p);
    const raised = await request(`/api/events/${e.id}`, { method: 'PUT', as: host, body: { capacity: 3 } });
    expect(raised.status).toBe(200);
    expect(await raised.json()).toMatchObject({ capacity: 3, participant_count: 3, is_full: true });
    expect((await participantIds(e.id)).sort()).toEqual(
      people
        .slice(0, 3)
        .map((p) => p.id)
        .sort(),
    );
    expect(await waitingIds(e.id)).toEqual(people.slice(3).map((p) => p.id));
    for (const p of people.slice(1, 3)) expect(await placeMails(p)).toHaveLength(1);
    for (const p of [people[0]!, ...people.slice(3)]) expect(await placeMails(p)).toHaveLength(0);

    const unlimited = await request(`/api/events/${e.id}`, { method: 'PUT', as: host, body: { capacity: '' } });
    expect(await unlimited.json()).toMatchObject({ capacity: null, participant_count: 5, is_full: false });
    expect(await waitingIds(e.id)).toEqual([]);
  });

  it('a capacity under the participants already in is refused with a clear message', async () => {
    const host = await roles.founding();
    const e = await createEventAs(host, { capacity: 5 });
    for (const p of await members(3)) await join(e, p);
    const admin = await roles.admin();
    for (const as of [host, admin]) {
      const res = await request(`/api/events/${e.id}`, { method: 'PUT', as, body: { capacity: 2, title: 'Not saved' } });
      expect(res.status).toBe(400);
      const body = await res.json<Json>();
      const message =
        'This event already has 3 participants: the capacity cannot be lower than that. Raise it, or leave it empty for no limit.';
      expect(body.error).toBe(message);
      expect(body.fieldErrors).toEqual({ capacity: [message] });
    }
    const refused = await trpc('events.update', { id: e.id, capacity: 1 }, { as: host });
    expect(refused.status).toBe(400);
    // Nothing changed, and the admin's refused edit left no audit entry.
    expect(await page(e, host)).toMatchObject({ capacity: 5, title: e.title });
    const audits = () =>
      deps()
        .db.select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'event.update'), eq(auditLog.targetId, String(e.id))));
    expect(await audits()).toHaveLength(0);
    // Down to exactly the count is fine, and audited for the admin.
    const fits = await request(`/api/events/${e.id}`, { method: 'PUT', as: admin, body: { capacity: 3 } });
    expect(await fits.json()).toMatchObject({ capacity: 3, is_full: true });
    expect(await audits()).toHaveLength(1);
  });

  it('the race for the last place: exactly one member gets it, the others queue in distinct places', async () => {
    const host = await roles.founding();
    const e = await createEventAs(host, { capacity: 3 });
    const [a, b] = await members(2);
    await join(e, a!);
    await join(e, b!);
    const racers = await members(8);
    const answers = await Promise.all(racers.map((r) => join(e, r)));
    const joined = answers.filter((x) => x.status === 'joined');
    expect(joined).toHaveLength(1);
    const places = answers.filter((x) => x.status === 'waitlisted').map((x) => x.place as number);
    expect(places.sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await participantIds(e.id)).toHaveLength(3);
    expect(await waitingIds(e.id)).toHaveLength(7);
  });

  it('promotions racing each other (leaves, joins, a raised capacity) never pass the capacity', async () => {
    const host = await roles.founding();
    const e = await createEventAs(host, { capacity: 2 });
    const inside = await members(2);
    for (const p of inside) await join(e, p);
    const waiting = await members(6);
    for (const p of waiting) await join(e, p);
    const newcomers = await members(3);
    await Promise.all([
      ...inside.map((p) => leave(e, p)),
      ...newcomers.map((p) => join(e, p)),
      request(`/api/events/${e.id}`, { method: 'PUT', as: host, body: { capacity: 4 } }),
    ]);
    const now = await participantIds(e.id);
    expect(now).toHaveLength(4);
    // The first four who waited, whatever the interleaving; the newcomers queue behind the rest.
    expect(now.sort()).toEqual(
      waiting
        .slice(0, 4)
        .map((p) => p.id)
        .sort(),
    );
    const queue = await waitingIds(e.id);
    expect(queue.slice(0, 2)).toEqual(waiting.slice(4).map((p) => p.id));
    expect(queue.slice(2).sort()).toEqual(newcomers.map((p) => p.id).sort());
  });

  it('an invite-only event: waiting keeps her view of the details after her invitation is used up', async () => {
    const host = await roles.founding();
    const e = await createEventAs(host, { exclusivity: 'invite-only', capacity: 1 });
    await join(e, host);
    const guest = await roles.standard();
    expect((await request('/api/events/invite', { as: host, body: { eventId: e.id, userIds: [guest.id] } })).status).toBe(200);
    const [mail] = await mailTo(guest.email);
    const token = /\/events\/invite\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const accepted = await request(`/api/events/invite/${token}`, { as: guest });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ event: { id: e.id }, status: 'waitlisted', place: 1 });
    const seen = await page(e, guest);
    expect(seen.viewer).toMatchObject({ can_see_details: true, state: 'waitlisted', waitlist_place: 1 });
    expect(seen.location).toBe('12 Rue de Bretagne');
    // The token worked once.
    expect((await request(`/api/events/invite/${token}`, { as: guest })).status).toBe(400);
    // The host leaves: the guest is in.
    await leave(e, host);
    expect(await participantIds(e.id)).toEqual([guest.id]);
  });

  it('deleting her account frees her place for the first member waiting, and her waitlist rows go', async () => {
    const host = await roles.founding();
    const full = await createEventAs(host, { capacity: 1 });
    const other = await createEventAs(host, { capacity: 1 });
    const her = await createUser();
    const [next, last] = await members(2);
    await join(full, her);
    await join(full, next!);
    await join(other, next!);
    await join(other, her);
    await join(other, last!);
    const res = await request('/api/account', { method: 'DELETE', as: her, body: { password: TEST_PASSWORD } });
    expect(res.status).toBe(200);
    expect(await participantIds(full.id)).toEqual([next!.id]);
    expect(await waitingIds(full.id)).toEqual([]);
    expect(await placeMails(next!)).toHaveLength(1);
    expect(await waitingIds(other.id)).toEqual([last!.id]);
    expect((await page(other, last!)).viewer).toMatchObject({ waitlist_place: 1 });
  });

  it('her data export lists the events she waits for, with her place', async () => {
    const host = await roles.founding();
    const e = await createEventAs(host, { capacity: 1 });
    const [a, her] = await members(2);
    await join(e, a!);
    await join(e, her!);
    const res = await request('/api/account/export', { as: her! });
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const data = JSON.parse(strFromU8(files['data.json']!)) as Json;
    expect(data.eventsWaitlisted).toEqual([
      expect.objectContaining({ eventId: e.id, title: e.title, place: 1, waitingSince: expect.stringMatching(/Z$/) }),
    ]);
    expect(data.eventsJoined).toEqual([]);
  });
});
