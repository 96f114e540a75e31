import { memberProcedure, router } from '../../platform/trpc';
import { getYourClub } from './your-club';
import { dismissFirstSteps } from './first-steps';

/** The member's own /home section (issue 31); no REST twin: SPEC 7 names no path for it. */
export const clubRouter = router({
  yourClub: memberProcedure.query(({ ctx }) => getYourClub(ctx.deps, ctx.actor)),
  dismissFirstSteps: memberProcedure.mutation(({ ctx }) => dismissFirstSteps(ctx.deps, ctx.actor)),
});
