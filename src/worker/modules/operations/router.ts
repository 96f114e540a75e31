import { adminProcedure, router } from '../../platform/trpc';
import { operationsStatus } from './status';

/** Issue 44's admin side (the REST twin is rest.ts). */
export const operationsRouter = router({
  status: adminProcedure.query(({ ctx }) => operationsStatus(ctx.deps, ctx.actor)),
});
