// Issue 23 "By email": instant emails (merged within 10 minutes), the daily summary (her time
// zone, once a day, none when empty), each with the one-click unsubscribe of its kind.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { comments } from '../../../src/worker/db/schema/comments';
import { categoryOfKind, unsubscribeExtras } from '../../../src/worker/modules/mail/email-preferences';
import { sendDailyDigests } from '../../../src/worker/modules/notifications/digest';
import { processNotificationNews } from '../../../src/worker/modules/notifications/fan-out';
import { sendDueInstantEmails } from '../../../src/worker/modules/notifications/instant-emails';
import { updateNotificationSettings } from '../../../src/worker/modules/notifications/preferences';
import { notify, type NotificationNews } from '../../../src/worker/modules/notifications/record';
import { actorOf, createUser, deps, insertEvent, mailTo, request, type TestUser } from '../helpers';
import { setTerm } from '../membership/terms-helpers';
import { depsAt, join } from './notification-helpers';

const MIN = 60_000;

/** A comment written straight to D1 (no hook), so only the test records its news, at its time. */
async function insertComment(userId: number, eventId: number) {
  const [row] = await deps().db.insert(comments).values({ userId, eventId, content: 'Hello' }).returning();
  return row!;
}

/** Records news as of `at` and runs the fan-out and the instant emails as of then. */
async function happen(at: number, actorId: number | null, news: NotificationNews) {
  const d = depsAt(at);
  await notify(d, actorId, news);
  await processNotificationNews(d);
  await sendDueInstantEmails(d);
}

const notificationMail = async (u: TestUser, kind: string) => (await mailTo(u.email)).filter((m) => m.kind === kind);

async function likeChoice(u: TestUser, mode: string) {
  expect((await request('/api/notification-preferences', { method: 'PUT', as: u, body: { like: mode } })).status).toBe(200);
}

describe('instant emails', () => {
  it('an event change is emailed at once (instant by default), with the kind’s one-click unsubscribe', async () => {
    const host = await createUser({ type: 'Founding', name: 'Claire Dubois' });
    const guest = await createUser();
    const ev = await insertEvent({ createdBy: host.id, title: 'Harbour walk' });
    await join(ev.id, guest);
    await happen(Date.now(), host.id, { kind: 'event_changed', eventId: ev.id, changes: ['time'] });
    const [mail] = await notificationMail(guest, 'notification_event_changed');
    expect(mail).toMatchObject({
      subject: 'Claire Dubois changed the time of Harbour walk',
      status: expect.stringMatching(/queued|sending|sent/),
    });
    expect(mail!.text).toContain(`/events/${ev.id}`);
    expect(mail!.html).toContain('{{unsubscribe_url}}');
    expect(await notificationMail(host, 'notification_event_changed')).toHaveLength(0);

    expect(categoryOfKind('notification_event_changed')).toBe('event_changed');
    const extras = await unsubscribeExtras(env, 'notification_event_changed', guest.id);
    expect(extras!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // The one-click POST (RFC 8058) turns that kind off, and only that kind.
    const url = new URL(extras!.url);
    expect((await request(url.pathname, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status).toBe(200);
    const prefs = (await (await request('/api/notification-preferences', { as: guest })).json()) as Record<string, string>;
    expect(prefs).toMatchObject({ event_changed: 'off', waitlist_place: 'instant', comment: 'daily' });
  });

  it('about the same thing within 10 minutes are merged into one email', async () => {
    const author = await createUser();
    await likeChoice(author, 'instant');
    const [a, b, c] = [
      await createUser({ name: 'Sofia Rossi' }),
      await createUser({ name: 'Mei Lin' }),
      await createUser({ name: 'Amara Okafor' }),
    ];
    const ev = await insertEvent();
    const mine = await insertComment(author.id, ev.id);
    const t0 = Date.now();
    await happen(t0, a.id, { kind: 'like', commentId: mine.id });
    expect(await notificationMail(author, 'notification_like')).toHaveLength(1);
    await happen(t0 + 2 * MIN, b.id, { kind: 'like', commentId: mine.id });
    await happen(t0 + 5 * MIN, c.id, { kind: 'like', commentId: mine.id });
    await sendDueInstantEmails(depsAt(t0 + 9 * MIN));
    expect(await notificationMail(author, 'notification_like')).toHaveLength(1);
    await sendDueInstantEmails(depsAt(t0 + 10 * MIN));
    const mails = await notificationMail(author, 'notification_like');
    expect(mails.map((m) => m.subject)).toEqual(['Amara Okafor and 2 others liked your comment', 'Sofia Rossi liked your comment']);
    // Nothing left to send.
    await sendDueInstantEmails(depsAt(t0 + 30 * MIN));
    expect(await notificationMail(author, 'notification_like')).toHaveLength(2);
    // After the 10 minutes, the next one goes at once.
    const d = await createUser();
    await happen(t0 + 31 * MIN, d.id, { kind: 'like', commentId: mine.id });
    expect(await notificationMail(author, 'notification_like')).toHaveLength(3);
  });

  it('not when read before it was due, not when off, not at once when daily', async () => {
    const author = await createUser();
    await likeChoice(author, 'instant');
    const [a, b] = [await createUser(), await createUser()];
    const ev = await insertEvent();
    const mine = await insertComment(author.id, ev.id);
    const t0 = Date.now();
    await happen(t0, a.id, { kind: 'like', commentId: mine.id });
    await happen(t0 + MIN, b.id, { kind: 'like', commentId: mine.id });
    await request('/api/notifications/read', { as: author, body: { all: true } });
    await sendDueInstantEmails(depsAt(t0 + 11 * MIN));
    expect(await notificationMail(author, 'notification_like')).toHaveLength(1);

    for (const mode of ['off', 'daily']) {
      const other = await createUser();
      await likeChoice(other, mode);
      const theirs = await insertComment(other.id, ev.id);
      await happen(t0, a.id, { kind: 'like', commentId: theirs.id });
      await sendDueInstantEmails(depsAt(t0 + 20 * MIN));
      expect(await notificationMail(other, 'notification_like'), mode).toHaveLength(0);
    }
  });

  it('a waitlist place keeps its own email, skipped unless she wants that kind at once', async () => {
    const host = await createUser({ type: 'Founding' });
    const [first, second] = [await createUser(), await createUser()];
    await request('/api/notification-preferences', { method: 'PUT', as: second, body: { waitlist_place: 'daily' } });
    for (const [u, other] of [
      [first, second],
      [second, first],
    ] as const) {
      const ev = await insertEvent({ createdBy: host.id, capacity: 1 });
      await join(ev.id, other);
      await request(`/api/events/${ev.id}/join`, { method: 'POST', as: u });
      await request(`/api/events/${ev.id}/leave`, { method: 'DELETE', as: other });
    }
    const firstMails = (await mailTo(first.email)).filter((m) => m.kind === 'event_waitlist_place');
    const secondMails = (await mailTo(second.email)).filter((m) => m.kind === 'event_waitlist_place');
    expect(firstMails.map((m) => m.status)).not.toContain('skipped');
    expect(firstMails).toHaveLength(1);
    expect(secondMails.map((m) => m.status)).toEqual(['skipped']);
  });
});

describe('the daily summary', () => {
  // 15 January 2031: Paris is UTC+1, so 07:00 there is 06:00 UTC.
  const day = (h: number, m = 0, d = 15) => Date.UTC(2031, 0, d, h, m);

  async function memberInZone(timeZone: string) {
    const u = await createUser();
    // Her term runs past 2031: a lapsed member is told nothing.
    await setTerm(u, { renews_on: '2099-01-01' });
    await updateNotificationSettings(depsAt(day(0)), actorOf(u), { timeZone });
    return u;
  }

  it('goes at the first run after 07:00 in her zone, once a day, grouped by kind', async () => {
    const paris = await memberInZone('Europe/Paris');
    const utc = await memberInZone('UTC');
    const commenter = await createUser({ name: 'Hana Sato' });
    const creator = await createUser({ name: 'Eleanor Vance' });
    for (const u of [paris, utc]) {
      const ev = await insertEvent({ createdBy: u.id, title: `Supper for ${u.name}` });
      await happen(day(2), commenter.id, { kind: 'comment', commentId: (await insertComment(commenter.id, ev.id)).id });
      const other = await insertEvent({ createdBy: creator.id, title: 'Open studio' });
      await happen(day(3), creator.id, { kind: 'new_event', eventId: other.id });
    }
    const digests = async (u: TestUser) => (await mailTo(u.email)).filter((m) => m.kind === 'notification_digest');

    await sendDailyDigests(depsAt(day(5, 50)));
    expect(await digests(paris)).toHaveLength(0);
    await sendDailyDigests(depsAt(day(6, 10)));
    const [mail] = await digests(paris);
    expect(mail!.subject).toMatch(/^Your daily summary: \d+ new notifications$/);
    expect(mail!.html).toContain('Comments');
    expect(mail!.html).toContain('New events');
    expect(mail!.text).toContain(`Hana Sato commented on Supper for ${paris.name}`);
    expect(mail!.text).toContain('Eleanor Vance created a new event: Open studio');
    expect(await digests(utc)).toHaveLength(0);

    await sendDailyDigests(depsAt(day(7, 10)));
    expect(await digests(utc)).toHaveLength(1);
    // Later runs the same day send nothing again.
    await sendDailyDigests(depsAt(day(9)));
    expect(await digests(paris)).toHaveLength(1);
    expect(await digests(utc)).toHaveLength(1);
  });

  it('says nothing when there is nothing to say, and leaves out what is read, instant or older than a day', async () => {
    const u = await memberInZone('UTC');
    const quiet = await memberInZone('UTC');
    const liker = await createUser();
    const ev = await insertEvent({ createdBy: u.id });
    // Two days before: too old. Likes are off by default (not daily). Read: left out.
    await happen(day(3, 0, 13), liker.id, { kind: 'comment', commentId: (await insertComment(liker.id, ev.id)).id });
    await happen(day(3), liker.id, { kind: 'like', commentId: (await insertComment(u.id, ev.id)).id });
    await sendDailyDigests(depsAt(day(7, 5)));
    expect((await mailTo(u.email)).filter((m) => m.kind === 'notification_digest')).toHaveLength(0);
    expect((await mailTo(quiet.email)).filter((m) => m.kind === 'notification_digest')).toHaveLength(0);

    // The next day: one new comment, read before 07:00, and one unread.
    const ev2 = await insertEvent({ createdBy: u.id, title: 'Second' });
    await happen(day(2, 0, 16), liker.id, { kind: 'comment', commentId: (await insertComment(liker.id, ev2.id)).id });
    await request('/api/notifications/read', { as: u, body: { all: true } });
    const ev3 = await insertEvent({ createdBy: u.id, title: 'Third' });
    await happen(day(3, 0, 16), liker.id, { kind: 'comment', commentId: (await insertComment(liker.id, ev3.id)).id });
    await sendDailyDigests(depsAt(day(7, 5, 16)));
    const [mail] = (await mailTo(u.email)).filter((m) => m.kind === 'notification_digest');
    expect(mail!.subject).toBe('Your daily summary: 1 new notification');
    expect(mail!.text).toContain('commented on Third');
    expect(mail!.text).not.toContain('commented on Second');
    expect(categoryOfKind('notification_digest')).toBe('digest');
  });

  it('its unsubscribe turns off every kind she gets daily', async () => {
    const u = await createUser();
    const extras = await unsubscribeExtras(env, 'notification_digest', u.id);
    expect((await request(new URL(extras!.url).pathname, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status).toBe(200);
    const prefs = (await (await request('/api/notification-preferences', { as: u })).json()) as Record<string, string>;
    expect(prefs).toMatchObject({ comment: 'off', new_event: 'off', like: 'off', event_changed: 'instant' });
  });
});
