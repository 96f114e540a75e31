import { PushSubscriptionIdSchema, PushSubscriptionInputSchema } from '../../../shared/schemas/push';
import { memberProcedure, router } from '../../platform/trpc';
import * as subscriptions from './subscriptions';

/** Thin adapters (the REST twin is rest.ts); every procedure is for members. */
export const pushRouter = router({
  key: memberProcedure.query(({ ctx }) => subscriptions.pushPublicKey(ctx.deps, ctx.actor)),
  subscribe: memberProcedure
    .input(PushSubscriptionInputSchema)
    .mutation(async ({ ctx, input }) => ({ id: (await subscriptions.savePushSubscription(ctx.deps, ctx.actor, input)).id })),
  subscriptions: memberProcedure.query(({ ctx }) => subscriptions.listPushSubscriptions(ctx.deps, ctx.actor)),
  unsubscribe: memberProcedure.input(PushSubscriptionIdSchema).mutation(async ({ ctx, input }) => {
    await subscriptions.deletePushSubscription(ctx.deps, ctx.actor, input.id);
    return { ok: true as const };
  }),
});
