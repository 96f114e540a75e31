import { and, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type * as z from 'zod';
import {
  PINNED_POSTS_MAX,
  POSTS_PAGE_SIZE,
  POST_NOT_FOUND,
  type CirclePageQuery,
  type CirclePostDto,
  type CirclePostImage,
  type ClosePostInputSchema,
  type CreatePostInputSchema,
  type PinPostInputSchema,
  type PostIdInput,
  type UpdatePostInputSchema,
} from '../../../shared/schemas/circles';
import type { Page } from '../../../shared/schemas/page';
import { circleMembers, circlePostImages, circlePostLikes, circlePosts, circles, type CircleRow } from '../../db/schema/circles';
import { comments } from '../../db/schema/comments';
import { images } from '../../db/schema/images';
import { users } from '../../db/schema/users';
import type { Actor, MemberActor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import { auditEntry } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { ensure, requireMember } from '../../platform/guards';
import { decodeCursor, toPage } from '../../platform/keyset';
import { imageUrl } from '../images/image-storage';
import { memberPhotoSql } from '../members/member-refs';
import { notify } from '../notifications/record';
import { publishChange } from '../notifications/live-publish';
import {
  circleArchived,
  circleColumns,
  circleIdBySlug,
  circleNotFound,
  circlesWithViewer,
  findCircle,
  limitCircleWrites,
  membershipOf,
  personOf,
  slugOrNotFound,
} from './circle-rows';
import { circlePolicy, postPolicy, type Membership } from './policies';

/*
 * A circle's board (issue 39): posts with a title, a plain-text body and up to six photos, the
 * club's comments widget under each (commentable `post-{id}`). Pinned posts first, then the
 * newest activity (a post's last comment moves it up), 20 a page, keyset over
 * circle_posts_activity_idx. Only its members post, comment and like; an open circle's board is
 * every member's to read, a `request` circle's its members'. Hosts (and admins) pin up to three
 * posts, close a post to new comments and remove posts and comments: the author still sees hers,
 * marked "Removed by a host", and the removal is in the audit log.
 */

export const BOARD_FOR_MEMBERS = /*i18n*/ 'The board of this circle is for its members.';
export const MEMBERS_POST = /*i18n*/ 'Only members of this circle can post.';
const postNotFound = () => new AppError('NOT_FOUND', POST_NOT_FOUND);

interface ImageJson {
  id: number;
  key: string;
  display: string | null;
  thumb: string | null;
  width: number | null;
  height: number | null;
}

/** The post's photos in order, as JSON, for the outer circle_posts row. */
const postImagesSql = sql<string>`(SELECT json_group_array(json_object('id', "pi"."id", 'key', "pi"."r2_key", 'display', "pi"."display_key", 'thumb', "pi"."thumb_key", 'width', "pi"."width", 'height', "pi"."height"))
  FROM (SELECT "i"."id", "i"."r2_key", "i"."display_key", "i"."thumb_key", "i"."width", "i"."height"
    FROM ${circlePostImages} AS "cpi" JOIN ${images} AS "i" ON "i"."id" = "cpi"."image_id"
    WHERE "cpi"."post_id" = ${circlePosts.id} ORDER BY "cpi"."position") AS "pi")`;

/** A post's columns for the viewer, named apart from the circle's (a batch keys rows by column name). */
function postColumns(me: MemberActor) {
  return {
    post: circlePosts,
    authorName: sql<string | null>`${users.name}`.as('author_name'),
    authorPhoto: memberPhotoSql(me, circlePosts.authorId).as('author_photo'),
    postImages: postImagesSql.as('post_images'),
    liked:
      sql<number>`EXISTS (SELECT 1 FROM ${circlePostLikes} AS "mine" WHERE "mine"."post_id" = ${circlePosts.id} AND "mine"."user_id" = ${me.id})`
        .mapWith(Boolean)
        .as('liked'),
  };
}

function postsOf(deps: Deps, me: MemberActor) {
  return deps.db.select(postColumns(me)).from(circlePosts).leftJoin(users, eq(users.id, circlePosts.authorId));
}
type PostRow = Awaited<ReturnType<ReturnType<typeof postsOf>['all']>>[number];

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function toImage(i: ImageJson): CirclePostImage {
  return {
    id: i.id,
    url: imageUrl(i.display ?? i.key),
    thumb_url: imageUrl(i.thumb ?? i.display ?? i.key),
    width: i.width,
    height: i.height,
  };
}

function toPostDto(me: MemberActor, circle: Pick<CircleRow, 'join' | 'archived'>, m: Membership, row: PostRow): CirclePostDto {
  const { post } = row;
  return {
    id: post.id,
    circle_id: post.circleId,
    title: post.title,
    body: post.body,
    author: personOf(post.authorId, row.authorName, row.authorPhoto),
    images: (JSON.parse(row.postImages || '[]') as ImageJson[]).map(toImage),
    comment_count: post.commentCount,
    like_count: post.likeCount,
    pinned: post.pinnedAt !== null,
    closed: post.closedAt !== null,
    removed: post.removedAt !== null,
    liked: Boolean(row.liked),
    created_at: new Date(post.createdAt).toISOString(),
    updated_at: iso(post.updatedAt),
    last_activity_at: new Date(post.lastActivityAt).toISOString(),
    can_edit: postPolicy.edit(me, circle, m, post),
    can_delete: postPolicy.delete(me, m, post),
    can_moderate: postPolicy.moderate(me, m),
    can_comment: postPolicy.comment(me, circle, m, post),
  };
}

/** A removed post is its author's alone to see (marked); everyone else's board goes on without it. */
const standsOrHers = (me: MemberActor) => sql`(${circlePosts.removedAt} IS NULL OR ${circlePosts.authorId} = ${me.id})`;

type PostsCursor = [lastActivityAt: number, id: number];

/**
 * GET /api/circles/{slug}/posts and circles.posts: its pinned posts (on the first page), then the
 * newest activity first. One D1 round trip: the circle with her membership, the pinned posts and
 * the page in one batch, the posts read by the slug's id; a board that is not hers is refused
 * after (403), its rows unused.
 */
export async function listPosts(deps: Deps, actor: Actor, input: CirclePageQuery): Promise<Page<CirclePostDto>> {
  const me = requireMember(actor);
  const slug = slugOrNotFound(input.slug);
  const size = input.limit ?? POSTS_PAGE_SIZE;
  const after = decodeCursor(input.cursor, ['n', 'n']) as PostsCursor | undefined;
  const circleId = circleIdBySlug(slug);
  const [found, pinned, rows] = await deps.db.batch([
    circlesWithViewer(deps, me).where(eq(circles.slug, slug)).limit(1),
    postsOf(deps, me)
      .where(and(eq(circlePosts.circleId, circleId), isNotNull(circlePosts.pinnedAt), after ? sql`0` : undefined, standsOrHers(me)))
      .orderBy(desc(circlePosts.pinnedAt))
      .limit(PINNED_POSTS_MAX),
    postsOf(deps, me)
      .where(
        and(
          eq(circlePosts.circleId, circleId),
          isNull(circlePosts.pinnedAt),
          standsOrHers(me),
          after ? sql`(${circlePosts.lastActivityAt}, ${circlePosts.id}) < (${after[0]}, ${after[1]})` : undefined,
        ),
      )
      .orderBy(desc(circlePosts.lastActivityAt), desc(circlePosts.id))
      .limit(size + 1),
  ]);
  const row = found[0];
  if (!row) throw circleNotFound();
  const m = membershipOf(row);
  if (!circlePolicy.seeBoard(me, row.circle, m)) throw new AppError('FORBIDDEN', BOARD_FOR_MEMBERS);
  const page = toPage(
    rows,
    size,
    (r) => [r.post.lastActivityAt, r.post.id],
    (r) => toPostDto(me, row.circle, m, r),
  );
  return { ...page, items: [...pinned.map((r) => toPostDto(me, row.circle, m, r)), ...page.items] };
}

/** One post with its circle and the viewer's membership (one statement), or 404 when she may not see it. */
async function findPost(deps: Deps, me: MemberActor, id: number) {
  const [row] = await deps.db
    .select({ ...postColumns(me), ...circleColumns() })
    .from(circlePosts)
    .innerJoin(circles, eq(circles.id, circlePosts.circleId))
    .leftJoin(users, eq(users.id, circlePosts.authorId))
    .leftJoin(circleMembers, and(eq(circleMembers.circleId, circles.id), eq(circleMembers.userId, me.id)))
    .leftJoin(images, eq(images.id, circles.coverImageId))
    .where(eq(circlePosts.id, id))
    .limit(1);
  if (!row) throw postNotFound();
  const m = membershipOf(row);
  const visible =
    circlePolicy.seeBoard(me, row.circle, m) && (row.post.removedAt === null || row.post.authorId === me.id || circlePolicy.host(me, m));
  if (!visible) throw postNotFound();
  return { row, circle: row.circle, m, post: row.post };
}

/** GET (tRPC circles.post): one post, as the board shows it. */
export async function getPost(deps: Deps, actor: Actor, input: PostIdInput): Promise<CirclePostDto> {
  const me = requireMember(actor);
  const { row, circle, m } = await findPost(deps, me, input.id);
  return toPostDto(me, circle, m, row);
}

/**
 * The photos of a post: images of context 'post' (uploaded for a post through the image pipeline,
 * metadata stripped) that she uploaded, or anyone's for a host, and on no other post.
 */
async function checkImages(deps: Deps, me: MemberActor, ids: number[], postId: number | null): Promise<void> {
  if (ids.length === 0) return;
  const rows = await deps.db
    .select({ id: images.id })
    .from(images)
    .where(
      and(
        inArray(images.id, ids),
        eq(images.context, 'post'),
        eq(images.kind, 'image'),
        eq(images.uploadedBy, me.id),
        sql`NOT EXISTS (SELECT 1 FROM ${circlePostImages} AS "taken" WHERE "taken"."image_id" = ${images.id}${postId === null ? sql`` : sql` AND "taken"."post_id" <> ${postId}`})`,
      ),
    );
  if (rows.length !== ids.length) {
    const message = 'A photo must be one you uploaded for this post.';
    throw new AppError('BAD_REQUEST', message, { fieldErrors: { image_ids: [message] } });
  }
}

function imageRows(postId: SQL<number> | number, ids: number[]) {
  return ids.map((imageId, position) => ({ postId: postId as number, imageId, position }));
}

/** POST /api/circles/{slug}/posts (its members): 201 with the post; its members are told (circle_post, daily by default). */
export async function createPost(deps: Deps, actor: Actor, input: z.output<typeof CreatePostInputSchema>): Promise<CirclePostDto> {
  const me = requireMember(actor);
  const { circle, membership } = await findCircle(deps, me, input.slug);
  if (circle.archived) throw circleArchived();
  ensure(circlePolicy.post(me, circle, membership), MEMBERS_POST);
  await limitCircleWrites(deps, me);
  await checkImages(deps, me, input.image_ids, null);
  const now = deps.now();
  // The batch is one transaction: her newest post inside it is the one just inserted.
  const newId = sql<number>`(SELECT max("id") FROM ${circlePosts} WHERE "author_id" = ${me.id})`;
  const writes: BatchItem<'sqlite'>[] = input.image_ids.length
    ? [deps.db.insert(circlePostImages).values(imageRows(newId, input.image_ids))]
    : [];
  const [inserted] = await deps.db.batch([
    deps.db
      .insert(circlePosts)
      .values({ circleId: circle.id, authorId: me.id, title: input.title, body: input.body, createdAt: now, lastActivityAt: now })
      .returning({ id: circlePosts.id }),
    ...writes,
  ]);
  const id = inserted[0]!.id;
  await notify(deps, me.id, { kind: 'circle_post', postId: id });
  return getPost(deps, me, { id });
}

/** PATCH /api/posts/{id}: its author (a member still, the post standing) or a host; any subset. */
export async function updatePost(deps: Deps, actor: Actor, input: z.output<typeof UpdatePostInputSchema>): Promise<CirclePostDto> {
  const me = requireMember(actor);
  const { circle, m, post } = await findPost(deps, me, input.id);
  ensure(postPolicy.edit(me, circle, m, post), /*i18n*/ 'Only its author or a host of its circle can edit this post.');
  await limitCircleWrites(deps, me);
  if (input.image_ids) await checkImages(deps, me, input.image_ids, post.id);
  const writes: BatchItem<'sqlite'>[] = [
    deps.db
      .update(circlePosts)
      .set({
        ...(input.title !== undefined && { title: input.title }),
        ...(input.body !== undefined && { body: input.body }),
        updatedAt: deps.now(),
      })
      .where(eq(circlePosts.id, post.id)),
  ];
  if (input.image_ids) {
    writes.push(deps.db.delete(circlePostImages).where(eq(circlePostImages.postId, post.id)));
    if (input.image_ids.length) writes.push(deps.db.insert(circlePostImages).values(imageRows(post.id, input.image_ids)));
  }
  await deps.db.batch(writes as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return getPost(deps, me, { id: post.id });
}

/**
 * DELETE /api/posts/{id} (204): its author deletes it (its comments go with it); a host (or an
 * admin) removes someone else's: kept for its author, marked "Removed by a host", and audited.
 */
export async function deletePost(deps: Deps, actor: Actor, input: PostIdInput): Promise<void> {
  const me = requireMember(actor);
  const { m, post } = await findPost(deps, me, input.id);
  ensure(postPolicy.delete(me, m, post), /*i18n*/ 'Only its author or a host of its circle can remove this post.');
  await limitCircleWrites(deps, me);
  if (post.authorId === me.id) {
    await deps.db.delete(circlePosts).where(eq(circlePosts.id, post.id));
  } else {
    if (post.removedAt !== null) return;
    const now = deps.now();
    await deps.db.batch([
      deps.db.update(circlePosts).set({ removedAt: now, removedBy: me.id, pinnedAt: null }).where(eq(circlePosts.id, post.id)),
      auditEntry(
        deps,
        me,
        'circle_post.remove',
        { type: 'circle_post', id: post.id },
        { circleId: post.circleId, authorId: post.authorId, title: post.title.slice(0, 120) },
      ),
    ]);
  }
  publishChange(deps, `post-${post.id}`, 'comments');
}

/** POST /api/posts/{id}/pin (hosts): three pinned posts at most per circle (409 beyond). */
export async function pinPost(deps: Deps, actor: Actor, input: z.output<typeof PinPostInputSchema>): Promise<CirclePostDto> {
  const me = requireMember(actor);
  const { m, post } = await findPost(deps, me, input.id);
  ensure(postPolicy.moderate(me, m), /*i18n*/ 'Only the hosts of its circle can pin this post.');
  if (post.removedAt !== null) throw postNotFound();
  if (input.pinned && post.pinnedAt === null) {
    // Counted in the same statement, so two hosts pinning at once cannot make a fourth.
    const changed = await deps.db
      .update(circlePosts)
      .set({ pinnedAt: deps.now() })
      .where(
        and(
          eq(circlePosts.id, post.id),
          sql`(SELECT count(*) FROM ${circlePosts} AS "pinned" WHERE "pinned"."circle_id" = ${post.circleId} AND "pinned"."pinned_at" IS NOT NULL) < ${PINNED_POSTS_MAX}`,
        ),
      )
      .returning({ id: circlePosts.id });
    if (changed.length === 0)
      throw new AppError('CONFLICT', /*i18n*/ 'A circle pins at most {max} posts: unpin one first.', { values: { max: PINNED_POSTS_MAX } });
  } else if (!input.pinned && post.pinnedAt !== null) {
    await deps.db.update(circlePosts).set({ pinnedAt: null }).where(eq(circlePosts.id, post.id));
  }
  return getPost(deps, me, { id: post.id });
}

/** POST /api/posts/{id}/close (hosts): closed, it takes no new comments. */
export async function closePost(deps: Deps, actor: Actor, input: z.output<typeof ClosePostInputSchema>): Promise<CirclePostDto> {
  const me = requireMember(actor);
  const { m, post } = await findPost(deps, me, input.id);
  ensure(postPolicy.moderate(me, m), /*i18n*/ 'Only the hosts of its circle can close this post.');
  await deps.db
    .update(circlePosts)
    .set({ closedAt: input.closed ? (post.closedAt ?? deps.now()) : null })
    .where(eq(circlePosts.id, post.id));
  publishChange(deps, `post-${post.id}`, 'comments');
  return getPost(deps, me, { id: post.id });
}

/** The post's like_count from its likes (circle_post_likes' primary key), in the batch that changes them. */
function refreshLikeCount(deps: Deps, postId: number) {
  return deps.db
    .update(circlePosts)
    .set({ likeCount: sql`(SELECT count(*) FROM ${circlePostLikes} AS "counted" WHERE "counted"."post_id" = ${postId})` })
    .where(eq(circlePosts.id, postId));
}

/** POST /api/posts/{id}/like and DELETE (its circle's members): one like per member per post. */
export async function likePost(
  deps: Deps,
  actor: Actor,
  input: PostIdInput & { liked: boolean },
): Promise<{ id: number; like_count: number; liked: boolean }> {
  const me = requireMember(actor);
  const { circle, m, post } = await findPost(deps, me, input.id);
  ensure(postPolicy.like(me, circle, m, post), /*i18n*/ 'Only members of this circle can like its posts.');
  await limitCircleWrites(deps, me);
  const [, , counted] = await deps.db.batch([
    input.liked
      ? deps.db.insert(circlePostLikes).values({ postId: post.id, userId: me.id, createdAt: deps.now() }).onConflictDoNothing()
      : deps.db.delete(circlePostLikes).where(and(eq(circlePostLikes.postId, post.id), eq(circlePostLikes.userId, me.id))),
    refreshLikeCount(deps, post.id),
    deps.db.select({ n: circlePosts.likeCount }).from(circlePosts).where(eq(circlePosts.id, post.id)),
  ]);
  return { id: post.id, like_count: counted[0]?.n ?? 0, liked: input.liked };
}

// ---------------------------------------------------------------------------------------------
// For the comments module: a post's comments keep its comment count and its activity.

/**
 * After a comment on the post was written, removed or deleted (same batch, after it): its kept
 * comment count (standing comments, comments_post_idx) and, for a new one, its latest activity.
 */
export function postCommentsChanged(deps: Deps, postId: number, activityAt?: number) {
  return deps.db
    .update(circlePosts)
    .set({
      commentCount: sql`(SELECT count(*) FROM ${comments} AS "counted" WHERE "counted"."post_id" = ${postId} AND "counted"."removed_at" IS NULL)`,
      ...(activityAt !== undefined && { lastActivityAt: activityAt }),
    })
    .where(eq(circlePosts.id, postId));
}
