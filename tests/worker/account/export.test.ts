import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { commentLikes, comments } from '../../../src/worker/db/schema/comments';
import { emailOptOuts } from '../../../src/worker/db/schema/email-preferences';
import { emailDeliveries, emailMessages } from '../../../src/worker/db/schema/email';
import { eventParticipants, events } from '../../../src/worker/db/schema/events';
import { homeStays, homes } from '../../../src/worker/db/schema/homes';
import { images } from '../../../src/worker/db/schema/images';
import { applications, auditLog, tokens } from '../../../src/worker/db/schema/membership';
import { properties } from '../../../src/worker/db/schema/users';
import { EXPORTS_PER_DAY } from '../../../src/worker/modules/account/export-data';
import { createUser, deps, request, unique, type TestUser } from '../helpers';

const db = () => deps().db;

async function newEvent(by: TestUser, title: string) {
  const [e] = await db()
    .insert(events)
    .values({
      slug: unique('ev'),
      title,
      eventDate: '2031-05-01',
      startTime: '18:00',
      endTime: '20:00',
      startsAt: Date.UTC(2031, 4, 1, 18),
      endsAt: Date.UTC(2031, 4, 1, 20),
      createdBy: by.id,
    })
    .returning();
  return e!;
}

async function newImage(by: TestUser, name: string, bytes: Uint8Array) {
  const key = `test/${unique()}.jpg`;
  await env.IMAGES.put(key, bytes);
  const [img] = await db()
    .insert(images)
    .values({ r2Key: key, contentType: 'image/jpeg', bytes: bytes.length, name, title: `Title ${name}`, uploadedBy: by.id })
    .returning();
  return img!;
}

/** Her things (one of everything) and another member's, made with texts that can be searched for. */
async function twoMembers() {
  const her = await createUser({ type: 'Travel Host' });
  const other = await createUser();
  const herEvent = await newEvent(her, `Her event ${unique()}`);
  const otherEvent = await newEvent(other, `Other event ${unique()}`);
  await db()
    .insert(eventParticipants)
    .values([
      { eventId: otherEvent.id, userId: her.id },
      { eventId: herEvent.id, userId: other.id },
    ]);
  const herBytes = new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3, 4, 5]);
  const herImage = await newImage(her, 'beach day.jpg', herBytes);
  const otherImage = await newImage(other, `other-${unique()}.jpg`, new Uint8Array([9, 9, 9]));
  const [herComment] = await db()
    .insert(comments)
    .values({ eventId: otherEvent.id, userId: her.id, content: `Her words ${unique()}` })
    .returning();
  const [otherComment] = await db()
    .insert(comments)
    .values({ eventId: otherEvent.id, userId: other.id, content: `Other words ${unique()}` })
    .returning();
  await db().insert(commentLikes).values({ commentId: otherComment!.id, userId: her.id });
  await db().insert(commentLikes).values({ commentId: herComment!.id, userId: other.id });
  await db()
    .insert(applications)
    .values({
      fullName: her.name,
      email: her.email,
      phone: '+33 1 23 45 67 89',
      reason: `Her reason ${unique()}`,
      interests: ['Travel'],
      availability: 'Weekends',
      membershipType: 'Travel Host',
      accepted: true,
    });
  await db().insert(properties).values({ userId: her.id, address: '1 Her St', type: 'Flat', description: 'Nice', availability: 'Summer' });
  const [herHome] = await db()
    .insert(homes)
    .values({ hostId: her.id, title: `Her home ${unique()}`, address: '1 Her St' })
    .returning();
  const [otherHome] = await db()
    .insert(homes)
    .values({ hostId: other.id, title: `Other home ${unique()}` })
    .returning();
  await db()
    .insert(homeStays)
    .values([
      { homeId: otherHome!.id, guestId: her.id, hostId: other.id, startDate: '2031-06-01', endDate: '2031-06-05', guests: 1 },
      {
        homeId: herHome!.id,
        guestId: other.id,
        hostId: her.id,
        startDate: '2031-07-01',
        endDate: '2031-07-03',
        guests: 2,
        message: `Other asks ${unique()}`,
      },
    ]);
  await db().insert(emailOptOuts).values({ userId: her.id, category: 'reminders' });
  const tokenHash = unique('hash');
  await db()
    .insert(tokens)
    .values({
      tokenHash,
      purpose: 'event_invitation',
      userId: her.id,
      eventId: otherEvent.id,
      createdBy: other.id,
      expiresAt: Date.now() + 60_000,
    });
  const [message] = await db()
    .insert(emailMessages)
    .values({ kind: 'event_announcement', subject: `Subject ${unique()}`, eventId: otherEvent.id })
    .returning();
  await db()
    .insert(emailDeliveries)
    .values([
      { messageId: message!.id, userId: her.id, toEmail: her.email, status: 'sent', sentAt: Date.now() },
      { messageId: message!.id, userId: other.id, toEmail: other.email, status: 'sent', sentAt: Date.now() },
    ]);
  return {
    her,
    other,
    herEvent,
    otherEvent,
    herImage,
    herBytes,
    otherImage,
    herComment: herComment!,
    otherComment: otherComment!,
    herHome: herHome!,
    otherHome: otherHome!,
    tokenHash,
    subject: message!.subject,
  };
}

async function download(u: TestUser) {
  const res = await request('/api/account/export', { as: u });
  return res;
}

async function unzipped(res: Response) {
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  const data = JSON.parse(strFromU8(files['data.json']!)) as Record<string, unknown> & {
    profile: { id: number; email: string; name: string };
    images: { id: number; file: string }[];
    comments: { id: number; content: string }[];
    eventsCreated: { id: number }[];
    eventsJoined: { eventId: number }[];
  };
  return { files, data };
}

describe('GET /api/account/export', () => {
  it('is a ZIP of data.json with each section and her images, and nothing of another member', async () => {
    const w = await twoMembers();
    const res = await download(w.her);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/zip');
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="owow-my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const { files, data } = await unzipped(res);

    expect(data.profile).toMatchObject({ id: w.her.id, email: w.her.email, name: w.her.name, type: 'Travel Host' });
    for (const section of [
      'twoFactor',
      'emailPreferences',
      'application',
      'properties',
      'homes',
      'staysRequested',
      'staysAtYourHomes',
      'eventsCreated',
      'eventsJoined',
      'invitations',
      'comments',
      'likes',
      'images',
      'emailsToYou',
      'sessions',
    ]) {
      expect(data, section).toHaveProperty(section);
    }
    expect(data.twoFactor).toMatchObject({ enabled: false });
    expect(data.emailPreferences).toEqual({ announcements: true, group_mail: true, reminders: false });
    expect(data.application).toHaveLength(1);
    expect(data.properties).toHaveLength(1);
    expect(data.homes).toMatchObject([{ id: w.herHome.id }]);
    expect(data.staysRequested).toMatchObject([{ homeId: w.otherHome.id }]);
    expect(data.staysAtYourHomes).toMatchObject([{ homeId: w.herHome.id, guests: 2 }]);
    expect(data.eventsCreated.map((e) => e.id)).toEqual([w.herEvent.id]);
    expect(data.eventsJoined.map((e) => e.eventId)).toEqual([w.otherEvent.id]);
    expect(data.invitations).toMatchObject([{ purpose: 'event_invitation', eventId: w.otherEvent.id }]);
    expect(data.comments).toMatchObject([{ id: w.herComment.id, content: w.herComment.content }]);
    expect(data.likes).toMatchObject([{ commentId: w.otherComment.id }]);
    expect(data.emailsToYou).toMatchObject([{ subject: w.subject, kind: 'event_announcement', status: 'sent' }]);
    expect(data.sessions).toMatchObject([{ thisDevice: true }]);
    expect(data.images).toMatchObject([{ id: w.herImage.id, file: `images/${w.herImage.id}-beach day.jpg` }]);
    expect(files[`images/${w.herImage.id}-beach day.jpg`]).toEqual(w.herBytes);
    expect(Object.keys(files).sort()).toEqual(['data.json', `images/${w.herImage.id}-beach day.jpg`]);

    // Nothing of the other member: her comment, image, home, the message of her stay request, the invitation's hash.
    // (The event she joined is hers to see: it is listed with its title.)
    const json = strFromU8(files['data.json']!);
    for (const theirs of [
      w.other.email,
      w.other.name,
      w.otherComment.content,
      w.otherImage.name,
      w.otherHome.title,
      'Other asks',
      w.tokenHash,
    ]) {
      expect(json, theirs).not.toContain(theirs);
    }
    expect(json).not.toContain('password');
    expect(json).not.toContain('totp');
  });

  it('is audited and refused with 429 after three downloads in a day', async () => {
    const u = await createUser();
    for (let i = 0; i < 3; i++) {
      const res = await download(u);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const fourth = await download(u);
    expect(fourth.status).toBe(429);
    // Issue 47: when the oldest of the day's downloads leaves the day (within it: just under 24 hours).
    const retryAfter = Number(fourth.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(fourth.headers.get('RateLimit-Policy')).toBe('"data-downloads";q=3;w=86400');
    expect(((await fourth.json()) as { error: string }).error).toContain('3 times a day');
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, u.id), eq(auditLog.action, 'account.export')));
    expect(entries).toHaveLength(3);
  });

  it('holds the daily limit when six downloads start at once: three ZIPs, three 429s, three audit entries', async () => {
    const u = await createUser();
    const answers = await Promise.all(Array.from({ length: 6 }, () => download(u)));
    await Promise.all(answers.map((r) => r.arrayBuffer()));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, u.id), eq(auditLog.action, 'account.export')));
    expect(entries).toHaveLength(3);
  });

  it('refuses with 403 a download another site started (Sec-Fetch-Site cross-site or same-site) and counts none of them (issue 30)', async () => {
    const u = await createUser();
    for (const site of ['cross-site', 'same-site']) {
      for (let i = 0; i < EXPORTS_PER_DAY; i++) {
        const res = await request('/api/account/export', { as: u, headers: { 'Sec-Fetch-Site': site, 'Sec-Fetch-Mode': 'navigate' } });
        expect(res.status, site).toBe(403);
        expect(res.headers.get('Content-Type')).not.toContain('zip');
      }
    }
    const counted = () =>
      db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorId, u.id), eq(auditLog.action, 'account.export')));
    expect(await counted()).toHaveLength(0);
    // From Settings (a same-origin fetch), typed in the address bar (none), or with no such header: all three allowed.
    for (const headers of [{ 'Sec-Fetch-Site': 'same-origin' }, { 'Sec-Fetch-Site': 'none' }, {}] as Record<string, string>[]) {
      const res = await request('/api/account/export', { as: u, headers });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    expect(await counted()).toHaveLength(EXPORTS_PER_DAY);
  });

  it('a visitor gets 401', async () => {
    const res = await request('/api/account/export');
    expect(res.status).toBe(401);
  });
});
