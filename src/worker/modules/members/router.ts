import { ListMembersInputSchema, MemberIdInputSchema, UpdateProfileInputSchema } from '../../../shared/schemas/members';
import { memberProcedure, router } from '../../platform/trpc';
import * as directory from './directory';
import * as photos from './photos';
import * as profiles from './profiles';

/**
 * The members' screens (issue 22) over the same services as rest.ts. The photo is uploaded to
 * POST /api/profile/photo (bytes, with progress) and the vCard downloaded from its REST path.
 */
export const membersRouter = router({
  list: memberProcedure.input(ListMembersInputSchema).query(({ ctx, input }) => directory.listMembers(ctx.deps, ctx.actor, input)),
  byId: memberProcedure.input(MemberIdInputSchema).query(({ ctx, input }) => directory.getMember(ctx.deps, ctx.actor, input.id)),
});

export const profileRouter = router({
  mine: memberProcedure.query(({ ctx }) => profiles.getMyProfile(ctx.deps, ctx.actor)),
  update: memberProcedure
    .input(UpdateProfileInputSchema)
    .mutation(({ ctx, input }) => profiles.updateMyProfile(ctx.deps, ctx.actor, input)),
  deletePhoto: memberProcedure.mutation(({ ctx }) => photos.deleteProfilePhoto(ctx.deps, ctx.actor)),
});
