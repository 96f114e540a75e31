import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { notificationSettings, notifications } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import type { Deps } from '../../platform/deps';
import { describeError } from '../../platform/log-redaction';
import { enqueueRenderedEmail } from '../mail/enqueue';
import { digestEmail } from './emails/notification-emails';
import { entryColumns, toView, type EntryRow } from './notifications';
import { emailModeOfRowSql, nextDigestAt } from './preferences';

/*
 * The daily summary (issue 23): at the housekeeping's first run after 07:00 in her zone (her
 * settings row's next_digest_at), one email with her unread entries of the kinds she gets daily,
 * from the last day (since her last summary, at most 24 hours), grouped by kind. None when there
 * is nothing to say; either way the next one is due at 07:00 tomorrow, so never two in a day.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Members whose summary is made per round, and rounds per run: the rest come at the next run. */
const MEMBERS_PER_ROUND = 50;
const ROUNDS = 10;
/** Entries one summary lists; a busier day links to the full list. */
const ENTRIES_PER_DIGEST = 50;

export async function sendDailyDigests(deps: Deps): Promise<{ members: number; digests: number }> {
  let members = 0;
  let digests = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const now = deps.now();
    const due = await deps.db
      .select({
        userId: notificationSettings.userId,
        timeZone: notificationSettings.timeZone,
        lastDigestAt: notificationSettings.lastDigestAt,
      })
      .from(notificationSettings)
      .where(lte(notificationSettings.nextDigestAt, now))
      .orderBy(asc(notificationSettings.nextDigestAt))
      .limit(MEMBERS_PER_ROUND);
    if (due.length === 0) break;
    // Claimed by moving the next one to tomorrow 07:00 in her zone, only while still due: two
    // runs at once send one summary.
    const statements = due.map((m) =>
      deps.db
        .update(notificationSettings)
        .set({ nextDigestAt: nextDigestAt(now, m.timeZone), lastDigestAt: now })
        .where(and(eq(notificationSettings.userId, m.userId), lte(notificationSettings.nextDigestAt, now)))
        .returning({ userId: notificationSettings.userId }),
    );
    const claims = await deps.db.batch([statements[0]!, ...statements.slice(1)]);
    const claimed = due.filter((_, i) => claims[i]!.length > 0);
    members += claimed.length;
    if (claimed.length === 0) continue;
    const since = JSON.stringify(claimed.map((m) => [m.userId, Math.max(m.lastDigestAt ?? 0, now - DAY_MS)]));
    const rows = await deps.db
      .select({ ...entryColumns(), email: users.email, name: users.name, language: users.language })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .innerJoin(
        sql`json_each(${since}) AS "since"`,
        sql`${notifications.userId} = json_extract("since"."value", '$[0]') AND ${notifications.createdAt} > json_extract("since"."value", '$[1]')`,
      )
      .where(
        and(isNull(notifications.readAt), sql`${emailModeOfRowSql(sql`${notifications.userId}`, sql`${notifications.kind}`)} = 'daily'`),
      )
      .orderBy(asc(notifications.userId), sql`${notifications.createdAt} DESC`);
    const byMember = new Map<number, typeof rows>();
    for (const r of rows) byMember.set(r.userId, [...(byMember.get(r.userId) ?? []), r]);
    for (const [userId, entries] of byMember) {
      const first = entries[0]!;
      // Rendered in her language (issue 41): the entries' sentences too.
      const render = () =>
        digestEmail(
          entries
            .slice(0, ENTRIES_PER_DIGEST)
            // A new post's entry is listed under its circle (its subject).
            .map((e) => ({ ...toView(e as EntryRow), ...(e.kind === 'circle_post' && { group: e.subject }) })),
          deps.env.APP_ORIGIN,
        );
      try {
        await enqueueRenderedEmail(deps, {
          kind: 'notification_digest',
          render,
          recipients: [{ email: first.email, name: first.name, userId, optedOut: false, language: first.language }],
        });
        digests++;
      } catch (err) {
        console.error('notifications: could not queue a daily summary', { error: describeError(err) });
      }
    }
  }
  return { members, digests };
}
