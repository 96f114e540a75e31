// Issue 43, after the event: who came (to those who took part; no-shows to the host and admins),
// feedback (once, after the event, by one who came; read by the host and admins), its request two
// hours after the end, and the no-show count (the gentle note, User Management).
import { describe, expect, it } from 'vitest';
import { requestDueFeedback } from '../../../src/worker/modules/check-in/feedback-job';
import { NOTIFICATION_KIND_INFO } from '../../../src/shared/notifications';
import { createUser, request, roles, trpc, type TestUser } from '../helpers';
import { depsAt, rowsOf, settleNotifications } from '../notifications/notification-helpers';
import { checkIn, doorEvent, endEvent, joinAs, type Json } from './check-in-helpers';

const feedback = (eventId: number, as: TestUser, body: Json) => request(`/api/events/${eventId}/feedback`, { as, body });
const door = async (eventId: number, as: TestUser) =>
  (await (await trpc('checkIn.door', { id: eventId }, { as, type: 'query' })).json<Json>()).result.data as Json;

/** An event of `host` that `came` attended and `missed` did not; with `hoursAgo`, it ended that long ago. */
async function heldEvent(host: TestUser, came: TestUser[], missed: TestUser[], hoursAgo?: number) {
  const e = await doorEvent(host);
  await joinAs(e.id, ...came, ...missed);
  for (const m of came) expect((await checkIn(e.id, host, { member_id: m.id })).status).toBe(200);
  if (hoursAgo !== undefined) await endEvent(e.id, hoursAgo);
  return e;
}

describe('feedback', () => {
  it('once, after the event, by a participant who came; read with its average by the host and admins only', async () => {
    const host = await roles.founding();
    const [ada, bea, noShow, stranger] = await Promise.all([createUser(), createUser(), createUser(), createUser()]);
    const admin = await roles.admin();
    // The host came to her own event too: she does not rate it.
    const e = await heldEvent(host, [ada, bea, host], [noShow]);

    const early = await feedback(e.id, ada, { stars: 5 });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ error: 'Feedback opens when the event is over.' });
    await endEvent(e.id, 1);
    for (const who of [noShow, stranger, host]) expect((await feedback(e.id, who, { stars: 4 })).status).toBe(403);
    for (const stars of [0, 6, 3.5, '5']) expect((await feedback(e.id, ada, { stars })).status).toBe(400);

    const given = await feedback(e.id, ada, { stars: 5, comment: '  A wonderful evening.  ' });
    expect(given.status).toBe(201);
    expect(await given.json()).toMatchObject({ stars: 5, comment: 'A wonderful evening.' });
    expect((await feedback(e.id, ada, { stars: 1 })).status).toBe(409);
    expect((await feedback(e.id, bea, { stars: 4 })).status).toBe(201);

    for (const reader of [host, admin]) {
      const res = await request(`/api/events/${e.id}/feedback`, { as: reader });
      expect(res.status).toBe(200);
      const body = await res.json<Json>();
      expect(body).toMatchObject({ average: 4.5, count: 2 });
      expect(body.items.map((i: Json) => [i.member.id, i.stars, i.comment])).toEqual(
        expect.arrayContaining([
          [ada.id, 5, 'A wonderful evening.'],
          [bea.id, 4, null],
        ]),
      );
    }
    for (const who of [ada, stranger]) expect((await request(`/api/events/${e.id}/feedback`, { as: who })).status).toBe(403);
    expect((await door(e.id, host)).feedback).toMatchObject({ can_give: false, summary: { average: 4.5, count: 2 } });
    expect(await door(e.id, ada)).toMatchObject({ feedback: { can_give: false, mine: { stars: 5 }, summary: null } });
  });

  it('is asked for 2 hours after the end, once, of those who came (a notification; its email off by default)', async () => {
    expect(NOTIFICATION_KIND_INFO.event_feedback.defaultEmail).toBe('off');
    const host = await roles.founding();
    const [ada, noShow] = await Promise.all([createUser(), createUser()]);
    const e = await heldEvent(host, [ada, host], [noShow], 1);
    const now = Date.now();
    // An hour after the end: not yet.
    expect(await requestDueFeedback(depsAt(now))).toMatchObject({ requested: 0 });
    const later = depsAt(now + 65 * 60_000);
    expect((await requestDueFeedback(later)).requested).toBeGreaterThanOrEqual(1);
    expect(await requestDueFeedback(depsAt(now + 75 * 60_000))).toMatchObject({ requested: 0 });
    await settleNotifications(later);
    const asked = (await rowsOf(ada.id)).filter((n) => n.kind === 'event_feedback');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ url: `/events/${e.id}?feedback=1`, emailState: 'none' });
    expect((await rowsOf(noShow.id)).filter((n) => n.kind === 'event_feedback')).toHaveLength(0);
    expect((await rowsOf(host.id)).filter((n) => n.kind === 'event_feedback')).toHaveLength(0);
  });
});

describe('who came', () => {
  it('after the event: the count and names to those who took part; the no-shows to the host and admins', async () => {
    const host = await roles.founding();
    const [ada, bea, noShow, stranger] = await Promise.all([createUser(), createUser(), createUser(), createUser()]);
    const admin = await roles.admin();
    const e = await heldEvent(host, [ada, bea], [noShow]);
    // Not before the end.
    expect((await door(e.id, ada)).attendance).toBeNull();
    await endEvent(e.id, 3);

    const seen = await door(e.id, noShow);
    expect(seen.attendance).toMatchObject({ came: 2, total: 3, no_shows: null });
    expect(seen.attendance.who_came.map((m: Json) => m.id).sort()).toEqual([ada.id, bea.id].sort());
    expect(seen.feedback.can_give).toBe(false);
    expect((await door(e.id, ada)).feedback.can_give).toBe(true);
    for (const reader of [host, admin]) {
      expect((await door(e.id, reader)).attendance.no_shows.map((m: Json) => m.id)).toEqual([noShow.id]);
    }
    expect((await door(e.id, stranger)).attendance).toBeNull();
  });

  it('3 no-shows in 12 months: a gentle note on joining a full event’s waitlist, and the count in User Management', async () => {
    const host = await roles.founding();
    const [often, guest] = await Promise.all([createUser(), createUser()]);
    const admin = await roles.admin();
    await heldEvent(host, [guest], [often], 30 * 24);
    await heldEvent(host, [guest], [often], 60 * 24);
    // No attendance taken: says nothing. Over a year ago: forgotten.
    const untaken = await doorEvent(host);
    await joinAs(untaken.id, often);
    await endEvent(untaken.id, 48);
    await heldEvent(host, [guest], [often], 400 * 24);

    const full = await doorEvent(host, { capacity: 1 });
    await joinAs(full.id, guest);
    const userOf = async (u: TestUser) => {
      const res = await request(`/api/users?search=${encodeURIComponent(u.email)}`, { as: admin });
      return ((await res.json()) as Json[]).find((r) => r.user_id === u.id)!;
    };
    expect((await userOf(often)).no_shows).toBe(2);
    const two = await (await request(`/api/events/${full.id}/join`, { method: 'POST', as: often })).json<Json>();
    expect(two).toMatchObject({ status: 'waitlisted', no_show_note: null });
    await request(`/api/events/${full.id}/leave`, { method: 'DELETE', as: often });

    await heldEvent(host, [guest], [often], 5 * 24);
    expect((await userOf(often)).no_shows).toBe(3);
    expect((await userOf(guest)).no_shows).toBe(0);
    const three = await (await request(`/api/events/${full.id}/join`, { method: 'POST', as: often })).json<Json>();
    expect(three).toMatchObject({ status: 'waitlisted' });
    expect(three.no_show_note).toMatch(/^A gentle note: you did not come to 3 events you had joined in the last 12 months\./);
    // Joining an event with room: no note.
    const open = await doorEvent(host);
    expect(await (await request(`/api/events/${open.id}/join`, { method: 'POST', as: often })).json()).toMatchObject({
      no_show_note: null,
    });
  });
});
