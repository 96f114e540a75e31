import { DeleteAccountInputSchema, EmailPreferencesSchema } from '../../../shared/schemas/account';
import { clearedSessionCookie } from '../auth/session-cookie';
import { deleteMyAccount } from './delete-account';
import { memberProcedure, router } from '../../platform/trpc';
import * as emailPreferences from '../mail/email-preferences';
import { PreferencesUpdateSchema } from '../../../shared/schemas/preferences';
import { getPreferences, preferenceCookies, updatePreferences } from './preferences';

export const accountRouter = router({
  emailPreferences: memberProcedure.query(({ ctx }) => emailPreferences.getEmailPreferences(ctx.deps, ctx.actor)),
  updateEmailPreferences: memberProcedure
    .input(EmailPreferencesSchema)
    .mutation(({ ctx, input }) => emailPreferences.updateEmailPreferences(ctx.deps, ctx.actor, input)),
  preferences: memberProcedure.query(({ ctx }) => getPreferences(ctx.actor, ctx.meta)),
  updatePreferences: memberProcedure.input(PreferencesUpdateSchema).mutation(async ({ ctx, input }) => {
    const prefs = await updatePreferences(ctx.deps, ctx.actor, ctx.meta, input);
    for (const cookie of preferenceCookies(prefs, ctx.req.url)) ctx.resHeaders.append('Set-Cookie', cookie);
    return prefs;
  }),
  delete: memberProcedure.input(DeleteAccountInputSchema).mutation(async ({ ctx, input }) => {
    const result = await deleteMyAccount(ctx.deps, ctx.actor, input);
    // Her sessions went with her row: the cookie goes too.
    ctx.resHeaders.append('Set-Cookie', clearedSessionCookie(ctx.req.url));
    return result;
  }),
});
