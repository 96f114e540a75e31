import {
  CommentIdInputSchema,
  CreateCommentInputSchema,
  ListCommentsInputSchema,
  UpdateCommentInputSchema,
} from '../../../shared/schemas/comments';
import * as commentsService from './comments';
import { publicProcedure, router } from '../../platform/trpc';

/** Thin adapters: comments.ts decides who may do what (visitors may only list). */
export const commentsRouter = router({
  list: publicProcedure.input(ListCommentsInputSchema).query(({ ctx, input }) => commentsService.listComments(ctx.deps, ctx.actor, input)),
  create: publicProcedure
    .input(CreateCommentInputSchema)
    .mutation(({ ctx, input }) => commentsService.createComment(ctx.deps, ctx.actor, input)),
  update: publicProcedure
    .input(UpdateCommentInputSchema)
    .mutation(({ ctx, input }) => commentsService.updateComment(ctx.deps, ctx.actor, input)),
  delete: publicProcedure
    .input(CommentIdInputSchema)
    .mutation(({ ctx, input }) => commentsService.deleteComment(ctx.deps, ctx.actor, input)),
  like: publicProcedure.input(CommentIdInputSchema).mutation(({ ctx, input }) => commentsService.likeComment(ctx.deps, ctx.actor, input)),
  unlike: publicProcedure
    .input(CommentIdInputSchema)
    .mutation(({ ctx, input }) => commentsService.unlikeComment(ctx.deps, ctx.actor, input)),
});
