import { sql, type SQL } from 'drizzle-orm';
import type { CircleJoin } from '../../../shared/schemas/circles';
import { circleMembers, circlePosts, circles } from '../../db/schema/circles';
import type { MemberActor } from '../../platform/actor';
import { adminWithSecondFactorSql } from '../auth/sessions';

/*
 * Who may do what in circles (issue 39). Services enforce these; the DTOs' flags are computed by
 * the same functions, so a page offers exactly what the server allows. SQL twins of the reading
 * rules (her board, her post, her comment) serve other modules' statements: comments, the live
 * topics and the notifications' fan-out.
 */

/** Her place in a circle: none, a pending request, or a member (as a member or a host). */
export interface Membership {
  status: 'member' | 'pending' | null;
  role: 'member' | 'host' | null;
}
export const NO_MEMBERSHIP: Membership = { status: null, role: null };

interface CircleLike {
  join: CircleJoin;
  archived: boolean;
}

const isMember = (m: Membership) => m.status === 'member';
/** A host's powers: its hosts, and admins in every circle. */
const hosts = (a: MemberActor, m: Membership) => a.isAdmin || (isMember(m) && m.role === 'host');

export const circlePolicy = {
  create: (a: MemberActor) => a.isAdmin,
  delete: (a: MemberActor) => a.isAdmin,
  nameHosts: (a: MemberActor) => a.isAdmin,
  /** Rename, describe, cover, join mode, archive: admins and its hosts. */
  edit: hosts,
  /** Answer requests, pin, close and remove posts and comments. */
  host: hosts,
  /** An open circle's board is every member's to read; a request circle's its members' (and admins'). */
  seeBoard: (a: MemberActor, circle: CircleLike, m: Membership) => circle.join === 'open' || a.isAdmin || isMember(m),
  post: (_a: MemberActor, circle: CircleLike, m: Membership) => !circle.archived && isMember(m),
  join: (_a: MemberActor, circle: CircleLike, m: Membership) => !circle.archived && m.status === null,
  leave: (_a: MemberActor, m: Membership) => m.status !== null,
};

interface PostLike {
  authorId: number | null;
  closedAt: number | null;
  removedAt: number | null;
}

export const postPolicy = {
  /** Its author while she is a member and the post stands; a host always. */
  edit: (a: MemberActor, circle: CircleLike, m: Membership, post: PostLike) =>
    hosts(a, m) || (post.authorId === a.id && isMember(m) && !circle.archived && post.removedAt === null),
  delete: (a: MemberActor, m: Membership, post: PostLike) => hosts(a, m) || post.authorId === a.id,
  moderate: hosts,
  /** Its circle's members, while the post is open and stands. */
  comment: (a: MemberActor, circle: CircleLike, m: Membership, post: PostLike) =>
    circlePolicy.post(a, circle, m) && post.closedAt === null && post.removedAt === null,
  /** Likes: as comments. */
  like: (a: MemberActor, circle: CircleLike, m: Membership, post: PostLike) => circlePolicy.post(a, circle, m) && post.removedAt === null,
  /** A removed post is its author's (marked) and its hosts' to see; nobody else's. */
  see: (a: MemberActor, m: Membership, post: PostLike) => post.removedAt === null || post.authorId === a.id || hosts(a, m),
};

/** The member (an SQL id) belongs to the circle (an SQL id). */
export function circleMemberSql(memberId: SQL, circleId: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM ${circleMembers} AS "in_circle" WHERE "in_circle"."circle_id" = ${circleId}
    AND "in_circle"."user_id" = ${memberId} AND "in_circle"."status" = 'member')`;
}

/** A host's powers in the circle (an SQL id): its hosts and admins (the flag and 2FA, as sessions resolve them). */
export function circleHostSql(a: MemberActor, circleId: SQL): SQL {
  if (a.isAdmin) return sql`(1 = 1)`;
  return sql`EXISTS (SELECT 1 FROM ${circleMembers} AS "hosting" WHERE "hosting"."circle_id" = ${circleId}
    AND "hosting"."user_id" = ${a.id} AND "hosting"."status" = 'member' AND "hosting"."role" = 'host')`;
}

/**
 * The post (an SQL id) is the member's to read (an SQL id): its circle's board is hers
 * (circlePolicy.seeBoard) and the post stands, or she wrote it. False for no such post.
 */
export function postVisibleToSql(memberId: SQL, postId: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM ${circlePosts} AS "seen_post" JOIN ${circles} AS "seen_circle" ON "seen_circle"."id" = "seen_post"."circle_id"
    WHERE "seen_post"."id" = ${postId}
      AND ("seen_post"."removed_at" IS NULL OR "seen_post"."author_id" = ${memberId})
      AND ("seen_circle"."join_mode" = 'open' OR ${adminWithSecondFactorSql(memberId)} OR ${circleMemberSql(memberId, sql`"seen_circle"."id"`)}))`;
}

/** postVisibleToSql for the viewer. */
export function postVisibleSql(a: MemberActor, postId: SQL): SQL {
  if (a.isAdmin) return sql`EXISTS (SELECT 1 FROM ${circlePosts} AS "seen_post" WHERE "seen_post"."id" = ${postId})`;
  return postVisibleToSql(sql`${a.id}`, postId);
}

/** The viewer may comment on the post (an SQL id): postPolicy.comment as a condition. */
export function postCommentableSql(a: MemberActor, postId: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM ${circlePosts} AS "open_post" JOIN ${circles} AS "open_circle" ON "open_circle"."id" = "open_post"."circle_id"
    WHERE "open_post"."id" = ${postId} AND "open_post"."closed_at" IS NULL AND "open_post"."removed_at" IS NULL
      AND "open_circle"."archived" = 0 AND ${circleMemberSql(sql`${a.id}`, sql`"open_circle"."id"`)})`;
}

/** A host's powers over the post (an SQL id): its circle's hosts and admins. */
export function postModeratorSql(a: MemberActor, postId: SQL): SQL {
  if (a.isAdmin) return sql`(1 = 1)`;
  return sql`EXISTS (SELECT 1 FROM ${circlePosts} AS "moderated_post" WHERE "moderated_post"."id" = ${postId}
    AND ${circleHostSql(a, sql`"moderated_post"."circle_id"`)})`;
}
