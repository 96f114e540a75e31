import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { type Commentable, type CommentableKind, commentableId, parseCommentableId } from '../../../shared/commentable';
import type {
  CommentIdInput,
  CommentLikeState,
  CommentOrder,
  CommentReplyView,
  CommentView,
  CommentsPage,
  CreateCommentInput,
  ListCommentsInput,
  UpdateCommentInput,
} from '../../../shared/schemas/comments';
import type { Actor, MemberActor } from '../../platform/actor';
import { commentLikes, comments } from '../../db/schema/comments';
import { events } from '../../db/schema/events';
import { images } from '../../db/schema/images';
import { users } from '../../db/schema/users';
import { AppError } from '../../platform/app-error';
import { enforceRateLimit } from '../../platform/rate-limit';
import { ensure, requireMember } from '../../platform/guards';
import { memberPhotoSql, memberPhotoUrl } from '../members/member-refs';
import { commentPolicy } from './policies';
import { eventDetailsVisibleSql } from '../events/policies';
import { imageVisibleSql } from '../images/policies';
import { columnRef } from '../../db/column-ref';
import { COMMENTABLE_ID_MESSAGE, MEMBERS_COMMENT, POST_CLOSED, REPLY_PARENT_MESSAGE } from '../../../shared/schemas/comments';
import { auditEntry } from '../../platform/audit';
import { decodeCursor, pageSize, toPage } from '../../platform/keyset';
import type { Deps } from '../../platform/deps';
import { afterSlots, builtOnce, readBatch, SLOT, slotsOf } from '../../platform/built-once';
import { notify } from '../notifications/record';
import { publishChange } from '../notifications/live-publish';
import { circlePosts } from '../../db/schema/circles';
import { postCommentableSql, postModeratorSql, postVisibleSql } from '../circles/policies';
import { BOARD_FOR_MEMBERS, postCommentsChanged } from '../circles/posts';

/**
 * SPEC 2 "Comments widget", DECISIONS and docs/decisions/0003-comments.md: members read the
 * comments of an event, an image or a circle's post (issue 39) that they see (DECISIONS "Privacy and trust": not
 * visitors, SPEC 6's public reading is not kept; an invite-only event's, and its images', only its
 * invited members); members post and like; only the author edits; the author or an admin deletes.
 * Comments and their likes go with their event, image or post (ON DELETE CASCADE). A post's
 * comments are its circle's members' to write (not once a host closed it); its hosts remove them,
 * kept for their author alone ("Removed by a host") and audited.
 *
 * Replies (issue 46 point 11): a comment with a parent_id answers a top-level comment on the same
 * commentable, one level deep (a reply to a reply answers the same top comment). A list is a page
 * of top-level comments, each with all its replies, oldest first. Deleting a comment deletes its
 * replies with it (the author's words and the answers to them go together: an answer without its
 * question reads as nonsense); a host's removal keeps both, hidden from all but its author.
 */

function commentableOf(value: string): Commentable {
  const target = parseCommentableId(value);
  if (!target) throw new AppError('BAD_REQUEST', COMMENTABLE_ID_MESSAGE);
  return target;
}

function parentOf(target: Commentable) {
  if (target.kind === 'post') return { table: circlePosts, id: circlePosts.id, fk: comments.postId };
  return target.kind === 'event'
    ? { table: events, id: events.id, fk: comments.eventId }
    : { table: images, id: images.id, fk: comments.imageId };
}

const MISSING: Record<CommentableKind, string> = { event: 'Event not found', image: 'Image not found', post: 'Post not found.' };

function missingParent(target: Commentable): AppError {
  return new AppError('NOT_FOUND', MISSING[target.kind]);
}

/**
 * The viewer may read the comments on this parent (a condition on the parent's row): the event's
 * details, or the image, are hers to see (eventPolicy.seeDetails, imageVisibleSql).
 */
function parentVisible(deps: Deps, me: MemberActor, target: Commentable): SQL {
  if (target.kind === 'post') return postVisibleSql(me, columnRef(circlePosts.id));
  return target.kind === 'event' ? eventDetailsVisibleSql(me, events.id, deps.now()) : imageVisibleSql(me, deps.now());
}

/**
 * A parent she may not see: an invite-only event is listed to every member, so its comments are
 * refused (403); a hidden image does not exist for her (404, as GET /api/images/:id answers).
 */
function hiddenParent(target: Commentable): AppError {
  if (target.kind === 'post') return new AppError('FORBIDDEN', BOARD_FOR_MEMBERS);
  return target.kind === 'event'
    ? new AppError('FORBIDDEN', /*i18n*/ 'The comments of this event are shared with its invited members.')
    : missingParent(target);
}

/**
 * The same condition on a comment's row: the event, image or post it sits on is the viewer's to
 * see; a comment a host removed is its author's alone.
 */
function commentVisible(deps: Deps, me: MemberActor): SQL {
  const eventId = columnRef(comments.eventId);
  const imageId = columnRef(comments.imageId);
  const postId = columnRef(comments.postId);
  return sql`((${eventId} IS NOT NULL AND ${eventDetailsVisibleSql(me, comments.eventId, deps.now())})
    OR (${imageId} IS NOT NULL AND EXISTS (SELECT 1 FROM ${images} WHERE ${columnRef(images.id)} = ${imageId} AND ${imageVisibleSql(me, deps.now())}))
    OR (${postId} IS NOT NULL AND ${postVisibleSql(me, postId)}
      AND (${columnRef(comments.removedAt)} IS NULL OR ${columnRef(comments.userId)} = ${me.id})))`;
}

/** The commentable id of a comment's row ("event-12", "image-7", "post-3"): its widget's, and its live topic. */
const parentIdOf = (row: { eventId: number | null; imageId: number | null; postId: number | null }) =>
  row.postId !== null
    ? commentableId('post', row.postId)
    : row.eventId !== null
      ? commentableId('event', row.eventId)
      : commentableId('image', row.imageId!);

const commentNotFound = () => new AppError('NOT_FOUND', /*i18n*/ 'Comment not found.');

const likeCountSql = sql<number>`(SELECT count(*) FROM ${commentLikes} WHERE ${commentLikes.commentId} = ${comments.id})`;
const userLikedSql = (viewerId: number) =>
  sql<number>`EXISTS (SELECT 1 FROM ${commentLikes} WHERE ${commentLikes.commentId} = ${comments.id} AND ${commentLikes.userId} = ${viewerId})`;

/**
 * A top-level comment's replies as one JSON array (the columns of viewFields, by the same names;
 * toView puts them oldest first): a correlated subquery on comments_parent_idx, so a page stays one statement. A
 * reply a host removed is its author's alone, as a comment is.
 */
function repliesSql(viewer: MemberActor): SQL<string> {
  const r = (c: keyof typeof comments.$inferSelect) => columnRef(comments[c], 'r');
  return sql<string>`(SELECT json_group_array(json_object(
      'id', ${r('id')}, 'content', ${r('content')}, 'userId', ${r('userId')},
      'username', (SELECT ${columnRef(users.name, 'ru')} FROM ${users} AS "ru" WHERE ${columnRef(users.id, 'ru')} = ${r('userId')}),
      'userPhotoKey', ${memberPhotoSql(viewer, r('userId'))}, 'createdAt', ${r('createdAt')}, 'updatedAt', ${r('updatedAt')},
      'removedAt', ${r('removedAt')},
      'likeCount', (SELECT count(*) FROM ${commentLikes} AS "rl" WHERE "rl"."comment_id" = ${r('id')}),
      'userLiked', EXISTS (SELECT 1 FROM ${commentLikes} AS "rl" WHERE "rl"."comment_id" = ${r('id')} AND "rl"."user_id" = ${viewer.id})
    )) FROM ${comments} AS "r"
    WHERE ${r('parentId')} = ${columnRef(comments.id)} AND (${r('removedAt')} IS NULL OR ${r('userId')} = ${viewer.id}))`;
}

/**
 * The columns of one comment's answer: the like count and the viewer's own like are correlated
 * subqueries served by comment_likes' primary key (comment_id, user_id), so a whole list is one
 * statement whatever its length.
 */
function viewFields(viewer: MemberActor) {
  const viewerId = viewer.id;
  return {
    id: comments.id,
    content: comments.content,
    eventId: comments.eventId,
    imageId: comments.imageId,
    postId: comments.postId,
    userId: comments.userId,
    username: users.name,
    userPhotoKey: memberPhotoSql(viewer, comments.userId),
    createdAt: comments.createdAt,
    updatedAt: comments.updatedAt,
    removedAt: comments.removedAt,
    parentCommentId: comments.parentId,
    likeCount: likeCountSql,
    userLiked: userLikedSql(viewerId),
    replies: repliesSql(viewer),
    // A post's comment: her circle's hosts (and admins) may remove it (issue 39).
    moderates: sql<number>`(${columnRef(comments.postId)} IS NOT NULL AND ${postModeratorSql(viewer, columnRef(comments.postId))})`,
  };
}

interface ViewRow {
  id: number;
  content: string;
  eventId: number | null;
  imageId: number | null;
  postId: number | null;
  userId: number | null;
  username: string | null;
  userPhotoKey: string | null;
  createdAt: number;
  updatedAt: number | null;
  removedAt: number | null;
  parentCommentId: number | null;
  likeCount: number;
  userLiked: number | boolean;
  moderates: number | boolean;
  /** JSON: the replies' rows (repliesSql), on a top-level comment. */
  replies: string | null;
}

type ReplyRow = Pick<
  ViewRow,
  'id' | 'content' | 'userId' | 'username' | 'userPhotoKey' | 'createdAt' | 'updatedAt' | 'removedAt' | 'likeCount' | 'userLiked'
>;

/** What the viewer may do with a comment: commentPolicy's answers. */
function viewerFlags(viewer: MemberActor, comment: { userId: number | null; removedAt?: number | null; moderates?: number | boolean }) {
  const removed = comment.removedAt !== null && comment.removedAt !== undefined;
  return {
    can_edit: commentPolicy.edit(viewer, comment) && !removed,
    can_delete: commentPolicy.delete(viewer, comment) || Boolean(comment.moderates),
  };
}

function toView(row: ViewRow, viewer: MemberActor): CommentView {
  // Its replies sit where it sits, and its circle's hosts moderate them as they do it.
  // Oldest first, sorted here: an aggregate's ORDER BY would sort each thread in a temporary B-tree.
  const rows = (JSON.parse(row.replies ?? '[]') as ReplyRow[]).sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
  const replies = rows.map((r) => toReplyView({ ...row, ...r, parentCommentId: row.id, replies: null }, viewer));
  return { ...toReplyView(row, viewer), replies, reply_count: replies.length };
}

function toReplyView(row: ViewRow, viewer: MemberActor): CommentReplyView {
  return {
    id: row.id,
    content: row.content,
    commentableId: parentIdOf(row),
    user_id: row.userId,
    username: row.username,
    user_photo_url: memberPhotoUrl(row.userPhotoKey),
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: row.updatedAt === null ? null : new Date(row.updatedAt).toISOString(),
    like_count: Number(row.likeCount),
    user_liked: Boolean(row.userLiked),
    removed: row.removedAt !== null,
    ...viewerFlags(viewer, row),
    parent_id: row.parentCommentId,
    reply_count: 0,
  };
}

/**
 * One page (size + 1 comments) of a parent's comments, newest first after the cursor's
 * [created_at, id], and the parent's total count: the parent row (with whether the viewer may see
 * it) LEFT JOINed to the page of its comments, so "no such event" (no row), "not for her" and "no
 * comments (here)" (one row of nulls) are told apart without a second query. comments_event_idx /
 * comments_image_idx give both the page, in order, and the count.
 */
export function commentPageQuery(
  deps: Deps,
  me: MemberActor,
  target: Commentable,
  after: [number, number] | undefined,
  size: number,
  order: CommentOrder = 'newest',
) {
  const parent = parentOf(target);
  // On the parent's id as given, not the outer row's: SQLite then counts once per statement, not
  // once per row of the page (31 counts of every comment of the parent, issue 29).
  // A post's total is kept on it (its comments standing: a removed one is its author's alone).
  const allOfParent =
    target.kind === 'post'
      ? sql`(SELECT "kept"."comment_count" FROM ${circlePosts} AS "kept" WHERE "kept"."id" = ${target.id})`
      : sql`(SELECT count(*) FROM ${comments} AS "counted" WHERE "counted".${sql.identifier(parent.fk.name)} = ${target.id})`;
  const past = order === 'oldest' ? sql`>` : sql`<`;
  const afterCursor = after
    ? sql`(${columnRef(comments.createdAt)}, ${columnRef(comments.id)}) ${past} (${after[0]}, ${after[1]})`
    : undefined;
  const by = order === 'oldest' ? asc : desc;
  const removedHers =
    target.kind === 'post' ? sql`(${columnRef(comments.removedAt)} IS NULL OR ${columnRef(comments.userId)} = ${me.id})` : undefined;
  return deps.db
    .select({
      // Named apart from the comment's id: the page is read in a D1 batch (ADR 0020), whose rows
      // come back keyed by column name.
      parentId: sql<number>`${parent.id}`.as('commentable_ref'),
      parentVisible: parentVisible(deps, me, target).mapWith(Boolean),
      total: allOfParent.mapWith(Number),
      ...viewFields(me),
    })
    .from(parent.table as typeof events)
    .leftJoin(comments, and(eq(parent.fk, parent.id), isNull(comments.parentId), afterCursor, removedHers))
    .leftJoin(users, eq(users.id, comments.userId))
    .where(eq(parent.id, target.id))
    .orderBy(by(comments.createdAt), by(comments.id))
    .limit(size + 1);
}

/**
 * A parent's page, built once per isolate (ADR 0020). Key: its kind, the page size, '>' for a
 * later page and ':oldest' for that order; the parent's id is SLOT.ref, a later page's cursor
 * SLOT.after and SLOT.afterId.
 */
export const commentPage = builtOnce((deps, me, key: `${CommentableKind}:${number}${'' | '>'}${'' | ':oldest'}`) => {
  const [kind, size, order] = key.split(':') as [CommentableKind, string, 'oldest' | undefined];
  const after = size.endsWith('>') ? ([SLOT.after, SLOT.afterId] as unknown as [number, number]) : undefined;
  return commentPageQuery(deps, me, { kind, id: SLOT.ref as unknown as number }, after, Number.parseInt(size, 10), order ?? 'newest');
});

/**
 * GET /api/comments?commentableId=: members only, a page of top-level comments at a time (with
 * their replies), newest first (issue 13) or oldest first, with the total (replies counted) for
 * the header; one D1 statement.
 */
export async function listComments(deps: Deps, actor: Actor, input: ListCommentsInput): Promise<CommentsPage> {
  const me = requireMember(actor);
  const target = commentableOf(input.commentableId);
  const size = pageSize(input.limit);
  const after = decodeCursor(input.cursor, ['n', 'n']) as [number, number] | undefined;
  // A batch of one: the session check of a hinted request rides on it (ADR 0020).
  const [rows] = await readBatch(deps, [
    commentPage(me, `${target.kind}:${size}${after ? '>' : ''}${input.order === 'oldest' ? ':oldest' : ''}`).with({
      ...slotsOf(deps, me),
      ...afterSlots(after),
      ref: target.id,
    }),
  ]);
  if (rows.length === 0) throw missingParent(target);
  if (!rows[0]!.parentVisible) throw hiddenParent(target);
  const page = toPage(
    rows.filter((r): r is typeof r & ViewRow => r.id !== null),
    size,
    (r) => [r.createdAt, r.id],
    (r) => toView(r, me),
  );
  return { ...page, total: rows[0]!.total };
}

async function commentView(deps: Deps, viewer: MemberActor, id: number): Promise<CommentView> {
  const [row] = await deps.db
    .select(viewFields(viewer))
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(and(eq(comments.id, id), commentVisible(deps, viewer)))
    .limit(1);
  if (!row) throw commentNotFound();
  return toView(row, viewer);
}

async function limitWrites(deps: Deps, me: MemberActor) {
  await enforceRateLimit(deps.env, 'MEMBER_WRITE_LIMITER', `comments:${me.id}`);
}

/**
 * POST /api/comments. The insert only happens if the event or image exists and the member may see
 * it (INSERT … SELECT … WHERE EXISTS), in one statement, so a parent deleted meanwhile is a 404
 * rather than a foreign-key failure. Only a refusal looks again, to say which it was.
 */
export async function createComment(deps: Deps, actor: Actor, input: CreateCommentInput): Promise<CommentView> {
  const me = requireMember(actor);
  const target = commentableOf(input.commentableId);
  await limitWrites(deps, me);
  const parent = parentOf(target);
  const now = deps.now();
  const eventId = target.kind === 'event' ? target.id : null;
  const imageId = target.kind === 'image' ? target.id : null;
  const postId = target.kind === 'post' ? target.id : null;
  // A post takes comments from its circle's members while it is open (postPolicy.comment).
  const allowed = postId !== null ? postCommentableSql(me, sql`${postId}`) : parentVisible(deps, me, target);
  const replyTo = input.parent_id ? topCommentSql(target, input.parent_id) : sql`NULL`;
  const inserted = await deps.db.all<{ id: number; parent_id: number | null; photo_key: string | null }>(sql`
    INSERT INTO ${comments} (event_id, image_id, post_id, user_id, content, created_at, parent_id)
    SELECT ${eventId}, ${imageId}, ${postId}, ${me.id}, ${input.content}, ${now}, ${replyTo}
    WHERE EXISTS (SELECT 1 FROM ${parent.table} WHERE ${parent.id} = ${target.id} AND ${allowed})
      AND (${input.parent_id ?? null} IS NULL OR ${replyTo} IS NOT NULL)
    RETURNING id, parent_id, ${memberPhotoSql(me, sql`${me.id}`)} AS photo_key`);
  const id = inserted[0]?.id;
  if (id === undefined) throw await refusalOf(deps, me, target, input.parent_id ?? null);
  // A post keeps its comment count (counted again, so a lost update mends itself) and moves up its board.
  if (postId !== null) await postCommentsChanged(deps, postId, now);
  await notify(deps, me.id, { kind: 'comment', commentId: id });
  publishChange(deps, commentableId(target.kind, target.id), 'comments');
  return {
    id,
    content: input.content,
    commentableId: commentableId(target.kind, target.id),
    user_id: me.id,
    username: me.name,
    user_photo_url: memberPhotoUrl(inserted[0]?.photo_key),
    created_at: new Date(now).toISOString(),
    updated_at: null,
    like_count: 0,
    user_liked: false,
    removed: false,
    ...viewerFlags(me, { userId: me.id }),
    parent_id: inserted[0]?.parent_id ?? null,
    replies: [],
    reply_count: 0,
  };
}

/**
 * The top-level comment a reply to `commentId` answers: that comment, or the one it answers (a
 * reply to a reply joins the same thread), when it is on the same commentable and not removed by
 * a host; NULL otherwise.
 */
function topCommentSql(target: Commentable, commentId: number): SQL {
  const fk = sql.identifier(parentOf(target).fk.name);
  return sql`(SELECT coalesce("p"."parent_id", "p"."id") FROM ${comments} AS "p"
    WHERE "p"."id" = ${commentId} AND "p".${fk} = ${target.id} AND "p"."removed_at" IS NULL)`;
}

/**
 * Why a comment was not written: no such parent (404), not hers to see (403/404), a reply to a
 * comment that is not on it (400), or a post closed to her (403).
 */
async function refusalOf(deps: Deps, me: MemberActor, target: Commentable, replyTo: number | null): Promise<AppError> {
  const parent = parentOf(target);
  const [row] = await deps.db
    .select({ id: parent.id, visible: parentVisible(deps, me, target).mapWith(Boolean) })
    .from(parent.table as typeof events)
    .where(eq(parent.id, target.id))
    .limit(1);
  if (!row) return missingParent(target);
  if (!row.visible) return hiddenParent(target);
  if (replyTo !== null) {
    const [top] = await deps.db.all<{ id: number | null }>(sql`SELECT ${topCommentSql(target, replyTo)} AS id`);
    if (top?.id === null || top?.id === undefined)
      return new AppError('BAD_REQUEST', REPLY_PARENT_MESSAGE, { fieldErrors: { parent_id: [REPLY_PARENT_MESSAGE] } });
  }
  const [post] = await deps.db.select({ closedAt: circlePosts.closedAt }).from(circlePosts).where(eq(circlePosts.id, target.id)).limit(1);
  return new AppError('FORBIDDEN', post?.closedAt ? POST_CLOSED : MEMBERS_COMMENT);
}

/** PUT /api/comments/{id}: only the author (not even an admin) rewrites a comment. */
export async function updateComment(deps: Deps, actor: Actor, input: UpdateCommentInput): Promise<CommentView> {
  const me = requireMember(actor);
  const current = await commentView(deps, me, input.id);
  ensure(commentPolicy.edit(me, { userId: current.user_id }), /*i18n*/ 'Only the author can edit this comment.');
  await limitWrites(deps, me);
  const now = deps.now();
  await deps.db.update(comments).set({ content: input.content, updatedAt: now }).where(eq(comments.id, input.id));
  publishChange(deps, current.commentableId, 'comments');
  return { ...current, content: input.content, updated_at: new Date(now).toISOString() };
}

/** DELETE /api/comments/{id}: the author, or an admin (audited when it is someone else's). */
export async function deleteComment(deps: Deps, actor: Actor, input: CommentIdInput): Promise<{ ok: true; id: number }> {
  const me = requireMember(actor);
  const [row] = await deps.db
    .select({
      userId: comments.userId,
      eventId: comments.eventId,
      imageId: comments.imageId,
      postId: comments.postId,
      removedAt: comments.removedAt,
      content: comments.content,
      visible: commentVisible(deps, me).mapWith(Boolean),
      moderates: sql<number>`(${comments.postId} IS NOT NULL AND ${postModeratorSql(me, columnRef(comments.postId))})`.mapWith(Boolean),
    })
    .from(comments)
    .where(eq(comments.id, input.id))
    .limit(1);
  // The author may still delete her own words on an event she no longer sees; to anyone else a
  // comment she may not see does not exist.
  if (!row || (!row.visible && row.userId !== me.id)) throw commentNotFound();
  ensure(commentPolicy.delete(me, row) || row.moderates, /*i18n*/ 'Only the author or an administrator can delete this comment.');
  // Its replies go with it (a reply has none).
  const remove = deps.db.delete(comments).where(or(eq(comments.id, input.id), eq(comments.parentId, input.id)));
  if (row.postId !== null) {
    // A post's comment: its author deletes it; a host (or an admin) removes it, kept for its author.
    const postId = row.postId;
    if (row.userId === me.id) {
      await deps.db.batch([remove, postCommentsChanged(deps, postId)]);
    } else if (row.removedAt === null) {
      await deps.db.batch([
        deps.db.update(comments).set({ removedAt: deps.now(), removedBy: me.id }).where(eq(comments.id, input.id)),
        postCommentsChanged(deps, postId),
        auditEntry(
          deps,
          me,
          'comment.remove',
          { type: 'comment', id: input.id },
          { authorId: row.userId, commentableId: parentIdOf(row), content: row.content.slice(0, 200) },
        ),
      ]);
    }
  } else if (row.userId === me.id) {
    await remove.run();
  } else {
    const on = parentIdOf(row);
    await deps.db.batch([
      remove,
      auditEntry(
        deps,
        me,
        'comment.delete',
        { type: 'comment', id: input.id },
        { authorId: row.userId, commentableId: on, content: row.content.slice(0, 200) },
      ),
    ]);
  }
  publishChange(deps, parentIdOf(row), 'comments');
  return { ok: true, id: input.id };
}

/** The comment's like count and whether the member likes it; no row means no such comment. */
function likeStateQuery(deps: Deps, me: MemberActor, id: number) {
  return deps.db
    .select({
      id: comments.id,
      eventId: comments.eventId,
      imageId: comments.imageId,
      postId: comments.postId,
      likeCount: likeCountSql,
      userLiked: userLikedSql(me.id),
    })
    .from(comments)
    .where(and(eq(comments.id, id), commentVisible(deps, me)))
    .limit(1);
}

type LikeRow = {
  id: number;
  eventId: number | null;
  imageId: number | null;
  postId: number | null;
  likeCount: number;
  userLiked: number | boolean;
};

/** The answer of a like or unlike; the pages open on the comment's event or image hear of it. */
function likeState(deps: Deps, rows: LikeRow[]): CommentLikeState {
  const [row] = rows;
  if (!row) throw commentNotFound();
  publishChange(deps, parentIdOf(row), 'comments');
  return { id: row.id, like_count: Number(row.likeCount), user_liked: Boolean(row.userLiked) };
}

/**
 * POST /api/comments/{id}/like: one like per member per comment, so liking twice changes nothing
 * (INSERT … ON CONFLICT DO NOTHING on the primary key; selecting from comments
 * makes an unknown comment insert nothing instead of failing its foreign key). Write and new count in one batch.
 */
export async function likeComment(deps: Deps, actor: Actor, input: CommentIdInput): Promise<CommentLikeState> {
  const me = requireMember(actor);
  await limitWrites(deps, me);
  const [liked, state] = await deps.db.batch([
    deps.db
      .insert(commentLikes)
      .select(
        deps.db
          .select({
            commentId: comments.id,
            userId: sql<number>`${me.id}`.as('user_id'),
            createdAt: sql<number>`${deps.now()}`.as('created_at'),
          })
          .from(comments)
          .where(and(eq(comments.id, input.id), commentVisible(deps, me))),
      )
      .onConflictDoNothing()
      .returning({ commentId: commentLikes.commentId }),
    likeStateQuery(deps, me, input.id),
  ]);
  // A new like (not a second tap) tells the comment's author.
  if (liked.length > 0) await notify(deps, me.id, { kind: 'like', commentId: input.id });
  return likeState(deps, state);
}

/** DELETE /api/comments/{id}/unlike: removing a like that is not there changes nothing. */
export async function unlikeComment(deps: Deps, actor: Actor, input: CommentIdInput): Promise<CommentLikeState> {
  const me = requireMember(actor);
  await limitWrites(deps, me);
  const [, state] = await deps.db.batch([
    deps.db
      .delete(commentLikes)
      .where(
        and(
          eq(commentLikes.commentId, input.id),
          eq(commentLikes.userId, me.id),
          sql`EXISTS (SELECT 1 FROM ${comments} WHERE ${columnRef(comments.id)} = ${input.id} AND ${commentVisible(deps, me)})`,
        ),
      ),
    likeStateQuery(deps, me, input.id),
  ]);
  return likeState(deps, state);
}
