import {
  LoginInputSchema,
  TwoFactorCodeInputSchema,
  TwoFactorDisableInputSchema,
  UpdatePasswordInputSchema,
  UpdateUserInputSchema,
} from '../../../shared/schemas/auth';
import { clearedSessionCookie, sessionCookie } from './session-cookie';
import * as account from './account';
import * as twoFactor from './two-factor';
import { loginCookies, readPendingLoginToken, twoFactorLoginCookies } from './two-factor-cookie';
import { memberProcedure, publicProcedure, router, sessionProcedure } from '../../platform/trpc';
import { EndSessionInputSchema } from '../../../shared/schemas/account-sessions';
import * as accountSessions from './account-sessions';
import { passkeysRouter } from './passkeys-router';

// sessionProcedure only where a member whose password an admin reset must still get through:
// her status and details, and the change itself; everything else is memberProcedure, refused
// before its input is read.
export const authRouter = router({
  status: publicProcedure.query(({ ctx }) => account.authStatus(ctx.actor)),
  details: sessionProcedure.query(({ ctx }) => account.userDetails(ctx.actor)),
  login: publicProcedure.input(LoginInputSchema).mutation(async ({ ctx, input }) => {
    const result = await account.login(ctx.deps, ctx.meta, input);
    for (const cookie of loginCookies(ctx.req.url, result)) ctx.resHeaders.append('Set-Cookie', cookie);
    return account.loginAnswer(result);
  }),
  loginTwoFactor: publicProcedure.input(TwoFactorCodeInputSchema).mutation(async ({ ctx, input }) => {
    const pending = readPendingLoginToken(ctx.req.url, ctx.req.headers.get('Cookie'));
    const result = await account.loginTwoFactor(ctx.deps, ctx.meta, pending, input);
    for (const cookie of twoFactorLoginCookies(ctx.req.url, result.session)) ctx.resHeaders.append('Set-Cookie', cookie);
    return account.loginAnswer(result);
  }),
  logout: publicProcedure.mutation(async ({ ctx }) => {
    await account.logout(ctx.deps, ctx.actor);
    ctx.resHeaders.append('Set-Cookie', clearedSessionCookie(ctx.req.url));
    return { ok: true as const };
  }),
  updateUser: memberProcedure.input(UpdateUserInputSchema).mutation(({ ctx, input }) => account.updateUser(ctx.deps, ctx.actor, input)),
  updatePassword: sessionProcedure.input(UpdatePasswordInputSchema).mutation(async ({ ctx, input }) => {
    const session = await account.changePassword(ctx.deps, ctx.actor, input, ctx.meta);
    ctx.resHeaders.append('Set-Cookie', sessionCookie(ctx.req.url, session.token, session.expiresAt));
    return { ok: true as const };
  }),
  sessions: router({
    list: memberProcedure.query(({ ctx }) => accountSessions.listMySessions(ctx.deps, ctx.actor)),
    end: memberProcedure.input(EndSessionInputSchema).mutation(async ({ ctx, input }) => {
      const result = await accountSessions.endSession(ctx.deps, ctx.actor, input);
      // Ending this very session is a logout.
      if (result.current) ctx.resHeaders.append('Set-Cookie', clearedSessionCookie(ctx.req.url));
      return result;
    }),
    endOthers: memberProcedure.mutation(({ ctx }) => accountSessions.endOtherSessions(ctx.deps, ctx.actor)),
  }),
  twoFactor: router({
    status: sessionProcedure.query(({ ctx }) => twoFactor.twoFactorStatus(ctx.actor)),
    setup: memberProcedure.mutation(({ ctx }) => twoFactor.setupTwoFactor(ctx.deps, ctx.actor)),
    enable: memberProcedure
      .input(TwoFactorCodeInputSchema)
      .mutation(({ ctx, input }) => twoFactor.enableTwoFactor(ctx.deps, ctx.actor, input)),
    disable: memberProcedure
      .input(TwoFactorDisableInputSchema)
      .mutation(({ ctx, input }) => twoFactor.disableTwoFactor(ctx.deps, ctx.actor, input)),
  }),
  passkeys: passkeysRouter,
});
