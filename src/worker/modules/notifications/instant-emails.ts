import { and, asc, eq, inArray, isNotNull, isNull, lte, min } from 'drizzle-orm';
import { notifications } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import type { Deps } from '../../platform/deps';
import { describeError } from '../../platform/log-redaction';
import { enqueueRenderedEmail, type RenderedEmail } from '../mail/enqueue';
import { instantNotificationEmail } from './emails/notification-emails';
import { entryColumns, idsIn, toView, type EntryRow } from './notifications';

/*
 * Instant emails (issue 23 "By email"): an entry whose recipient wants its kind at once is
 * 'pending' with a due time (fan-out.ts): now, or 10 minutes after the last email about the same
 * thing, so whatever comes in between is merged into one email (the entry's text counts everyone).
 * Due ones are claimed (marked sent) and enqueued on the mail queue, whose consumer sends them with
 * the kind's one-click unsubscribe. Entries she read before the email was due are not emailed.
 */

/** Entries emailed per round; the rest wait for the next round or run. */
const ENTRIES_PER_ROUND = 200;
const ROUNDS = 5;

/** Marks the due entries sent (and those read meanwhile not to be sent), answering the claimed ids. */
async function claimDue(deps: Deps, now: number): Promise<number[]> {
  const due = and(eq(notifications.emailState, 'pending'), lte(notifications.emailDueAt, now));
  const dueIds = (read: boolean) =>
    deps.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(due, read ? isNotNull(notifications.readAt) : isNull(notifications.readAt)))
      .orderBy(asc(notifications.emailDueAt))
      .limit(ENTRIES_PER_ROUND);
  const [, claimed] = await deps.db.batch([
    deps.db
      .update(notifications)
      .set({ emailState: 'none', emailDueAt: null })
      .where(and(inArray(notifications.id, dueIds(true)), due)),
    deps.db
      .update(notifications)
      .set({ emailState: 'sent', emailedAt: now, emailDueAt: null })
      .where(and(inArray(notifications.id, dueIds(false)), due))
      .returning({ id: notifications.id }),
  ]);
  return claimed.map((r) => r.id);
}

/**
 * Sends the instant emails due now: entries with the same sentence and link (an event change
 * told to its 2,000 participants) go as one message with many recipients, each greeted by name.
 * Answers how many entries were emailed.
 */
export async function sendDueInstantEmails(deps: Deps): Promise<{ emailed: number }> {
  let emailed = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const now = deps.now();
    const ids = await claimDue(deps, now);
    if (ids.length === 0) break;
    const rows = await deps.db
      .select({ ...entryColumns(), email: users.email, name: users.name, language: users.language })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(idsIn(notifications.id, ids));
    const groups = new Map<string, { kind: EntryRow['kind']; text: string; url: string; rows: typeof rows }>();
    for (const row of rows) {
      const view = toView(row as EntryRow);
      const key = JSON.stringify([view.kind, view.text, view.url]);
      const group = groups.get(key) ?? { kind: view.kind, text: view.text, url: view.url, rows: [] };
      group.rows.push(row);
      groups.set(key, group);
    }
    for (const group of groups.values()) {
      // The sentence again in each reader's language (issue 41): the same facts, her words.
      const first = group.rows[0] as EntryRow;
      const render = () => instantNotificationEmail({ ...group, text: toView(first).text }, deps.env.APP_ORIGIN);
      try {
        await enqueueRenderedEmail(deps, {
          kind: `notification_${group.kind}` as RenderedEmail['kind'],
          render,
          recipients: group.rows.map((r) => ({ email: r.email, name: r.name, userId: r.userId, optedOut: false, language: r.language })),
        });
        emailed += group.rows.length;
      } catch (err) {
        // Not queued: due again at the next round of the housekeeping.
        console.error('notifications: could not queue instant emails', { kind: group.kind, error: describeError(err) });
        await deps.db
          .update(notifications)
          .set({ emailState: 'pending', emailDueAt: now, emailedAt: null })
          .where(
            idsIn(
              notifications.id,
              group.rows.map((r) => r.id),
            ),
          );
      }
    }
    if (ids.length < ENTRIES_PER_ROUND) break;
  }
  return { emailed };
}

/** When the next pending instant email falls due (null: none pending). */
export async function nextInstantEmailDue(deps: Deps): Promise<number | null> {
  const [row] = await deps.db
    .select({ at: min(notifications.emailDueAt) })
    .from(notifications)
    .where(eq(notifications.emailState, 'pending'));
  return row?.at ?? null;
}

/**
 * Sends what is due, then asks the queue to come back (a delayed message) when the next merged
 * email falls due; the housekeeping sends any that are still left.
 */
export async function sendInstantEmailsAndReschedule(deps: Deps): Promise<{ emailed: number }> {
  const result = await sendDueInstantEmails(deps);
  const next = await nextInstantEmailDue(deps);
  if (next !== null) {
    const delaySeconds = Math.min(Math.max(1, Math.ceil((next - deps.now()) / 1000)), 15 * 60);
    try {
      await deps.env.NOTIFY_QUEUE.send({ type: 'emails' }, { contentType: 'json', delaySeconds });
    } catch (err) {
      console.error('notifications: could not schedule instant emails', { error: describeError(err) });
    }
  }
  return result;
}
