import { and, eq, sql, type SQL } from 'drizzle-orm';
import { CIRCLE_ARCHIVED, CIRCLE_NOT_FOUND, type CirclePerson } from '../../../shared/schemas/circles';
import { circleMembers, circles, type CircleRow } from '../../db/schema/circles';
import { images } from '../../db/schema/images';
import type { MemberActor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import type { Deps } from '../../platform/deps';
import { enforceRateLimit } from '../../platform/rate-limit';
import { imageUrl } from '../images/image-storage';
import { memberPhotoUrl } from '../members/member-refs';
import { FORMER_MEMBER } from '../notifications/notification-text';
import type { Membership } from './policies';

/** What every circle service reads first: the circle by its slug, and the viewer's place in it. */

export const circleNotFound = () => new AppError('NOT_FOUND', CIRCLE_NOT_FOUND);
export const circleArchived = () => new AppError('CONFLICT', CIRCLE_ARCHIVED);

/** What a slug may look like (slugify's output); anything else names no circle. */
const SLUG_PATTERN = /^[a-z0-9-]{1,80}$/;

/** The slug as stored, or 404 at once for a text that cannot be one (no D1 read). */
export function slugOrNotFound(slug: string): string {
  const s = slug.toLowerCase();
  if (!SLUG_PATTERN.test(s)) throw circleNotFound();
  return s;
}

/** The circle's id by its slug, as SQL (for the statements of a batch that reads by slug). */
export const circleIdBySlug = (slug: string): SQL<number> =>
  sql<number>`(SELECT "by_slug"."id" FROM ${circles} AS "by_slug" WHERE "by_slug"."slug" = ${slug})`;

/** The circle's columns and the viewer's membership, names kept apart (a batch keys rows by column name). */
export function circleColumns() {
  return {
    circle: circles,
    coverKey: sql<string | null>`coalesce(${images.displayKey}, ${images.r2Key})`.as('cover_key'),
    myStatus: sql<Membership['status']>`${circleMembers.status}`.as('my_status'),
    myRole: sql<Membership['role']>`${circleMembers.role}`.as('my_role'),
    myMuted: sql<number | null>`${circleMembers.muted}`.as('my_muted'),
    // Requests waiting for an answer (circle_members_list_idx), for its hosts.
    pending:
      sql<number>`(SELECT count(*) FROM ${circleMembers} AS "asking" WHERE "asking"."circle_id" = ${circles.id} AND "asking"."status" = 'pending')`
        .mapWith(Number)
        .as('pending_count'),
  };
}

/** Circles with their cover and the viewer's membership row (LEFT JOINed), and any `extra` columns. */
export function circlesWithViewer<X extends Record<string, SQL.Aliased>>(deps: Deps, me: MemberActor, extra: X = {} as X) {
  return deps.db
    .select({ ...circleColumns(), ...extra })
    .from(circles)
    .leftJoin(circleMembers, and(eq(circleMembers.circleId, circles.id), eq(circleMembers.userId, me.id)))
    .leftJoin(images, eq(images.id, circles.coverImageId));
}
export type CircleWithViewer = Awaited<ReturnType<ReturnType<typeof circlesWithViewer>['all']>>[number];

export const membershipOf = (row: { myStatus: Membership['status']; myRole: Membership['role'] }): Membership => ({
  status: row.myStatus ?? null,
  role: row.myRole ?? null,
});

/** The circle by slug and her place in it, or 404. */
export async function findCircle(
  deps: Deps,
  me: MemberActor,
  slug: string,
): Promise<{ circle: CircleRow; membership: Membership; row: CircleWithViewer }> {
  const [row] = await circlesWithViewer(deps, me)
    .where(eq(circles.slug, slugOrNotFound(slug)))
    .limit(1);
  if (!row) throw circleNotFound();
  return { circle: row.circle, membership: membershipOf(row), row };
}

export const coverUrl = (key: string | null) => (key ? imageUrl(key) : null);

/** A person as circles show her (a deleted author: 'Former member'). */
export function personOf(id: number | null, name: string | null, photoKey: string | null): CirclePerson {
  if (id === null || name === null) return { id: null, name: FORMER_MEMBER, photo_url: null };
  return { id, name, photo_url: memberPhotoUrl(photoKey) };
}

export async function limitCircleWrites(deps: Deps, me: MemberActor): Promise<void> {
  await enforceRateLimit(deps.env, 'MEMBER_WRITE_LIMITER', `circles:${me.id}`);
}

/**
 * The circle's member_count from its members (an index range of circle_members_list_idx),
 * written in the batch of every change of its members, so a read never counts.
 */
export function refreshMemberCount(deps: Deps, circleId: number | SQL) {
  const id = typeof circleId === 'number' ? sql`${circleId}` : circleId;
  return deps.db
    .update(circles)
    .set({
      memberCount: sql`(SELECT count(*) FROM ${circleMembers} AS "counted" WHERE "counted"."circle_id" = ${id} AND "counted"."status" = 'member')`,
    })
    .where(sql`${circles.id} = ${id}`);
}
