import { DeadLetterIdInputSchema, ListDeadLettersInputSchema } from '../../../shared/schemas/operations';
import { adminProcedure, router } from '../../platform/trpc';
import { discardDeadLetter, listDeadLetters, retryDeadLetter } from './dead-letters';
import { operationsStatus } from './status';

/** Issue 44's admin side (the REST twin is rest.ts). */
export const operationsRouter = router({
  status: adminProcedure.query(({ ctx }) => operationsStatus(ctx.deps, ctx.actor)),
  deadLetters: router({
    list: adminProcedure.input(ListDeadLettersInputSchema).query(({ ctx, input }) => listDeadLetters(ctx.deps, ctx.actor, input, ctx.meta)),
    retry: adminProcedure
      .input(DeadLetterIdInputSchema)
      .mutation(({ ctx, input }) => retryDeadLetter(ctx.deps, ctx.actor, input, ctx.meta)),
    discard: adminProcedure
      .input(DeadLetterIdInputSchema)
      .mutation(({ ctx, input }) => discardDeadLetter(ctx.deps, ctx.actor, input, ctx.meta)),
  }),
});
