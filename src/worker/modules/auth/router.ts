import { LoginInputSchema, UpdatePasswordInputSchema, UpdateUserInputSchema } from '../../../shared/schemas/auth';
import { clearedSessionCookie, sessionCookie } from './session-cookie';
import * as account from './account';
import { publicProcedure, router, sessionProcedure } from '../../platform/trpc';

export const authRouter = router({
  status: publicProcedure.query(({ ctx }) => account.authStatus(ctx.actor)),
  details: sessionProcedure.query(({ ctx }) => account.userDetails(ctx.actor)),
  login: publicProcedure.input(LoginInputSchema).mutation(async ({ ctx, input }) => {
    const session = await account.login(ctx.deps, ctx.meta, input);
    ctx.resHeaders.append('Set-Cookie', sessionCookie(ctx.req.url, session.token, session.expiresAt));
    return { ok: true as const, user: session.user };
  }),
  logout: publicProcedure.mutation(async ({ ctx }) => {
    await account.logout(ctx.deps, ctx.actor);
    ctx.resHeaders.append('Set-Cookie', clearedSessionCookie(ctx.req.url));
    return { ok: true as const };
  }),
  updateUser: sessionProcedure.input(UpdateUserInputSchema).mutation(({ ctx, input }) => account.updateUser(ctx.deps, ctx.actor, input)),
  updatePassword: sessionProcedure.input(UpdatePasswordInputSchema).mutation(async ({ ctx, input }) => {
    const session = await account.changePassword(ctx.deps, ctx.actor, input);
    ctx.resHeaders.append('Set-Cookie', sessionCookie(ctx.req.url, session.token, session.expiresAt));
    return { ok: true as const };
  }),
});
