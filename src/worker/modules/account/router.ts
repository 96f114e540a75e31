import { EmailPreferencesSchema } from '../../../shared/schemas/account';
import { memberProcedure, router } from '../../platform/trpc';
import * as emailPreferences from '../mail/email-preferences';

export const accountRouter = router({
  emailPreferences: memberProcedure.query(({ ctx }) => emailPreferences.getEmailPreferences(ctx.deps, ctx.actor)),
  updateEmailPreferences: memberProcedure
    .input(EmailPreferencesSchema)
    .mutation(({ ctx, input }) => emailPreferences.updateEmailPreferences(ctx.deps, ctx.actor, input)),
});
