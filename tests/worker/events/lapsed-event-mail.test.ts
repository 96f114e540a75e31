// Issue 45, item 3: a lapsed member keeps her own data and nothing else (DECISIONS "Membership
// terms"), so no club email about an event reaches her: not the announcement, a waitlist place, a
// confirmation sent for her, nor an invitation (the reminder: reminders.test.ts). One condition
// decides it for all of them and for the notifications (membership/terms.ts receivesClubNewsSql).
import { describe, expect, it } from 'vitest';
import { eventParticipants, eventWaitlist } from '../../../src/worker/db/schema/events';
import { createUser, deps, insertEvent, mailTo, request, roles, trpc, type TestUser } from '../helpers';
import { lapsedMember } from '../membership/terms-helpers';

const kindsTo = async (u: TestUser) => (await mailTo(u.email)).map((m) => m.kind);

/** Members who joined (and waited) while still active. */
async function take(eventId: number, table: typeof eventParticipants | typeof eventWaitlist, ...members: TestUser[]) {
  for (const m of members) await deps().db.insert(table).values({ eventId, userId: m.id });
}

describe('club email about an event never reaches a lapsed member', () => {
  it('the announcement goes to the other participants only', async () => {
    const host = await roles.founding();
    const ev = await insertEvent({ createdBy: host.id });
    const [active, lapsed] = [await createUser(), await lapsedMember()];
    await take(ev.id, eventParticipants, active, lapsed);
    const res = await request(`/api/events/${ev.id}/announcement`, { as: host, body: { subject: 'Bring a coat', body: '<p>Windy</p>' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ recipients: 1 });
    expect(await kindsTo(active)).toEqual(['event_announcement']);
    expect(await kindsTo(lapsed)).toEqual([]);
  });

  it('a place from the waitlist: hers is not emailed', async () => {
    const host = await roles.founding();
    const ev = await insertEvent({ createdBy: host.id, capacity: 2 });
    const [first, second, lapsed, active] = [await createUser(), await createUser(), await lapsedMember(), await createUser()];
    await take(ev.id, eventParticipants, first, second);
    await take(ev.id, eventWaitlist, lapsed, active);
    expect((await request(`/api/events/${ev.id}/leave`, { method: 'DELETE', as: first })).status).toBe(200);
    expect((await request(`/api/events/${ev.id}/leave`, { method: 'DELETE', as: second })).status).toBe(200);
    expect(await kindsTo(active)).toEqual(['event_waitlist_place']);
    expect(await kindsTo(lapsed)).toEqual([]);
  });

  it('a confirmation the host sends for her is refused, with the reason', async () => {
    const host = await roles.founding();
    const ev = await insertEvent({ createdBy: host.id });
    const [active, lapsed] = [await createUser(), await lapsedMember()];
    await take(ev.id, eventParticipants, active, lapsed);
    const forLapsed = await request('/api/events/send-confirmation', { as: host, body: { eventId: ev.id, userId: lapsed.id } });
    expect(forLapsed.status).toBe(400);
    expect(((await forLapsed.json()) as { message: string }).message).toMatch(/membership has lapsed/);
    expect((await request('/api/events/send-confirmation', { as: host, body: { eventId: ev.id, userId: active.id } })).status).toBe(200);
    expect(await kindsTo(active)).toEqual(['event_confirmation']);
    expect(await kindsTo(lapsed)).toEqual([]);
  });

  it('an invitation skips her, as it skips an unknown member', async () => {
    const host = await roles.founding();
    const ev = await insertEvent({ createdBy: host.id, exclusivity: 'invite-only' });
    const [active, lapsed] = [await createUser(), await lapsedMember()];
    // The Invite modal does not offer her.
    const listed = (await (await trpc('events.inviteCandidates', { id: ev.id }, { as: host, type: 'query' })).json()) as {
      result: { data: { user_id: number }[] };
    };
    const offered = listed.result.data.map((c) => c.user_id);
    expect(offered).toContain(active.id);
    expect(offered).not.toContain(lapsed.id);
    const res = await request('/api/events/invite', { as: host, body: { eventId: ev.id, userIds: [lapsed.id, active.id] } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ invited: 1, skipped: [lapsed.id] });
    expect(await kindsTo(active)).toEqual(['event_invitation']);
    expect(await kindsTo(lapsed)).toEqual([]);
  });
});
