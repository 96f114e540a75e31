import { and, sql } from 'drizzle-orm';
import { columnRef } from '../../db/column-ref';
import type { EMAIL_KINDS } from '../../db/schema/email';
import type { EmailCategory } from '../../db/schema/email-preferences';
import { events, type EventRow } from '../../db/schema/events';
import { users } from '../../db/schema/users';
import type { Deps } from '../../platform/deps';
import { describeError } from '../../platform/log-redaction';
import { optedOutSql } from '../mail/email-preferences';
import { enqueueRenderedEmail } from '../mail/enqueue';
import { appLink } from '../mail/layout';
import { receivesClubNewsSql, todayOf } from '../membership/terms';

/** A member to email about one of her events. */
export interface EventMember {
  event_id: number;
  user_id: number;
}

/** The ids as one JSON parameter, however many (D1 binds at most 100 per statement). */
const idIn = (column: typeof events.id | typeof users.id, ids: number[]) =>
  sql`${column} IN (SELECT value FROM json_each(${JSON.stringify([...new Set(ids)])}))`;

/**
 * Emails members about their events through the queue: one message per event to its members,
 * each greeted by name when sent, built by `build` with the link to the event page. The events
 * and the members are read in one round trip; a lapsed member is left out (receivesClubNewsSql:
 * the reminder, a waitlist place). With `optedOutOf`, members who turned that
 * category off are recorded as skipped, never queued. A message that cannot be queued is logged
 * and counted as failed; the other events' still go.
 */
export async function emailMembersPerEvent(
  deps: Deps,
  members: EventMember[],
  opts: {
    kind: (typeof EMAIL_KINDS)[number];
    build: (event: EventRow, link: string) => { subject: string; bodyHtml: string };
    optedOutOf?: EmailCategory;
  },
): Promise<{ sent: number; skipped: number; failed: number }> {
  const counts = { sent: 0, skipped: 0, failed: 0 };
  if (members.length === 0) return counts;
  const [eventRows, people] = await deps.db.batch([
    deps.db
      .select()
      .from(events)
      .where(
        idIn(
          events.id,
          members.map((m) => m.event_id),
        ),
      ),
    deps.db
      .select({
        userId: users.id,
        name: users.name,
        email: users.email,
        language: users.language,
        // Named: a bare `0` would be a column called "0", which D1's rows put first (an index-like key).
        optedOut: opts.optedOutOf ? optedOutSql(users.id, opts.optedOutOf) : sql<boolean>`0`.mapWith(Boolean).as('opted_out'),
      })
      .from(users)
      .where(
        and(
          idIn(
            users.id,
            members.map((m) => m.user_id),
          ),
          // A lapsed member is sent nothing about events (membership/terms.ts).
          receivesClubNewsSql(columnRef(users.id), todayOf(deps)),
        ),
      ),
  ]);
  for (const event of eventRows) {
    const ids = new Set(members.filter((m) => m.event_id === event.id).map((m) => m.user_id));
    const recipients = people.filter((p) => ids.has(p.userId));
    if (recipients.length === 0) continue;
    try {
      const link = appLink(deps.env.APP_ORIGIN, `/events/${event.id}`);
      // Her language's words (issue 41): one message per language among the event's members.
      const result = await enqueueRenderedEmail(deps, {
        kind: opts.kind,
        render: () => opts.build(event, link),
        recipients,
        eventId: event.id,
      });
      counts.sent += result.deliveryIds.length;
      counts.skipped += result.skipped;
    } catch (err) {
      // A queue refusal leaves the deliveries failed in Sent mail, where an admin can retry them.
      counts.failed += recipients.length;
      console.error('event mail: could not queue', {
        kind: opts.kind,
        eventId: event.id,
        recipients: recipients.length,
        error: describeError(err),
      });
    }
  }
  return counts;
}
