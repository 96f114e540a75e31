// Issue 23 "What she is told about": every kind's recipients, and who must not get one (her own
// actions, what she may not see).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { images } from '../../../src/worker/db/schema/images';
import { passkeys } from '../../../src/worker/db/schema/passkeys';
import { tokens } from '../../../src/worker/db/schema/membership';
import { createUser, deps, insertEvent, request, roles, unique, type TestUser } from '../helpers';
import { createEventAs } from '../events/events-helpers';
import { createHome, day, newStay, patchStay } from '../homes/homes-helpers';
import { submitApplication } from '../membership/membership-helpers';
import { lapsedMember, memberRenewedDaysAgo } from '../membership/terms-helpers';
import { join, listOf, rowsOf, settleNotifications } from './notification-helpers';

async function kindsOf(u: TestUser, kind: string) {
  return (await rowsOf(u.id)).filter((r) => r.kind === kind);
}

async function comment(as: TestUser, commentableId: string, content = 'A thought') {
  const res = await request('/api/comments', { as, body: { content, commentableId } });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number };
}

async function insertImage(uploadedBy: number, associatedEventId: number | null = null, title = 'Sunset') {
  const [row] = await deps()
    .db.insert(images)
    .values({ r2Key: `${unique('img')}.jpg`, contentType: 'image/jpeg', bytes: 1234, uploadedBy, associatedEventId, title })
    .returning();
  return row!;
}

describe('comment', () => {
  it("reaches the event's creator, its participants and earlier commenters, never the author", async () => {
    const host = await roles.founding();
    const [joined, earlier, author, stranger] = await Promise.all([
      createUser(),
      createUser(),
      createUser({ name: 'Amara Okafor' }),
      createUser(),
    ]);
    const ev = await insertEvent({ createdBy: host.id, title: 'Tea in the Garden' });
    await join(ev.id, joined, author);
    await comment(earlier, `event-${ev.id}`);
    await settleNotifications();
    await comment(author, `event-${ev.id}`);
    await settleNotifications();
    // Unread, both comments are one entry, the latest person first.
    for (const u of [host, joined]) {
      const [entry] = (await listOf(u)).filter((e) => e.kind === 'comment');
      expect(entry?.text, u.name).toBe(`Amara Okafor and ${earlier.name} commented on Tea in the Garden`);
      expect(entry?.url).toBe(`/events/${ev.id}?tab=comments`);
    }
    expect((await listOf(earlier)).find((e) => e.kind === 'comment')!.text).toBe('Amara Okafor commented on Tea in the Garden');
    expect(await kindsOf(author, 'comment')).toHaveLength(1); // about `earlier`'s comment, before hers
    expect(await kindsOf(stranger, 'comment')).toHaveLength(0);
  });

  it('of an invite-only event reaches only those who still see it', async () => {
    const host = await roles.founding();
    const ev = await createEventAs(host, { exclusivity: 'invite-only', title: 'Private supper' });
    const [guest, leaver, author] = [await roles.standard(), await roles.standard(), await roles.standard()];
    const invite = await request('/api/events/invite', { as: host, body: { eventId: ev.id, userIds: [guest.id, leaver.id, author.id] } });
    expect(invite.status).toBe(200);
    for (const u of [guest, leaver, author])
      expect((await request(`/api/events/${ev.id}/join`, { method: 'POST', as: u })).status).toBe(200);
    await comment(leaver, `event-${ev.id}`, 'Count me in');
    // She leaves: no participation, her invitation used up: she no longer sees the event.
    expect((await request(`/api/events/${ev.id}/leave`, { method: 'DELETE', as: leaver })).status).toBe(200);
    await settleNotifications();
    await comment(author, `event-${ev.id}`, 'See you');
    await settleNotifications();
    expect(await kindsOf(host, 'comment')).toHaveLength(1);
    expect(await kindsOf(guest, 'comment')).toHaveLength(1);
    expect(await kindsOf(leaver, 'comment')).toHaveLength(0);
  });

  it('on an image reaches its uploader and earlier commenters; an image of a private event only those who see it', async () => {
    const uploader = await createUser();
    const [earlier, author] = [await createUser(), await createUser({ name: 'Mei Lin' })];
    const img = await insertImage(uploader.id, null, 'Harbour at dusk');
    await comment(earlier, `image-${img.id}`);
    await comment(author, `image-${img.id}`);
    await settleNotifications();
    const [entry] = await listOf(uploader);
    expect(entry).toMatchObject({
      kind: 'comment',
      text: `Mei Lin and ${earlier.name} commented on the image “Harbour at dusk”`,
      url: `/gallery?image=${img.id}`,
    });
    expect(await kindsOf(earlier, 'comment')).toHaveLength(1);
    expect(await kindsOf(author, 'comment')).toHaveLength(0);

    // Tagged with an invite-only event: an earlier commenter who lost access hears nothing.
    const host = await roles.founding();
    const priv = await insertEvent({ createdBy: host.id, exclusivity: 'invite-only' });
    const inside = await createUser();
    const outside = await createUser();
    await join(priv.id, inside, outside);
    const privImg = await insertImage(inside.id, priv.id);
    await comment(outside, `image-${privImg.id}`);
    await request(`/api/events/${priv.id}/leave`, { method: 'DELETE', as: outside });
    await settleNotifications();
    await comment(host, `image-${privImg.id}`);
    await settleNotifications();
    expect(await kindsOf(inside, 'comment')).toHaveLength(1);
    expect(await kindsOf(outside, 'comment')).toHaveLength(0);
  });

  it('a member holding a live invitation sees an invite-only event: she hears of its comments', async () => {
    const host = await roles.founding();
    const guest = await roles.standard();
    const priv = await insertEvent({ createdBy: host.id, exclusivity: 'invite-only' });
    await deps()
      .db.insert(tokens)
      .values({
        tokenHash: unique('hash'),
        purpose: 'event_invitation',
        userId: guest.id,
        eventId: priv.id,
        expiresAt: Date.now() + 86_400_000,
      });
    await comment(guest, `event-${priv.id}`);
    await settleNotifications();
    await comment(host, `event-${priv.id}`);
    await settleNotifications();
    expect(await kindsOf(guest, 'comment')).toHaveLength(1);
    // Expired, the invitation shows her nothing: the next comment does not reach her.
    await deps()
      .db.update(tokens)
      .set({ expiresAt: Date.now() - 1000 })
      .where(eq(tokens.eventId, priv.id));
    await request('/api/notifications/read', { as: guest, body: { all: true } });
    await comment(host, `event-${priv.id}`);
    await settleNotifications();
    expect((await kindsOf(guest, 'comment')).filter((r) => r.readAt === null)).toHaveLength(0);
  });
});

describe('like', () => {
  it('reaches the comment’s author, never for her own like, never twice for a second tap', async () => {
    const author = await createUser();
    const liker = await createUser({ name: 'Amara Okafor' });
    const ev = await insertEvent();
    const c = await comment(author, `event-${ev.id}`);
    expect((await request(`/api/comments/${c.id}/like`, { method: 'POST', as: author })).status).toBe(200);
    expect((await request(`/api/comments/${c.id}/like`, { method: 'POST', as: liker })).status).toBe(200);
    expect((await request(`/api/comments/${c.id}/like`, { method: 'POST', as: liker })).status).toBe(200);
    await settleNotifications();
    const likes = (await listOf(author)).filter((e) => e.kind === 'like');
    expect(likes).toHaveLength(1);
    expect(likes[0]).toMatchObject({ text: 'Amara Okafor liked your comment', count: 1, url: `/events/${ev.id}?tab=comments` });
    expect(await kindsOf(liker, 'like')).toHaveLength(0);
  });
});

describe('event_changed', () => {
  it('reaches those who joined or wait when the date, time or place changes; not the editor, not others', async () => {
    const host = await roles.founding();
    const ev = await createEventAs(host, { title: 'Book club', capacity: 1 });
    const [first, waiting, outsider] = [await roles.standard(), await roles.standard(), await roles.standard()];
    await request(`/api/events/${ev.id}/join`, { method: 'POST', as: first });
    await request(`/api/events/${ev.id}/join`, { method: 'POST', as: waiting });
    await request(`/api/events/${ev.id}/join`, { method: 'POST', as: host });
    await settleNotifications();
    // A change of description only: nobody is told.
    expect(
      (await request(`/api/events/${ev.id}`, { method: 'PUT', as: host, body: { description: 'New words', capacity: 5 } })).status,
    ).toBe(200);
    await settleNotifications();
    expect(await kindsOf(first, 'event_changed')).toHaveLength(0);
    expect((await request(`/api/events/${ev.id}`, { method: 'PUT', as: host, body: { start_time: '19:00', city: 'Lyon' } })).status).toBe(
      200,
    );
    await settleNotifications();
    for (const u of [first, waiting]) {
      const [entry] = (await listOf(u)).filter((e) => e.kind === 'event_changed');
      expect(entry?.text).toBe(`${host.name} changed the time and place of Book club`);
      expect(entry?.url).toBe(`/events/${ev.id}`);
    }
    expect(await kindsOf(host, 'event_changed')).toHaveLength(0);
    expect(await kindsOf(outsider, 'event_changed')).toHaveLength(0);
    // Unread, a second change merges into the same entry, with both changes.
    await request(`/api/events/${ev.id}`, { method: 'PUT', as: host, body: { event_date: '2031-06-01' } });
    await settleNotifications();
    const entries = (await listOf(first)).filter((e) => e.kind === 'event_changed');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.text).toBe(`${host.name} changed the date, time and place of Book club`);
  });

  it('its deletion reaches everyone who joined or waited, with a link to the calendar', async () => {
    const host = await roles.founding();
    const ev = await createEventAs(host, { title: 'Picnic', capacity: 1 });
    const [first, waiting] = [await roles.standard(), await roles.standard()];
    await request(`/api/events/${ev.id}/join`, { method: 'POST', as: first });
    await request(`/api/events/${ev.id}/join`, { method: 'POST', as: waiting });
    expect((await request(`/api/events/${ev.id}`, { method: 'DELETE', as: host })).status).toBe(200);
    await settleNotifications();
    for (const u of [first, waiting]) {
      const [entry] = (await listOf(u)).filter((e) => e.kind === 'event_changed');
      expect(entry).toMatchObject({ text: `${host.name} cancelled Picnic`, url: '/calendar' });
    }
    expect(await kindsOf(host, 'event_changed')).toHaveLength(0);
  });
});

describe('waitlist_place', () => {
  it('reaches the member who got the place, nobody else', async () => {
    const host = await roles.founding();
    const ev = await createEventAs(host, { title: 'Wine tasting', capacity: 1 });
    const [first, waiting] = [await roles.standard(), await roles.standard()];
    await request(`/api/events/${ev.id}/join`, { method: 'POST', as: first });
    await request(`/api/events/${ev.id}/join`, { method: 'POST', as: waiting });
    await request(`/api/events/${ev.id}/leave`, { method: 'DELETE', as: first });
    await settleNotifications();
    const [entry] = (await listOf(waiting)).filter((e) => e.kind === 'waitlist_place');
    expect(entry).toMatchObject({
      text: 'You have a place at Wine tasting: it came free on the waitlist',
      url: `/events/${ev.id}`,
      actors: [],
    });
    expect(await kindsOf(first, 'waitlist_place')).toHaveLength(0);
    expect(await kindsOf(host, 'waitlist_place')).toHaveLength(0);
  });
});

describe('stay', () => {
  it('a request reaches the host; her answer reaches the guest', async () => {
    const host = await roles.travelHost();
    const guest = await createUser({ name: 'Priya Raman' });
    const home = await createHome(host, { title: 'Sea Cottage' });
    const stay = await newStay(guest, home.id, day(12), day(15));
    await settleNotifications();
    expect((await listOf(host)).filter((e) => e.kind === 'stay')[0]).toMatchObject({
      text: 'Priya Raman asked to stay at Sea Cottage',
      url: '/homes/requests',
    });
    expect(await kindsOf(guest, 'stay')).toHaveLength(0);
    expect((await patchStay(host, stay.id, 'accepted')).status).toBe(200);
    await settleNotifications();
    expect((await listOf(guest)).filter((e) => e.kind === 'stay')[0]!.text).toBe(`${host.name} accepted your stay at Sea Cottage`);
    expect(await kindsOf(host, 'stay')).toHaveLength(1);
  });
});

describe('application', () => {
  it('reaches admins only; unread ones are one entry', async () => {
    const admin = await roles.admin();
    const member = await roles.founding();
    const a = await submitApplication({ full_name: 'Jane Applicant' });
    expect(a).toBeTruthy();
    await settleNotifications();
    expect((await listOf(admin)).filter((e) => e.kind === 'application')[0]).toMatchObject({
      text: 'New membership application from Jane Applicant',
      url: '/applications',
      actors: [],
    });
    await submitApplication({ full_name: 'Joan Applicant' });
    await settleNotifications();
    const entries = (await listOf(admin)).filter((e) => e.kind === 'application');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ text: '2 new membership applications', count: 2 });
    expect(await kindsOf(member, 'application')).toHaveLength(0);
  });

  it('reaches only admins with a second factor (2FA or a passkey): one without it has no admin powers (issue 45)', async () => {
    const [withTotp, withPasskey, without] = await Promise.all([
      createUser({ admin: true }),
      createUser({ admin: true, twoFactor: false }),
      createUser({ admin: true, twoFactor: false }),
    ]);
    await deps()
      .db.insert(passkeys)
      .values({ userId: withPasskey.id, credentialId: unique('cred'), publicKey: 'AA', deviceType: 'multiDevice', name: 'Phone' });
    await submitApplication({ full_name: 'Jane Secondfactor' });
    await settleNotifications();
    // No entry, so no instant email and nothing in her daily summary either.
    expect(await kindsOf(without, 'application')).toHaveLength(0);
    expect(await kindsOf(withTotp, 'application')).toHaveLength(1);
    expect(await kindsOf(withPasskey, 'application')).toHaveLength(1);
  });
});

describe('new_event', () => {
  it('reaches every other member; an invite-only one only those who may see it', async () => {
    const before = await createUser();
    const admin = await roles.admin();
    const host = await roles.founding();
    const open = await createEventAs(host, { title: `Open ${unique()}` });
    const priv = await createEventAs(host, { title: `Private ${unique()}`, exclusivity: 'invite-only' });
    await settleNotifications();
    const of = async (u: TestUser) => (await listOf(u)).filter((e) => e.kind === 'new_event').map((e) => e.url);
    expect(await of(before)).toEqual([`/events/${open.id}`]);
    expect(await of(admin)).toEqual([`/events/${priv.id}`, `/events/${open.id}`]);
    expect(await of(host)).toEqual([]);
    expect((await listOf(before)).find((e) => e.kind === 'new_event')!.text).toBe(`${host.name} created a new event: ${open.title}`);
  });
});

describe('a lapsed member', () => {
  it('is told nothing (DECISIONS "Membership terms"); one in grace and a lapsed-dated admin still are', async () => {
    const host = await roles.founding();
    const [lapsed, inGrace, admin] = await Promise.all([lapsedMember(), memberRenewedDaysAgo(10), lapsedMember({ admin: true })]);
    const ev = await insertEvent({ createdBy: host.id, title: `Lapsed ${unique()}` });
    await join(ev.id, lapsed, inGrace, admin);
    await comment(host, `event-${ev.id}`);
    const created = await createEventAs(host, { title: `Newer ${unique()}` });
    await settleNotifications();
    // Read from D1: the API refuses a lapsed member her list (403 MEMBERSHIP_LAPSED).
    const urls = async (u: TestUser) => (await rowsOf(u.id)).map((e) => e.url);
    expect(await urls(lapsed)).toEqual([]);
    for (const u of [inGrace, admin]) {
      expect(await urls(u)).toEqual(expect.arrayContaining([`/events/${ev.id}?tab=comments`, `/events/${created.id}`]));
    }
  });
});
