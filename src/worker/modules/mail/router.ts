import { RecipientsInputSchema, SendGroupMailInputSchema, SentMailIdSchema, SentMailListInputSchema } from '../../../shared/schemas/mail';
import { sendGroupMail } from './group-mail';
import { countRecipients, listMailMembers } from './mail-recipients';
import { getSentMail, listSentMail, retryFailedDeliveries } from './sent-mail';
import { adminProcedure, router } from '../../platform/trpc';

/** The admin Mail page and the Sent mail view: thin adapters over the mail services. */
export const mailRouter = router({
  members: adminProcedure.query(({ ctx }) => listMailMembers(ctx.deps, ctx.actor)),
  recipientCount: adminProcedure.input(RecipientsInputSchema).query(({ ctx, input }) => countRecipients(ctx.deps, ctx.actor, input)),
  send: adminProcedure.input(SendGroupMailInputSchema).mutation(({ ctx, input }) => sendGroupMail(ctx.deps, ctx.actor, input)),
  sent: adminProcedure.input(SentMailListInputSchema).query(({ ctx, input }) => listSentMail(ctx.deps, ctx.actor, input)),
  sentById: adminProcedure.input(SentMailIdSchema).query(({ ctx, input }) => getSentMail(ctx.deps, ctx.actor, input.id)),
  retryFailed: adminProcedure.input(SentMailIdSchema).mutation(({ ctx, input }) => retryFailedDeliveries(ctx.deps, ctx.actor, input.id)),
});
