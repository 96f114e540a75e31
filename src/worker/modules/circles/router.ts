import {
  AddHostInputSchema,
  AnswerRequestInputSchema,
  CirclePageInputSchema,
  CircleSlugInputSchema,
  ClosePostInputSchema,
  CreateCircleInputSchema,
  CreatePostInputSchema,
  DecideProposalInputSchema,
  LikePostInputSchema,
  ListProposalsInputSchema,
  MuteCircleInputSchema,
  PinPostInputSchema,
  PostIdInputSchema,
  ProposeCircleInputSchema,
  RemoveHostInputSchema,
  UpdateCircleInputSchema,
  UpdatePostInputSchema,
} from '../../../shared/schemas/circles';
import { adminProcedure, memberProcedure, publicProcedure, router } from '../../platform/trpc';
import * as circles from './circles';
import * as membership from './membership';
import * as posts from './posts';
import * as proposals from './proposals';

/** Issue 39's screens over the same services as rest.ts: each procedure one line. */
export const circlesRouter = router({
  list: memberProcedure.query(({ ctx }) => circles.listCircles(ctx.deps, ctx.actor)),
  get: memberProcedure.input(CircleSlugInputSchema).query(({ ctx, input }) => circles.getCircle(ctx.deps, ctx.actor, input)),
  mine: memberProcedure.query(({ ctx }) => membership.myCircles(ctx.deps, ctx.actor)),
  counts: publicProcedure.query(({ ctx }) => circles.circleCounts(ctx.deps)),
  create: adminProcedure.input(CreateCircleInputSchema).mutation(({ ctx, input }) => circles.createCircle(ctx.deps, ctx.actor, input)),
  update: memberProcedure.input(UpdateCircleInputSchema).mutation(({ ctx, input }) => circles.updateCircle(ctx.deps, ctx.actor, input)),
  delete: adminProcedure.input(CircleSlugInputSchema).mutation(({ ctx, input }) => circles.deleteCircle(ctx.deps, ctx.actor, input)),
  addHost: adminProcedure.input(AddHostInputSchema).mutation(({ ctx, input }) => circles.addHost(ctx.deps, ctx.actor, input)),
  removeHost: adminProcedure.input(RemoveHostInputSchema).mutation(({ ctx, input }) => circles.removeHost(ctx.deps, ctx.actor, input)),
  join: memberProcedure.input(CircleSlugInputSchema).mutation(({ ctx, input }) => membership.joinCircle(ctx.deps, ctx.actor, input)),
  leave: memberProcedure.input(CircleSlugInputSchema).mutation(({ ctx, input }) => membership.leaveCircle(ctx.deps, ctx.actor, input)),
  mute: memberProcedure.input(MuteCircleInputSchema).mutation(({ ctx, input }) => membership.muteCircle(ctx.deps, ctx.actor, input)),
  requests: memberProcedure.input(CircleSlugInputSchema).query(({ ctx, input }) => membership.listRequests(ctx.deps, ctx.actor, input)),
  answerRequest: memberProcedure
    .input(AnswerRequestInputSchema)
    .mutation(({ ctx, input }) => membership.answerRequest(ctx.deps, ctx.actor, input)),
  members: memberProcedure.input(CirclePageInputSchema).query(({ ctx, input }) => membership.listCircleMembers(ctx.deps, ctx.actor, input)),
  posts: memberProcedure.input(CirclePageInputSchema).query(({ ctx, input }) => posts.listPosts(ctx.deps, ctx.actor, input)),
  post: memberProcedure.input(PostIdInputSchema).query(({ ctx, input }) => posts.getPost(ctx.deps, ctx.actor, input)),
  createPost: memberProcedure.input(CreatePostInputSchema).mutation(({ ctx, input }) => posts.createPost(ctx.deps, ctx.actor, input)),
  updatePost: memberProcedure.input(UpdatePostInputSchema).mutation(({ ctx, input }) => posts.updatePost(ctx.deps, ctx.actor, input)),
  deletePost: memberProcedure.input(PostIdInputSchema).mutation(({ ctx, input }) => posts.deletePost(ctx.deps, ctx.actor, input)),
  pinPost: memberProcedure.input(PinPostInputSchema).mutation(({ ctx, input }) => posts.pinPost(ctx.deps, ctx.actor, input)),
  closePost: memberProcedure.input(ClosePostInputSchema).mutation(({ ctx, input }) => posts.closePost(ctx.deps, ctx.actor, input)),
  likePost: memberProcedure.input(LikePostInputSchema).mutation(({ ctx, input }) => posts.likePost(ctx.deps, ctx.actor, input)),
  propose: memberProcedure
    .input(ProposeCircleInputSchema)
    .mutation(({ ctx, input }) => proposals.proposeCircle(ctx.deps, ctx.actor, input)),
  proposals: adminProcedure.input(ListProposalsInputSchema).query(({ ctx, input }) => proposals.listProposals(ctx.deps, ctx.actor, input)),
  decideProposal: adminProcedure
    .input(DecideProposalInputSchema)
    .mutation(({ ctx, input }) => proposals.decideProposal(ctx.deps, ctx.actor, input)),
});
