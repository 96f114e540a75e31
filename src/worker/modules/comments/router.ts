import {
  CommentIdInputSchema,
  CreateCommentInputSchema,
  ListCommentsInputSchema,
  UpdateCommentInputSchema,
} from '../../../shared/schemas/comments';
import * as commentsService from './comments';
import { memberProcedure, router } from '../../platform/trpc';

/** Thin adapters: comments.ts decides who may do what; every procedure is for members (a visitor gets 401). */
export const commentsRouter = router({
  list: memberProcedure.input(ListCommentsInputSchema).query(({ ctx, input }) => commentsService.listComments(ctx.deps, ctx.actor, input)),
  create: memberProcedure
    .input(CreateCommentInputSchema)
    .mutation(({ ctx, input }) => commentsService.createComment(ctx.deps, ctx.actor, input)),
  update: memberProcedure
    .input(UpdateCommentInputSchema)
    .mutation(({ ctx, input }) => commentsService.updateComment(ctx.deps, ctx.actor, input)),
  delete: memberProcedure
    .input(CommentIdInputSchema)
    .mutation(({ ctx, input }) => commentsService.deleteComment(ctx.deps, ctx.actor, input)),
  like: memberProcedure.input(CommentIdInputSchema).mutation(({ ctx, input }) => commentsService.likeComment(ctx.deps, ctx.actor, input)),
  unlike: memberProcedure
    .input(CommentIdInputSchema)
    .mutation(({ ctx, input }) => commentsService.unlikeComment(ctx.deps, ctx.actor, input)),
});
