import { sql, type SQL } from 'drizzle-orm';
import { NOT_HER_CIRCLE } from '../../../shared/schemas/events';
import { columnRef } from '../../db/column-ref';
import { circleMembers, circles } from '../../db/schema/circles';
import { events } from '../../db/schema/events';
import type { MemberActor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import type { Deps } from '../../platform/deps';
import { circleMemberSql } from './policies';

/*
 * Events in a circle (issue 39): what the events module asks of circles. An event's circle is
 * one its creator belongs to (admins: any); the event's exclusivity still decides who sees its
 * details, as for any event.
 */

/** The event's circle as JSON {id, slug, name} (or null), for the outer events row. */
export function eventCircleSql(): SQL.Aliased<string | null> {
  return sql<string | null>`(SELECT json_object('id', "event_circle"."id", 'slug', "event_circle"."slug", 'name', "event_circle"."name")
    FROM ${circles} AS "event_circle" WHERE "event_circle"."id" = ${columnRef(events.circleId)})`.as('circle_ref');
}

/**
 * GET /api/events?circle=: its slug or id, or `mine` (the circles she belongs to), as a condition
 * on the events row (events_circle_idx). An unknown circle matches nothing.
 */
export function eventsInCircleSql(me: MemberActor, circle: string | undefined): SQL | undefined {
  if (!circle) return undefined;
  const circleId = columnRef(events.circleId);
  if (circle.toLowerCase() === 'mine') {
    return sql`${circleId} IN (SELECT "mine"."circle_id" FROM ${circleMembers} AS "mine" WHERE "mine"."user_id" = ${me.id} AND "mine"."status" = 'member')`;
  }
  if (/^\d{1,15}$/.test(circle)) return sql`${circleId} = ${Number(circle)}`;
  return sql`${circleId} = (SELECT "named"."id" FROM ${circles} AS "named" WHERE "named"."slug" = ${circle.toLowerCase()})`;
}

/**
 * The event form's Circle: one of her circles, not archived (an admin: any circle not archived);
 * null takes the event out of its circle. 400 otherwise.
 */
export async function assertEventCircle(deps: Deps, me: MemberActor, circleId: number | null | undefined): Promise<void> {
  if (circleId === null || circleId === undefined) return;
  const hers = me.isAdmin ? sql`1` : circleMemberSql(sql`${me.id}`, sql`${circles.id}`);
  const rows = await deps.db.all<{ ok: number }>(
    sql`SELECT 1 AS "ok" FROM ${circles} WHERE ${circles.id} = ${circleId} AND ${circles.archived} = 0 AND ${hers}`,
  );
  if (rows.length === 0) throw new AppError('BAD_REQUEST', NOT_HER_CIRCLE, { fieldErrors: { circle_id: [NOT_HER_CIRCLE] } });
}
