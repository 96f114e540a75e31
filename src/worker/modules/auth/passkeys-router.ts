import {
  PasskeyAuthenticationInputSchema,
  PasskeyRegistrationInputSchema,
  PasskeyRegistrationOptionsInputSchema,
  RemovePasskeyInputSchema,
  RenamePasskeyInputSchema,
} from '../../../shared/schemas/passkeys';
import { memberProcedure, publicProcedure, router } from '../../platform/trpc';
import { loginAnswer } from './account';
import { challengeCookie, clearedChallengeCookie, passkeySignInCookies, readChallengeToken } from './passkey-challenges';
import * as passkeys from './passkeys';

/** auth.passkeys.*: the tRPC twin of passkeys-rest.ts, over the same services. */
export const passkeysRouter = router({
  list: memberProcedure.query(({ ctx }) => passkeys.listPasskeys(ctx.deps, ctx.actor)),
  registrationOptions: memberProcedure.input(PasskeyRegistrationOptionsInputSchema).mutation(async ({ ctx, input }) => {
    const { options, token } = await passkeys.passkeyRegistrationOptions(ctx.deps, ctx.actor, input);
    ctx.resHeaders.append('Set-Cookie', challengeCookie(ctx.req.url, 'registration', token));
    return options;
  }),
  register: memberProcedure.input(PasskeyRegistrationInputSchema).mutation(async ({ ctx, input }) => {
    const token = readChallengeToken(ctx.req.url, ctx.req.headers.get('Cookie'), 'registration');
    const added = await passkeys.registerPasskey(ctx.deps, ctx.actor, ctx.meta, token, input);
    ctx.resHeaders.append('Set-Cookie', clearedChallengeCookie(ctx.req.url, 'registration'));
    return added;
  }),
  rename: memberProcedure.input(RenamePasskeyInputSchema).mutation(({ ctx, input }) => passkeys.renamePasskey(ctx.deps, ctx.actor, input)),
  remove: memberProcedure.input(RemovePasskeyInputSchema).mutation(({ ctx, input }) => passkeys.removePasskey(ctx.deps, ctx.actor, input)),
  authenticationOptions: publicProcedure.mutation(async ({ ctx }) => {
    const { options, token } = await passkeys.passkeyAuthenticationOptions(ctx.deps, ctx.meta);
    ctx.resHeaders.append('Set-Cookie', challengeCookie(ctx.req.url, 'authentication', token));
    return options;
  }),
  authenticate: publicProcedure.input(PasskeyAuthenticationInputSchema).mutation(async ({ ctx, input }) => {
    const token = readChallengeToken(ctx.req.url, ctx.req.headers.get('Cookie'), 'authentication');
    const result = await passkeys.signInWithPasskey(ctx.deps, ctx.meta, token, input);
    for (const cookie of passkeySignInCookies(ctx.req.url, result.session)) ctx.resHeaders.append('Set-Cookie', cookie);
    return loginAnswer(result);
  }),
});
