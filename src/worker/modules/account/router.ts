import { DeleteAccountInputSchema, EmailPreferencesSchema } from '../../../shared/schemas/account';
import { clearedSessionCookie } from '../auth/session-cookie';
import { deleteMyAccount } from './delete-account';
import { memberProcedure, router } from '../../platform/trpc';
import * as emailPreferences from '../mail/email-preferences';

export const accountRouter = router({
  emailPreferences: memberProcedure.query(({ ctx }) => emailPreferences.getEmailPreferences(ctx.deps, ctx.actor)),
  updateEmailPreferences: memberProcedure
    .input(EmailPreferencesSchema)
    .mutation(({ ctx, input }) => emailPreferences.updateEmailPreferences(ctx.deps, ctx.actor, input)),
  delete: memberProcedure.input(DeleteAccountInputSchema).mutation(async ({ ctx, input }) => {
    const result = await deleteMyAccount(ctx.deps, ctx.actor, input);
    // Her sessions went with her row: the cookie goes too.
    ctx.resHeaders.append('Set-Cookie', clearedSessionCookie(ctx.req.url));
    return result;
  }),
});
