import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { circleMembers, circlePostLikes, circlePosts, circleProposals, circles } from '../../db/schema/circles';
import { comments } from '../../db/schema/comments';
import { columnRef } from '../../db/column-ref';
import type { Deps } from '../../platform/deps';

/*
 * Her data in circles (issue 39, DECISIONS "The member's own data"): her memberships, posts,
 * likes and proposals go in her export (her comments on posts are among her comments); deleting
 * her account keeps her posts, by a former member, as the club keeps the events she created, and
 * the counts kept on circles and posts lose what goes with her.
 */

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Her circles, posts, likes and proposals, for her export's JSON. */
export async function exportCircleData(deps: Deps, memberId: number) {
  const [memberships, posts, likes, proposals] = await deps.db.batch([
    deps.db
      .select({
        circle: sql<string>`${circles.name}`.as('circle_name'),
        slug: circles.slug,
        role: circleMembers.role,
        status: circleMembers.status,
        muted: circleMembers.muted,
        joinedAt: circleMembers.joinedAt,
      })
      .from(circleMembers)
      .innerJoin(circles, eq(circles.id, circleMembers.circleId))
      .where(eq(circleMembers.userId, memberId))
      .orderBy(asc(circleMembers.joinedAt)),
    deps.db
      .select({
        id: circlePosts.id,
        circle: sql<string>`${circles.name}`.as('circle_name'),
        title: circlePosts.title,
        body: circlePosts.body,
        createdAt: circlePosts.createdAt,
        updatedAt: circlePosts.updatedAt,
        removedAt: circlePosts.removedAt,
      })
      .from(circlePosts)
      .innerJoin(circles, eq(circles.id, circlePosts.circleId))
      .where(eq(circlePosts.authorId, memberId))
      .orderBy(asc(circlePosts.id)),
    deps.db
      .select({ postId: circlePostLikes.postId, createdAt: circlePostLikes.createdAt })
      .from(circlePostLikes)
      .where(eq(circlePostLikes.userId, memberId)),
    deps.db.select().from(circleProposals).where(eq(circleProposals.proposedBy, memberId)),
  ]);
  return {
    circles: memberships.map((m) => ({ ...m, muted: Boolean(m.muted), joinedAt: iso(m.joinedAt) })),
    circlePosts: posts.map((p) => ({
      ...p,
      createdAt: iso(p.createdAt),
      updatedAt: iso(p.updatedAt),
      removedByHost: p.removedAt !== null,
      removedAt: iso(p.removedAt),
    })),
    circlePostLikes: likes.map((l) => ({ postId: l.postId, createdAt: iso(l.createdAt) })),
    circleProposals: proposals.map(({ proposedBy: _me, decidedBy: _by, ...p }) => ({
      ...p,
      decidedAt: iso(p.decidedAt),
      createdAt: iso(p.createdAt),
    })),
  };
}

/**
 * For the batch that deletes her account, before its deletes (each guarded by `allowed`, as the
 * batch's other statements): the member counts of her circles, and the comment and like counts
 * of the posts she commented on or liked, lose hers. Her posts stay (author_id set null).
 */
export function circleCountsBeforeAccountDeletion(deps: Deps, memberId: number, allowed: SQL) {
  return [
    deps.db
      .update(circles)
      .set({ memberCount: sql`${circles.memberCount} - 1` })
      .where(
        sql`${circles.id} IN (SELECT "hers"."circle_id" FROM ${circleMembers} AS "hers" WHERE "hers"."user_id" = ${memberId} AND "hers"."status" = 'member') AND ${allowed}`,
      ),
    deps.db
      .update(circlePosts)
      .set({
        commentCount: sql`${circlePosts.commentCount} - (SELECT count(*) FROM ${comments} AS "hers" WHERE "hers"."post_id" = ${columnRef(circlePosts.id)} AND "hers"."user_id" = ${memberId} AND "hers"."removed_at" IS NULL)`,
      })
      .where(
        sql`${circlePosts.id} IN (SELECT "hers"."post_id" FROM ${comments} AS "hers" WHERE "hers"."user_id" = ${memberId} AND "hers"."post_id" IS NOT NULL) AND ${allowed}`,
      ),
    deps.db
      .update(circlePosts)
      .set({ likeCount: sql`${circlePosts.likeCount} - 1` })
      .where(
        sql`${circlePosts.id} IN (SELECT "hers"."post_id" FROM ${circlePostLikes} AS "hers" WHERE "hers"."user_id" = ${memberId}) AND ${allowed}`,
      ),
  ] as const;
}
