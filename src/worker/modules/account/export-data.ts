import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { commentLikes, comments } from '../../db/schema/comments';
import { emailOptOuts, EMAIL_CATEGORIES } from '../../db/schema/email-preferences';
import { emailDeliveries, emailMessages } from '../../db/schema/email';
import { eventParticipants, eventReminders, eventWaitlist, events } from '../../db/schema/events';
import { homeAvailability, homeStays, homes } from '../../db/schema/homes';
import { images } from '../../db/schema/images';
import { passkeys } from '../../db/schema/passkeys';
import { applications, auditLog, tokens } from '../../db/schema/membership';
import { properties, sessions, users } from '../../db/schema/users';
import { memberActivity } from '../../db/schema/member-activity';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import { COUNTED_POLICIES } from '../../platform/rate-limit-policy';
import type { Deps } from '../../platform/deps';
import { requireMember } from '../../platform/guards';
import type { RequestMeta } from '../../platform/request-actor';
import { columnRef } from '../../db/column-ref';
import { waitlistPlaceSql } from '../events/waitlist';
import { exportProfile } from '../members/member-data';
import { notificationDataOf } from '../notifications/preferences';
import { exportCircleData } from '../circles/circle-data';
import { exportDoorData } from '../check-in/door-data';
import { exportMessages } from '../messages/member-data';

/*
 * DECISIONS "The member's own data": a member downloads everything the club holds about her
 * (GDPR articles 15 and 20): a JSON file of her data and her images' original bytes, in a ZIP made here and
 * streamed (fflate's Zip; images are stored, not recompressed). Only her own rows: every query
 * is keyed by her id or her address, and rows of other members that touch hers (a stay request
 * at her home, an invitation's sender) leave out who they are.
 */

/** Downloads a member may start per 24 hours; the next is refused with 429. */
export const EXPORTS_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

export const EXPORT_LIMIT_MESSAGE = `You can download your data ${EXPORTS_PER_DAY} times a day. Please try again tomorrow.`;

export interface DataExport {
  filename: string;
  stream: ReadableStream<Uint8Array>;
}

/** The 429 of a download over the day's limit: Retry-After is when the oldest of the day leaves it. */
async function exportRefused(deps: Deps, memberId: number, now: number): Promise<AppError> {
  const [oldest] = await deps.db
    .select({ at: sql<number | null>`min(${auditLog.createdAt})` })
    .from(auditLog)
    .where(and(eq(auditLog.actorId, memberId), eq(auditLog.action, 'account.export'), sql`${auditLog.createdAt} > ${now - DAY_MS}`));
  const wait = Math.max(1_000, (oldest?.at ?? now) + DAY_MS - now);
  return new AppError('TOO_MANY_REQUESTS', EXPORT_LIMIT_MESSAGE, {
    retryAfter: Math.ceil(wait / 1000),
    policy: COUNTED_POLICIES.exportsPerDay(EXPORTS_PER_DAY),
  });
}

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

/** A file name safe inside the ZIP: no folders, no control characters, not empty. */
function zipFileName(id: number, name: string, contentType: string): string {
  // Control characters (below U+0020, and DEL) become '_' too.
  const cleaned = [...name]
    .map((ch) => (ch < ' ' || ch === '\u007f' || '/\\:*?"<>|'.includes(ch) ? '_' : ch))
    .join('')
    .trim()
    .slice(0, 120);
  const ext = contentType.split('/')[1]?.replace(/[^a-z0-9]/gi, '') || 'bin';
  return `images/${id}-${cleaned || `image.${ext}`}`;
}

/** An event she joined or waits for, as her export names it. */
const eventNamed = {
  eventId: events.id,
  slug: events.slug,
  title: events.title,
  eventDate: events.eventDate,
  startTime: events.startTime,
  timeZone: events.timeZone,
};

export const CROSS_SITE_EXPORT_MESSAGE = /*i18n*/ 'Download your data from Settings: a download started by another site is refused.';

/**
 * GET /api/account/export: the ZIP of her data. Audited; at most EXPORTS_PER_DAY a day. A GET
 * carries her SameSite=Lax cookie when another site sends the browser here, so a download the
 * browser says another site started is refused before anything is counted (issue 30); the
 * Settings button fetches it from the app's own page (same-origin).
 */
export async function exportMyData(deps: Deps, actor: Actor, meta: Pick<RequestMeta, 'fetchSite'>): Promise<DataExport> {
  const me = requireMember(actor);
  if (meta.fetchSite === 'cross-site' || meta.fetchSite === 'same-site') throw new AppError('FORBIDDEN', CROSS_SITE_EXPORT_MESSAGE);
  const db = deps.db;
  const now = deps.now();
  // The availability of her homes, in the same statement.
  const myHomeIds = db.select({ id: homes.id }).from(homes).where(eq(homes.hostId, me.id));

  // One round trip. The first statement writes the audit entry only while she is under the
  // daily limit (counted from the same log in the same statement, so two parallel downloads
  // cannot both slip past it); nothing returned means refused.
  const [
    allowed,
    userRows,
    applicationRows,
    propertyRows,
    homeRows,
    availabilityRows,
    staysAsGuest,
    staysAtMyHomes,
    createdEvents,
    joinedEvents,
    tokenRows,
    commentRows,
    likeRows,
    imageRows,
    deliveryRows,
    sessionRows,
    optOutRows,
    waitlistRows,
    reminderRows,
    passkeyRows,
    activityRows,
  ] = await db.batch([
    db
      .insert(auditLog)
      .select(
        // Every column in table order (drizzle's insert … select); id is left to SQLite.
        db
          .select({
            id: sql<number>`null`.as('id'),
            actorId: users.id,
            action: sql<string>`'account.export'`.as('action'),
            targetType: sql<string>`'user'`.as('target_type'),
            targetId: sql<string>`cast(${users.id} as text)`.as('target_id'),
            details: sql<null>`null`.as('details'),
            createdAt: sql<number>`${now}`.as('created_at'),
          })
          .from(users)
          .where(
            and(
              eq(users.id, me.id),
              sql`(select count(*) from ${auditLog} where ${auditLog.actorId} = ${me.id} and ${auditLog.action} = 'account.export' and ${auditLog.createdAt} > ${now - DAY_MS}) < ${EXPORTS_PER_DAY}`,
            ),
          ),
      )
      .returning({ id: auditLog.id }),
    db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        type: users.type,
        isAdmin: users.isAdmin,
        totpEnabledAt: users.totpEnabledAt,
        calendarFeedNonce: users.calendarFeedNonce,
        memberSince: users.memberSince,
        renewsOn: users.renewsOn,
        createdAt: users.createdAt,
        updatedAt: users.updatedAt,
      })
      .from(users)
      .where(eq(users.id, me.id)),
    db.select().from(applications).where(eq(applications.email, me.email)),
    db.select().from(properties).where(eq(properties.userId, me.id)),
    db.select().from(homes).where(eq(homes.hostId, me.id)),
    db.select().from(homeAvailability).where(inArray(homeAvailability.homeId, myHomeIds)),
    db.select().from(homeStays).where(eq(homeStays.guestId, me.id)),
    // Stays requested at her homes: the dates and her answer, not who asked nor the guest's message.
    db
      .select({
        id: homeStays.id,
        homeId: homeStays.homeId,
        startDate: homeStays.startDate,
        endDate: homeStays.endDate,
        guests: homeStays.guests,
        status: homeStays.status,
        hostMessage: homeStays.hostMessage,
        decidedAt: homeStays.decidedAt,
        createdAt: homeStays.createdAt,
      })
      .from(homeStays)
      .where(eq(homeStays.hostId, me.id)),
    db.select().from(events).where(eq(events.createdBy, me.id)),
    db
      .select({
        ...eventNamed,
        joinedAt: eventParticipants.joinedAt,
        checkedInAt: eventParticipants.checkedInAt,
        walkIn: eventParticipants.walkIn,
      })
      .from(eventParticipants)
      .innerJoin(events, eq(events.id, eventParticipants.eventId))
      .where(eq(eventParticipants.userId, me.id)),
    // Tokens addressed to her: what they were for and when, never their hashes.
    db
      .select({
        id: tokens.id,
        purpose: tokens.purpose,
        eventId: tokens.eventId,
        expiresAt: tokens.expiresAt,
        usedAt: tokens.usedAt,
        createdAt: tokens.createdAt,
      })
      .from(tokens)
      .where(or(eq(tokens.userId, me.id), eq(tokens.email, me.email))),
    db.select().from(comments).where(eq(comments.userId, me.id)),
    db.select().from(commentLikes).where(eq(commentLikes.userId, me.id)),
    db.select().from(images).where(eq(images.uploadedBy, me.id)),
    db
      .select({
        id: emailDeliveries.id,
        kind: emailMessages.kind,
        subject: emailMessages.subject,
        toEmail: emailDeliveries.toEmail,
        status: emailDeliveries.status,
        createdAt: emailDeliveries.createdAt,
        sentAt: emailDeliveries.sentAt,
      })
      .from(emailDeliveries)
      .innerJoin(emailMessages, eq(emailMessages.id, emailDeliveries.messageId))
      .where(eq(emailDeliveries.userId, me.id))
      .orderBy(desc(emailDeliveries.id)),
    db.select().from(sessions).where(eq(sessions.userId, me.id)),
    db.select({ category: emailOptOuts.category }).from(emailOptOuts).where(eq(emailOptOuts.userId, me.id)),
    db
      .select({
        ...eventNamed,
        place: waitlistPlaceSql(me.id, columnRef(eventWaitlist.eventId)).mapWith(Number),
        waitingSince: eventWaitlist.createdAt,
      })
      .from(eventWaitlist)
      .innerJoin(events, eq(events.id, eventWaitlist.eventId))
      .where(eq(eventWaitlist.userId, me.id)),
    db
      .select({ eventId: eventReminders.eventId, title: events.title, sentAt: eventReminders.sentAt })
      .from(eventReminders)
      .innerJoin(events, eq(events.id, eventReminders.eventId))
      .where(eq(eventReminders.userId, me.id)),
    // Her passkeys by name and dates: never a key or a credential id.
    db
      .select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
      .from(passkeys)
      .where(eq(passkeys.userId, me.id))
      .orderBy(passkeys.createdAt),
    // The days she used the club (issue 42's Insights counts them).
    db.select().from(memberActivity).where(eq(memberActivity.userId, me.id)).orderBy(memberActivity.day),
  ]);
  if (allowed.length === 0) throw await exportRefused(deps, me.id, now);
  const user = userRows[0];
  if (!user) throw new AppError('UNAUTHORIZED', /*i18n*/ 'Please log in.');

  const optedOut = new Set(optOutRows.map((r) => r.category));
  const files = imageRows.map((img) => ({ img, path: zipFileName(img.id, img.name, img.contentType) }));
  // Her directory profile (issue 22): its fields, their visibility, and her photo as a file.
  const memberProfile = await exportProfile(deps, me.id);
  const stored = [
    ...files.map(({ img, path }) => ({ key: img.r2Key, path, mtime: img.createdAt })),
    ...(memberProfile.photoKey ? [{ key: memberProfile.photoKey, path: memberProfile.data.photo!, mtime: now }] : []),
  ];

  const data = {
    exportedAt: iso(now),
    about: 'Everything the club holds about you. Times are UTC (ISO 8601). Your images are in the images folder, as you uploaded them.',
    profile: {
      id: user.id,
      name: user.name,
      email: user.email,
      type: user.type,
      admin: user.isAdmin,
      memberSince: user.memberSince,
      renewsOn: user.renewsOn,
      createdAt: iso(user.createdAt),
      updatedAt: iso(user.updatedAt),
    },
    twoFactor: { enabled: user.totpEnabledAt !== null, enabledAt: iso(user.totpEnabledAt) },
    passkeys: passkeyRows.map((p) => ({ name: p.name, createdAt: iso(p.createdAt), lastUsedAt: iso(p.lastUsedAt) })),
    calendarFeed: { enabled: user.calendarFeedNonce !== null },
    emailPreferences: Object.fromEntries(EMAIL_CATEGORIES.map((c) => [c, !optedOut.has(c)])),
    // Issue 23: her email choice per kind of notification, and her time zone.
    ...(await notificationDataOf(deps, me.id)),
    application: applicationRows.map(({ invitationCodeId: _code, decidedBy: _by, ...a }) => ({
      ...a,
      decidedAt: iso(a.decidedAt),
      createdAt: iso(a.createdAt),
    })),
    properties: propertyRows.map((p) => ({ ...p, createdAt: iso(p.createdAt) })),
    homes: homeRows.map(({ hiddenBy, countryKey: _key, ...h }) => ({
      ...h,
      hidden: hiddenBy !== null,
      availability: availabilityRows.filter((a) => a.homeId === h.id).map(({ startDate, endDate }) => ({ startDate, endDate })),
      createdAt: iso(h.createdAt),
      updatedAt: iso(h.updatedAt),
    })),
    staysRequested: staysAsGuest.map(({ hostId: _host, ...s }) => ({ ...s, decidedAt: iso(s.decidedAt), createdAt: iso(s.createdAt) })),
    staysAtYourHomes: staysAtMyHomes.map((s) => ({ ...s, decidedAt: iso(s.decidedAt), createdAt: iso(s.createdAt) })),
    eventsCreated: createdEvents.map(({ createdBy: _by, bannerImageId, ...e }) => ({
      ...e,
      bannerImageId,
      startsAt: iso(e.startsAt),
      endsAt: iso(e.endsAt),
      createdAt: iso(e.createdAt),
      updatedAt: iso(e.updatedAt),
    })),
    eventsJoined: joinedEvents.map((e) => ({ ...e, joinedAt: iso(e.joinedAt), checkedInAt: iso(e.checkedInAt) })),
    // Issue 43: the events she co-hosts and the feedback she gave.
    ...(await exportDoorData(deps, me.id)),
    eventsWaitlisted: waitlistRows.map((w) => ({ ...w, waitingSince: iso(w.waitingSince) })),
    eventRemindersSent: reminderRows.map((r) => ({ ...r, sentAt: iso(r.sentAt) })),
    invitations: tokenRows.map((t) => ({
      ...t,
      expiresAt: iso(t.expiresAt),
      usedAt: iso(t.usedAt),
      createdAt: iso(t.createdAt),
    })),
    // Issue 39: her circles, her posts on their boards (her comments on them are above), likes, proposals.
    ...(await exportCircleData(deps, me.id)),
    comments: commentRows.map(({ userId: _me, ...c }) => ({ ...c, createdAt: iso(c.createdAt), updatedAt: iso(c.updatedAt) })),
    likes: likeRows.map((l) => ({ commentId: l.commentId, createdAt: iso(l.createdAt) })),
    images: files.map(({ img, path }) => ({
      id: img.id,
      file: path,
      name: img.name,
      title: img.title,
      description: img.description,
      tags: img.tags,
      contentType: img.contentType,
      width: img.width,
      height: img.height,
      bytes: img.bytes,
      eventId: img.associatedEventId,
      createdAt: iso(img.createdAt),
    })),
    emailsToYou: deliveryRows.map((d) => ({ ...d, createdAt: iso(d.createdAt), sentAt: iso(d.sentAt) })),
    memberProfile: memberProfile.data,
    // Issue 38: her conversations with the messages she sent and received, whom she blocks, her reports.
    messages: await exportMessages(deps, me.id),
    sessions: sessionRows.map((s) => ({
      browser: s.browser,
      os: s.os,
      thisDevice: s.id === me.sessionId,
      signedInWithPasskey: s.passkey === 'signed_in',
      createdAt: iso(s.createdAt),
      lastSeenAt: iso(s.lastSeenAt),
      expiresAt: iso(s.expiresAt),
    })),
    daysActive: activityRows.map((a) => ({
      day: a.day,
      firstSeenAt: iso(a.firstAt),
      lastSeenAt: iso(a.lastAt),
      signedInAt: iso(a.signedInAt),
    })),
  };

  const day = new Date(now).toISOString().slice(0, 10);
  const bucket = deps.env.IMAGES;
  return {
    filename: `owow-my-data-${day}.zip`,
    stream: zipStream(async function* (zip) {
      const json = new ZipDeflate('data.json', { level: 6 });
      json.mtime = now;
      zip.add(json);
      json.push(strToU8(JSON.stringify(data, null, 2)), true);
      yield;
      for (const { key, path, mtime } of stored) {
        const object = await bucket.get(key);
        // A row without its object (should not happen): the JSON still lists it.
        if (!object) continue;
        // Already compressed (JPEG, PNG, WebP): stored as is.
        const file = new ZipPassThrough(path);
        file.mtime = mtime;
        zip.add(file);
        const reader = object.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          file.push(value);
          yield;
        }
        file.push(new Uint8Array(0), true);
        yield;
      }
      zip.end();
    }),
  };
}

/**
 * A ReadableStream of the ZIP that `feed` writes: the reader pulls, the feed advances one step
 * (one chunk of an image) until fflate hands out bytes, so at most about one chunk is held.
 */
function zipStream(feed: (zip: Zip) => AsyncGenerator<void, void>): ReadableStream<Uint8Array> {
  const ready: Uint8Array[] = [];
  let finished = false;
  let failure: Error | null = null;
  const zip = new Zip((err, chunk, final) => {
    if (err) failure = err;
    else {
      ready.push(chunk);
      if (final) finished = true;
    }
  });
  const steps = feed(zip);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        while (ready.length === 0 && !finished) {
          const step = await steps.next();
          if (failure) throw failure;
          if (step.done && !finished) throw new Error('zip feed ended before the archive was complete');
        }
        while (ready.length) controller.enqueue(ready.shift()!);
        if (finished) controller.close();
      },
      async cancel() {
        await steps.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}
