import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { columnRef } from '../../db/column-ref';
import { circleMembers, circles } from '../../db/schema/circles';
import { users } from '../../db/schema/users';
import type { Deps } from '../../platform/deps';

/*
 * A member's circles, as the members module shows them (issue 39): circles are never secret
 * within the club, so her page lists them and the directory filters by them.
 */

/** The directory's `circle=` (a slug or an id), as a condition on the users row (circle_members' primary key). */
export function circleMembersSql(circle: string | undefined): SQL | undefined {
  if (!circle) return undefined;
  const which = /^\d{1,15}$/.test(circle)
    ? sql`${Number(circle)}`
    : sql`(SELECT "named"."id" FROM ${circles} AS "named" WHERE "named"."slug" = ${circle.toLowerCase()})`;
  return sql`EXISTS (SELECT 1 FROM ${circleMembers} AS "in_circle" WHERE "in_circle"."circle_id" = ${which}
    AND "in_circle"."user_id" = ${columnRef(users.id)} AND "in_circle"."status" = 'member')`;
}

/** Her circles (circle_members_user_idx), by name, for her page's batch (names apart from the page's other reads). */
export function memberCirclesQuery(deps: Deps, memberId: number) {
  return deps.db
    .select({ id: sql<number>`${circles.id}`.as('circle_id'), slug: circles.slug, name: sql<string>`${circles.name}`.as('circle_name') })
    .from(circleMembers)
    .innerJoin(circles, eq(circles.id, circleMembers.circleId))
    .where(and(eq(circleMembers.userId, memberId), eq(circleMembers.status, 'member'), eq(circles.archived, false)))
    .orderBy(asc(sql`lower(${circles.name})`));
}
