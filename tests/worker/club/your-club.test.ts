import { describe, expect, it } from 'vitest';
import type { YourClub } from '../../../src/shared/schemas/club';
import { eventParticipants, eventWaitlist } from '../../../src/worker/db/schema/events';
import { emailDeliveries, emailMessages } from '../../../src/worker/db/schema/email';
import { images } from '../../../src/worker/db/schema/images';
import { users } from '../../../src/worker/db/schema/users';
import { eq } from 'drizzle-orm';
import { applications } from '../../../src/worker/db/schema/membership';
import { getYourClub } from '../../../src/worker/modules/club/your-club';
import { countingDeps } from '../../../src/worker/platform/d1-round-trips';
import { actorOf, createUser, deps, insertEvent, roles, trpc, unique } from '../helpers';
import { createHome, day, newStay, patchStay } from '../homes/homes-helpers';

// Issue 31 "Your club": below /home's hero a member finds her next events, her stays, the latest
// photos, and an admin what waits for her; one tRPC query, one D1 round trip.

const HOUR = 3_600_000;

async function yourClub(as: Awaited<ReturnType<typeof createUser>>): Promise<YourClub> {
  const res = await trpc('club.yourClub', undefined, { as, type: 'query' });
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: { data: YourClub } }).result.data;
}

async function eventAt(hoursFromNow: number, title = unique('Evening ')) {
  const startsAt = Date.now() + hoursFromNow * HOUR;
  return insertEvent({ title, startsAt, endsAt: startsAt + 2 * HOUR });
}

describe('club.yourClub', () => {
  it('gives a member her next events (joined or waiting), soonest first, and no past or other ones', async () => {
    const me = await roles.standard();
    const later = await eventAt(48, 'Later salon');
    const soon = await eventAt(5, 'Soon tea');
    const waiting = await eventAt(24, 'Full concert');
    const past = await eventAt(-48, 'Past walk');
    const notMine = await eventAt(6, 'Someone else’s');
    const db = deps().db;
    await db.insert(eventParticipants).values([
      { eventId: later.id, userId: me.id },
      { eventId: soon.id, userId: me.id },
      { eventId: past.id, userId: me.id },
    ]);
    await db.insert(eventWaitlist).values({ eventId: waiting.id, userId: me.id });
    const club = await yourClub(me);
    expect(club.events.map((e) => e.title)).toEqual(['Soon tea', 'Full concert', 'Later salon']);
    expect(club.events[1]!.viewer.waitlist_place).toBe(1);
    expect(club.events.map((e) => e.id)).not.toContain(notMine.id);
    expect(club.admin).toBeNull();
  });

  it('shows at most three events', async () => {
    const me = await roles.standard();
    const list = await Promise.all([1, 2, 3, 4].map((h) => eventAt(h)));
    await deps()
      .db.insert(eventParticipants)
      .values(list.map((e) => ({ eventId: e.id, userId: me.id })));
    expect((await yourClub(me)).events.map((e) => e.id)).toEqual(list.slice(0, 3).map((e) => e.id));
  });

  it('gives her stays as a guest that are still ahead (pending and accepted), and the requests she must answer as a host', async () => {
    const host = await roles.travelHost();
    const guest = await roles.standard();
    const home = await createHome(host);
    const accepted = await newStay(guest, home.id, day(20), day(23));
    expect((await patchStay(host, accepted.id, 'accepted')).status).toBe(200);
    const pending = await newStay(guest, home.id, day(12), day(14));
    const declined = await newStay(guest, home.id, day(30), day(32));
    expect((await patchStay(host, declined.id, 'declined')).status).toBe(200);

    const forGuest = await yourClub(guest);
    expect(forGuest.stays.map((s) => [s.id, s.status])).toEqual([
      [pending.id, 'pending'],
      [accepted.id, 'accepted'],
    ]);
    expect(forGuest.stayRequestsToAnswer).toBe(0);
    // The guest of a pending request does not see the exact address.
    expect(forGuest.stays[0]!.home.address).toBeNull();

    const forHost = await yourClub(host);
    expect(forHost.stays).toEqual([]);
    expect(forHost.stayRequestsToAnswer).toBe(1);
  });

  it('shows the newest gallery photos she may see, six at most', async () => {
    const me = await roles.standard();
    const db = deps().db;
    const now = Date.now();
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) {
      const [row] = await db
        .insert(images)
        .values({ r2Key: `${unique('club')}.jpg`, contentType: 'image/jpeg', bytes: 1, title: `Photo ${i}`, createdAt: now + i })
        .returning({ id: images.id });
      ids.push(row!.id);
    }
    // A home's photo belongs to its home, not to the Gallery.
    await db
      .insert(images)
      .values({ r2Key: `${unique('home')}.jpg`, contentType: 'image/jpeg', bytes: 1, context: 'home', createdAt: now + 99 });
    const club = await yourClub(me);
    expect(club.photos.map((p) => p.id)).toEqual(ids.slice(1).reverse());
  });

  it('tells an admin (with 2FA) how many applications and failed emails wait, and no one else', async () => {
    const admin = await roles.admin();
    const noTwoFactor = await createUser({ type: 'Founding', admin: true, twoFactor: false });
    const db = deps().db;
    const before = (await yourClub(admin)).admin!;
    await db.insert(applications).values([
      {
        fullName: 'A',
        email: `${unique('a')}@t.example`,
        phone: '+14155550123',
        reason: 'r',
        interests: ['Travel'],
        availability: 'Weekends',
        membershipType: 'Standard',
      },
      {
        fullName: 'B',
        email: `${unique('b')}@t.example`,
        phone: '+14155550123',
        reason: 'r',
        interests: ['Travel'],
        availability: 'Weekends',
        membershipType: 'Standard',
        accepted: true,
      },
    ]);
    const [message] = await db.insert(emailMessages).values({ kind: 'group', subject: 'Hello', createdAt: Date.now() }).returning();
    await db.insert(emailDeliveries).values([
      { messageId: message!.id, toEmail: 'x@t.example', status: 'failed', createdAt: Date.now() },
      { messageId: message!.id, toEmail: 'y@t.example', status: 'sent', createdAt: Date.now() },
      // Failed long ago: Sent mail keeps it; Your club does not count it.
      { messageId: message!.id, toEmail: 'z@t.example', status: 'failed', createdAt: Date.now() - 30 * 24 * HOUR },
    ]);
    const after = (await yourClub(admin)).admin!;
    expect(after.pendingApplications - before.pendingApplications).toBe(1);
    expect(after.failedMail - before.failedMail).toBe(1);
    expect((await yourClub(noTwoFactor)).admin).toBeNull();
  });

  it('is one D1 round trip, for a member and for an admin', async () => {
    for (const who of [await roles.standard(), await roles.admin()]) {
      const counted = countingDeps(deps());
      await getYourClub(counted.deps, actorOf(who));
      expect(counted.roundTrips()).toBe(1);
    }
  });

  it('gives a newcomer her first steps, each ticked from what she did, until she puts the card away (issue 46)', async () => {
    const me = await createUser();
    expect((await yourClub(me)).first_steps).toEqual({ photo: false, profile: false, directory: false, event: false });
    // Her profile saved with her directory choice, a title, a city and an interest, then an event joined.
    const saved = await trpc('profile.update', { title: 'Architect', city: 'Lisbon', interests: ['Travel'], directory: true }, { as: me });
    expect(saved.status).toBe(200);
    const event = await eventAt(30);
    await deps().db.insert(eventParticipants).values({ eventId: event.id, userId: me.id });
    expect((await yourClub(me)).first_steps).toEqual({ photo: false, profile: true, directory: true, event: true });
    // Put away: for good, on every device.
    expect((await trpc('club.dismissFirstSteps', undefined, { as: me })).status).toBe(200);
    expect((await yourClub(me)).first_steps).toBeNull();
    // A member of longer standing is not offered the card.
    const older = await createUser();
    await deps()
      .db.update(users)
      .set({ createdAt: Date.now() - 31 * 24 * HOUR })
      .where(eq(users.id, older.id));
    expect((await yourClub(older)).first_steps).toBeNull();
    expect((await trpc('club.dismissFirstSteps', undefined, { as: null })).status).toBe(401);
  });

  it('refuses a visitor', async () => {
    expect((await trpc('club.yourClub', undefined, { as: null, type: 'query' })).status).toBe(401);
  });
});
