import { and, asc, eq, sql } from 'drizzle-orm';
import type { EventDoorDto } from '../../../shared/schemas/check-in';
import { eventFeedback } from '../../db/schema/check-in';
import { eventParticipants, events } from '../../db/schema/events';
import { users } from '../../db/schema/users';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import type { Deps } from '../../platform/deps';
import { requireMember } from '../../platform/guards';
import { EVENT_NOT_FOUND } from '../events/events';
import { eventDetailsVisibleSql } from '../events/policies';
import { memberPhotoSql } from '../members/member-refs';
import { coHostsQuery, toDoorMember } from './co-hosts';
import { feedbackSummaryQuery } from './feedback';
import { doorPolicy } from './policies';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * checkIn.door: what the event page shows of the door to the viewer, in one D1 round trip: her
 * ticket and check-in, the co-hosts, who came (after the event, once the door took attendance:
 * to those who took part, the host, co-hosts and admins; the no-shows to the host and admins
 * only) and the feedback (hers to give; the average for the host and admins).
 */
export async function eventDoor(deps: Deps, actor: Actor, input: { id: number }): Promise<EventDoorDto> {
  const me = requireMember(actor);
  const now = deps.now();
  const [found, coHosts, people, mine, summary] = await deps.db.batch([
    deps.db
      .select({
        createdBy: events.createdBy,
        endsAt: events.endsAt,
        visible: eventDetailsVisibleSql(me, events.id, now).mapWith(Boolean),
      })
      .from(events)
      .where(eq(events.id, input.id))
      .limit(1),
    coHostsQuery(deps, me, input.id),
    deps.db
      .select({
        id: users.id,
        name: users.name,
        photoKey: memberPhotoSql(me, users.id),
        checkedInAt: eventParticipants.checkedInAt,
      })
      .from(eventParticipants)
      .innerJoin(users, eq(users.id, eventParticipants.userId))
      .where(eq(eventParticipants.eventId, input.id))
      .orderBy(asc(sql`${users.name} COLLATE NOCASE`), asc(users.id)),
    deps.db
      .select({ stars: eventFeedback.stars, comment: eventFeedback.comment, createdAt: eventFeedback.createdAt })
      .from(eventFeedback)
      .where(and(eq(eventFeedback.eventId, input.id), eq(eventFeedback.userId, me.id))),
    feedbackSummaryQuery(deps, input.id),
  ]);
  const event = found[0];
  if (!event) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  const isCoHost = coHosts.some((c) => c.id === me.id);
  const canCheckIn = doorPolicy.checkIn(me, event, isCoHost);
  const self = people.find((p) => p.id === me.id);
  const came = people.filter((p) => p.checkedInAt !== null);
  const over = event.endsAt < now;
  const showsAttendance = over && came.length > 0 && (self !== undefined || canCheckIn);
  const given = mine[0];
  return {
    event_id: input.id,
    has_ticket: self !== undefined,
    checked_in_at: iso(self?.checkedInAt ?? null),
    can_check_in: canCheckIn,
    can_name_co_hosts: doorPolicy.nameCoHosts(me, event),
    co_hosts: event.visible ? coHosts.map(toDoorMember) : [],
    attendance: showsAttendance
      ? {
          came: came.length,
          total: people.length,
          who_came: came.map(toDoorMember),
          no_shows: doorPolicy.seeNoShows(me, event) ? people.filter((p) => p.checkedInAt === null).map(toDoorMember) : null,
        }
      : null,
    feedback: {
      can_give: over && !given && self?.checkedInAt != null && doorPolicy.giveFeedback(me, event),
      mine: given ? { stars: given.stars, comment: given.comment, created_at: iso(given.createdAt)! } : null,
      summary: doorPolicy.seeFeedback(me, event) ? { average: summary[0]?.average ?? null, count: summary[0]?.count ?? 0 } : null,
    },
  };
}
