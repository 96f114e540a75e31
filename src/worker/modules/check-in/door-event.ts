import { and, eq, sql } from 'drizzle-orm';
import { eventCoHosts } from '../../db/schema/check-in';
import { events } from '../../db/schema/events';
import type { MemberActor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import type { Deps } from '../../platform/deps';
import { ensure } from '../../platform/guards';
import { EVENT_NOT_FOUND } from '../events/events';
import { CHECK_IN_REFUSED, doorPolicy } from './policies';

export interface DoorEvent {
  id: number;
  title: string;
  createdBy: number | null;
  endsAt: number;
  isCoHost: boolean;
}

/** The event (404 when there is none) and whether the member is one of its co-hosts, in one statement. */
export async function findDoorEvent(deps: Deps, me: MemberActor, eventId: number): Promise<DoorEvent> {
  const [row] = await deps.db
    .select({
      id: events.id,
      title: events.title,
      createdBy: events.createdBy,
      endsAt: events.endsAt,
      isCoHost:
        sql<number>`EXISTS (SELECT 1 FROM ${eventCoHosts} WHERE ${and(eq(eventCoHosts.eventId, events.id), eq(eventCoHosts.userId, me.id))})`.mapWith(
          Boolean,
        ),
    })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  return row;
}

/** The event, when the member may check its guests in (403 otherwise). */
export async function doorEventToCheckIn(deps: Deps, me: MemberActor, eventId: number): Promise<DoorEvent> {
  const event = await findDoorEvent(deps, me, eventId);
  ensure(doorPolicy.checkIn(me, event, event.isCoHost), CHECK_IN_REFUSED);
  return event;
}
