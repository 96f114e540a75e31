import { InsightsInputSchema } from '../../../shared/schemas/insights';
import { adminProcedure, router } from '../../platform/trpc';
import { getInsights } from './insights';

/** The Insights page's figures (issue 42): a thin adapter over insights.ts (the REST twin is rest.ts). */
export const insightsRouter = router({
  get: adminProcedure.input(InsightsInputSchema).query(({ ctx, input }) => getInsights(ctx.deps, ctx.actor, input)),
});
