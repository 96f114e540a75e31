import { eq } from 'drizzle-orm';
import { eventCoHosts, eventFeedback } from '../../db/schema/check-in';
import { events } from '../../db/schema/events';
import type { Deps } from '../../platform/deps';

const iso = (ms: number) => new Date(ms).toISOString();

/** Her part of the door in her data export (issue 43): the events she co-hosts, the feedback she gave. One round trip. */
export async function exportDoorData(deps: Deps, memberId: number) {
  const [coHosting, feedback] = await deps.db.batch([
    deps.db
      .select({ eventId: events.id, title: events.title, since: eventCoHosts.createdAt })
      .from(eventCoHosts)
      .innerJoin(events, eq(events.id, eventCoHosts.eventId))
      .where(eq(eventCoHosts.userId, memberId)),
    deps.db
      .select({
        eventId: events.id,
        title: events.title,
        stars: eventFeedback.stars,
        comment: eventFeedback.comment,
        createdAt: eventFeedback.createdAt,
      })
      .from(eventFeedback)
      .innerJoin(events, eq(events.id, eventFeedback.eventId))
      .where(eq(eventFeedback.userId, memberId)),
  ]);
  return {
    eventsCoHosted: coHosting.map((c) => ({ ...c, since: iso(c.since) })),
    eventFeedbackGiven: feedback.map((f) => ({ ...f, createdAt: iso(f.createdAt) })),
  };
}
