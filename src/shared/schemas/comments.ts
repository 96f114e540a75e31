import * as z from 'zod';
import { parseCommentableId } from '../commentable';
import { IdSchema } from './common';
import { PageQuerySchema, type Page } from './page';
import { COMMENT_MAX_LENGTH } from '../constants';

export { COMMENT_MAX_LENGTH };

/** Plain text, trimmed; 1 to 5,000 characters after the trim. */
export const CommentContentSchema = z
  .string({ error: /*i18n*/ 'Comment text is required.' })
  .trim()
  .min(1, /*i18n*/ 'Comment cannot be empty.')
  .max(COMMENT_MAX_LENGTH, /*i18n*/ 'Comment must be at most 5,000 characters.');

export const COMMENTABLE_ID_MESSAGE = /*i18n*/ 'commentableId must look like event-12, image-7 or post-3.';
/** A circle's post (issue 39): only its circle's members comment, while it is open. */
export const MEMBERS_COMMENT = /*i18n*/ 'Only members of this circle can comment.';
export const POST_CLOSED = /*i18n*/ 'This post is closed to new comments.';

/** "event-12", "image-7" or "post-3": the kind keeps the ids of events, images and posts from colliding. */
export const CommentableIdSchema = z
  .string({ error: 'commentableId is required.' })
  .refine((v) => parseCommentableId(v) !== null, COMMENTABLE_ID_MESSAGE);

/** SPEC's 'Newest First', and its other way round (issue 46 point 11). */
export const COMMENT_ORDERS = ['newest', 'oldest'] as const;
export type CommentOrder = (typeof COMMENT_ORDERS)[number];

/**
 * GET /api/comments and comments.list: a page of the top-level comments, newest first (issue 13)
 * unless `order` is 'oldest', each with its replies.
 */
export const ListCommentsInputSchema = z
  .object({
    commentableId: CommentableIdSchema,
    order: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(COMMENT_ORDERS, { error: "order must be 'newest' or 'oldest'." }).optional(),
    ),
  })
  .extend(PageQuerySchema.shape);
export type ListCommentsInput = z.output<typeof ListCommentsInputSchema>;

export const REPLY_PARENT_MESSAGE = /*i18n*/ 'parent_id must be a comment on the same commentableId.';

/**
 * POST /api/comments. `parent_id` makes it a reply (issue 46 point 11): to a comment on the same
 * commentable; a reply to a reply answers the same top-level comment (threads are one level deep).
 */
export const CreateCommentInputSchema = z.object({
  content: CommentContentSchema,
  commentableId: CommentableIdSchema,
  parent_id: IdSchema.nullish(),
});
export type CreateCommentInput = z.infer<typeof CreateCommentInputSchema>;

/** PUT /api/comments/{id}'s body; the id comes from the path. */
export const UpdateCommentBodySchema = z.object({ content: CommentContentSchema });
export const UpdateCommentInputSchema = UpdateCommentBodySchema.extend({ id: IdSchema });
export type UpdateCommentInput = z.infer<typeof UpdateCommentInputSchema>;

export const CommentIdInputSchema = z.object({ id: IdSchema });
export type CommentIdInput = z.infer<typeof CommentIdInputSchema>;

/** POST /api/images/{id}/comments {text}: SPEC 7's older image route, same rules. */
export const ImageCommentBodySchema = z.object({ text: CommentContentSchema });

/** SPEC 3 "Comment", as every surface answers it; a top-level one with its replies (CommentView). */
export interface CommentReplyView {
  id: number;
  content: string;
  commentableId: string;
  /** null once the author's account is deleted. */
  user_id: number | null;
  username: string | null;
  /** The author's small profile photo when she shows it to the viewer (issue 22), else null. */
  user_photo_url: string | null;
  /** ISO 8601. */
  created_at: string;
  /** ISO 8601 of the last edit, or null. */
  updated_at: string | null;
  like_count: number;
  user_liked: boolean;
  /** A host removed it (a post's comment): only its author still sees it, marked "Removed by a host". */
  removed: boolean;
  /** The viewer may edit it (its author only). */
  can_edit: boolean;
  /** The viewer may delete it (its author or an admin; a post's also its circle's hosts, who remove it). */
  can_delete: boolean;
  /** The top-level comment it answers, or null (issue 46 point 11: threads are one level deep). */
  parent_id: number | null;
  reply_count: number;
}

export interface CommentView extends CommentReplyView {
  /** A top-level comment's replies, oldest first (empty on a reply). Deleting a comment deletes them. */
  replies: CommentReplyView[];
}

/** A page of comments and how many there are in all (the widget's header), counted in the same statement. */
export interface CommentsPage extends Page<CommentView> {
  total: number;
}

export interface CommentLikeState {
  id: number;
  like_count: number;
  user_liked: boolean;
}
