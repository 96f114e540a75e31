// The demo's notifications (issue 23): nothing is written here by hand. The services the other
// files called recorded their news (new events, comments, the like, the applications) as a request
// does; this runs the notifications queue's consumer over it as it would have run, a few seconds
// after each piece, and the instant emails it owed. The members read everything up to a day and a
// half ago, so several have a few unread at the first sign-in (Eleanor: the comments on her tea
// ceremony and Amara's like; the admin: the two applications waiting).
import { asc, isNull } from 'drizzle-orm';
import { notificationEvents } from '../../../src/worker/db/schema/notifications';
import { users } from '../../../src/worker/db/schema/users';
import { processNotificationNews } from '../../../src/worker/modules/notifications/fan-out';
import { sendDueInstantEmails } from '../../../src/worker/modules/notifications/instant-emails';
import { markNotificationsRead } from '../../../src/worker/modules/notifications/notifications';
import { updateNotificationPreferences } from '../../../src/worker/modules/notifications/preferences';
import type { Seed } from './context';

/** How long after a request the consumer writes its news. */
const CONSUMER_DELAY_MS = 2000;

/** The consumer's runs for the news recorded up to `until`, each at its moment. */
async function fanOutUntil(seed: Seed, until: number): Promise<void> {
  for (;;) {
    const [next] = await seed
      .at(until)
      .db.select({ at: notificationEvents.createdAt })
      .from(notificationEvents)
      .where(isNull(notificationEvents.processedAt))
      .orderBy(asc(notificationEvents.createdAt))
      .limit(1);
    if (!next || next.at > until) return;
    const deps = seed.at(next.at + CONSUMER_DELAY_MS);
    await processNotificationNews(deps, { recordedBy: next.at });
    await sendDueInstantEmails(deps);
  }
}

export async function seedNotifications(seed: Seed): Promise<void> {
  const readUntil = seed.when(-1, -12);
  await fanOutUntil(seed, readUntil);
  // Everyone in the club by then (the demo members, the roster's, the admin) had read hers; a
  // lapsed member may not open her list, and keeps what she was told before.
  const readers = await seed.at(readUntil).db.select({ email: users.email }).from(users);
  for (const { email } of readers) {
    const member = await seed.member(email);
    if (member.membership.status !== 'lapsed') await markNotificationsRead(seed.at(readUntil), member, { all: true });
  }
  await fanOutUntil(seed, seed.now);
  // Issue 40: Priya chose her push notifications in Settings > Notifications: new events and
  // comments as well as the kinds pushed by default. Her devices subscribe themselves when she
  // turns push on (README: push on http://localhost:8787).
  await updateNotificationPreferences(seed.at(seed.when(-3, -9)), await seed.member('priya@club.example'), {
    push: { new_event: true, comment: true, event_changed: true, waitlist_place: true, stay: true },
  });
}
