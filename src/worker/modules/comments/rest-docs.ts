import * as z from 'zod';
import {
  CommentIdInputSchema,
  CreateCommentInputSchema,
  ImageCommentBodySchema,
  ListCommentsInputSchema,
  UpdateCommentBodySchema,
} from '../../../shared/schemas/comments';
import { describeRoutes, IsoDateTime } from '../../platform/openapi';
import type { commentsRoutes } from './rest';

/** SPEC 3 "Comment" (CommentReplyView), with the viewer's capabilities. */
const CommentReplySchema = z
  .object({
    id: z.number().int(),
    content: z.string(),
    commentableId: z.string().describe('event-{id}, image-{id} or post-{id} (a circle’s post)'),
    user_id: z.number().int().nullable().describe("null once the author's account is deleted"),
    username: z.string().nullable(),
    user_photo_url: z
      .string()
      .nullable()
      .describe('The author’s small profile photo when she shows it to the viewer (issue 22), else null'),
    created_at: IsoDateTime,
    updated_at: IsoDateTime.nullable(),
    like_count: z.number().int(),
    user_liked: z.boolean(),
    removed: z.boolean().describe('A host removed it (a post’s comment): shown to its author alone, as "Removed by a host"'),
    can_edit: z.boolean(),
    can_delete: z.boolean(),
    parent_id: z.number().int().nullable().describe('The top-level comment it answers (a reply), or null'),
    reply_count: z.number().int(),
  })
  .meta({ id: 'CommentReply' });

/** A comment with its replies (CommentView): threads are one level deep. */
export const CommentSchema = CommentReplySchema.extend({
  replies: z.array(CommentReplySchema).describe('A top-level comment’s replies, oldest first; empty on a reply'),
}).meta({ id: 'Comment' });

const LikeStateSchema = z
  .object({ id: z.number().int(), like_count: z.number().int(), user_liked: z.boolean() })
  .meta({ id: 'CommentLikeState' });

const commentNotFound = [404] as const;

/** The REST routes of comments.ts, described for GET /api/openapi.json (issue 26). */
export const commentsRestDocs = describeRoutes<typeof commentsRoutes>()('Comments', {
  'GET /api/comments': {
    operationId: 'listComments',
    summary: 'A page of the comments on an event, an image or a circle’s post, newest first (or order=oldest), each with its replies',
    access: 'member',
    query: ListCommentsInputSchema,
    paged: true,
    responses: { 200: z.array(CommentSchema) },
    errors: [...commentNotFound],
  },
  'POST /api/comments': {
    operationId: 'createComment',
    summary: 'Post a comment',
    access: 'member',
    body: CreateCommentInputSchema,
    responses: { 201: CommentSchema },
    errors: [400, 404],
    description:
      'On a circle’s post: its circle’s members only, while the post is open (403 otherwise). With parent_id, a reply: to a comment on the same commentableId (400 otherwise); a reply to a reply answers the same top-level comment. Deleting a comment deletes its replies.',
  },
  'PUT /api/comments/:id': {
    operationId: 'updateComment',
    summary: 'Edit her own comment',
    access: 'member',
    params: CommentIdInputSchema,
    body: UpdateCommentBodySchema,
    responses: { 200: CommentSchema },
    errors: [404],
  },
  'DELETE /api/comments/:id': {
    operationId: 'deleteComment',
    summary: 'Delete a comment (its author or an admin)',
    access: 'member',
    params: CommentIdInputSchema,
    responses: { 200: z.object({ ok: z.literal(true), id: z.number().int() }) },
    errors: [404],
  },
  'POST /api/comments/:id/like': {
    operationId: 'likeComment',
    summary: 'Like a comment (once per member)',
    access: 'member',
    params: CommentIdInputSchema,
    responses: { 200: LikeStateSchema },
    errors: [404],
  },
  'DELETE /api/comments/:id/unlike': {
    operationId: 'unlikeComment',
    summary: 'Take her like back',
    access: 'member',
    params: CommentIdInputSchema,
    responses: { 200: LikeStateSchema },
    errors: [404],
  },
  'POST /api/images/:id/comments': {
    operationId: 'createImageComment',
    summary: "Comment on an image (SPEC 7's older route; same rules as POST /api/comments)",
    access: 'member',
    params: CommentIdInputSchema,
    body: ImageCommentBodySchema,
    responses: { 201: CommentSchema },
    errors: [404],
  },
});
