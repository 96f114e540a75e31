import { eq, sql, type SQL } from 'drizzle-orm';
import { circleMembers, circlePosts, circles } from '../../db/schema/circles';
import type { Deps } from '../../platform/deps';

/*
 * What the notifications' fan-out needs of a circle's news (issue 39), read when it runs: a new
 * post reaches its circle's members who did not mute it ("Mute this circle"); a request to join
 * reaches its hosts. The recipients are SQL (the fan-out writes from them in slices of 500), so a
 * circle of 2,000 members is read by D1, never into the Worker.
 */

/** A post's circle and its audience, or null when the post is gone (or was removed meanwhile). */
export async function circlePostNewsFacts(
  deps: Deps,
  postId: number,
): Promise<{ postId: number; title: string; circleName: string; slug: string; recipients: SQL } | null> {
  const [row] = await deps.db
    .select({
      title: circlePosts.title,
      circleId: circlePosts.circleId,
      name: circles.name,
      slug: circles.slug,
      removedAt: circlePosts.removedAt,
    })
    .from(circlePosts)
    .innerJoin(circles, eq(circles.id, circlePosts.circleId))
    .where(eq(circlePosts.id, postId))
    .limit(1);
  if (!row || row.removedAt !== null) return null;
  return {
    postId,
    title: row.title,
    circleName: row.name,
    slug: row.slug,
    recipients: sql`SELECT "cm"."user_id" AS "user_id" FROM ${circleMembers} AS "cm"
      WHERE "cm"."circle_id" = ${row.circleId} AND "cm"."status" = 'member' AND "cm"."muted" = 0`,
  };
}

/** A circle's name and link, and its hosts (circle_members_hosts_idx) as recipients. */
export async function circleNewsFacts(
  deps: Deps,
  circleId: number,
): Promise<{ circleId: number; circleName: string; slug: string; hosts: SQL } | null> {
  const [row] = await deps.db.select({ name: circles.name, slug: circles.slug }).from(circles).where(eq(circles.id, circleId)).limit(1);
  if (!row) return null;
  return {
    circleId,
    circleName: row.name,
    slug: row.slug,
    hosts: sql`SELECT "h"."user_id" AS "user_id" FROM ${circleMembers} AS "h"
      WHERE "h"."circle_id" = ${circleId} AND "h"."role" = 'host' AND "h"."status" = 'member'`,
  };
}
