import { Hono } from 'hono';
import {
  LoginInputSchema,
  TwoFactorCodeInputSchema,
  TwoFactorDisableInputSchema,
  UpdatePasswordInputSchema,
  UpdateUserInputSchema,
} from '../../../shared/schemas/auth';
import type { AppEnv } from '../../platform/hono-env';
import { clearedSessionCookie, sessionCookie } from './session-cookie';
import { actorOf, requestMeta } from '../../platform/request-actor';
import * as account from './account';
import * as twoFactor from './two-factor';
import { loginCookies, readPendingLoginToken, twoFactorLoginCookies } from './two-factor-cookie';
import { jsonBody } from '../../platform/json-body';
import { parseInput } from '../../platform/app-error';
import { EndSessionInputSchema } from '../../../shared/schemas/account-sessions';
import * as accountSessions from './account-sessions';

/** SPEC 7 "Auth and account" and issue 11's 2FA contract: thin adapters over account.ts and two-factor.ts (the tRPC twin is router.ts). */
export const authRoutes = new Hono<AppEnv>()
  .get('/auth-status', async (c) => c.json(account.authStatus(await actorOf(c))))
  .post('/login', async (c) => {
    const input = await jsonBody(c, LoginInputSchema);
    const result = await account.login(c.get('deps'), requestMeta(c), input);
    for (const cookie of loginCookies(c.req.url, result)) c.header('Set-Cookie', cookie, { append: true });
    return c.json(account.loginAnswer(result));
  })
  .post('/login/2fa', async (c) => {
    const input = await jsonBody(c, TwoFactorCodeInputSchema);
    const pending = readPendingLoginToken(c.req.url, c.req.header('Cookie'));
    const result = await account.loginTwoFactor(c.get('deps'), requestMeta(c), pending, input);
    for (const cookie of twoFactorLoginCookies(c.req.url, result.session)) c.header('Set-Cookie', cookie, { append: true });
    return c.json(account.loginAnswer(result));
  })
  .post('/logout', async (c) => {
    await account.logout(c.get('deps'), await actorOf(c));
    c.header('Set-Cookie', clearedSessionCookie(c.req.url), { append: true });
    return c.json({ ok: true });
  })
  .get('/user-details', async (c) => c.json(account.userDetails(await actorOf(c))))
  .post('/update-user', async (c) => {
    const input = await jsonBody(c, UpdateUserInputSchema);
    const user = await account.updateUser(c.get('deps'), await actorOf(c), input);
    return c.json({ message: 'User details updated successfully', user });
  })
  .post('/update-password', async (c) => {
    const input = await jsonBody(c, UpdatePasswordInputSchema);
    const session = await account.changePassword(c.get('deps'), await actorOf(c), input, requestMeta(c));
    c.header('Set-Cookie', sessionCookie(c.req.url, session.token, session.expiresAt), { append: true });
    return c.json({ message: 'Password updated successfully' });
  })
  .get('/api/account/sessions', async (c) => c.json(await accountSessions.listMySessions(c.get('deps'), await actorOf(c))))
  .delete('/api/account/sessions/:id', async (c) => {
    const input = parseInput(EndSessionInputSchema, { id: c.req.param('id') });
    const result = await accountSessions.endSession(c.get('deps'), await actorOf(c), input);
    // Ending this very session is a logout.
    if (result.current) c.header('Set-Cookie', clearedSessionCookie(c.req.url), { append: true });
    return c.json(result);
  })
  .post('/api/account/sessions/end-others', async (c) => c.json(await accountSessions.endOtherSessions(c.get('deps'), await actorOf(c))))
  .get('/api/account/2fa', async (c) => c.json(twoFactor.twoFactorStatus(await actorOf(c))))
  .post('/api/account/2fa/setup', async (c) => c.json(await twoFactor.setupTwoFactor(c.get('deps'), await actorOf(c))))
  .post('/api/account/2fa/enable', async (c) => {
    const input = await jsonBody(c, TwoFactorCodeInputSchema);
    return c.json(await twoFactor.enableTwoFactor(c.get('deps'), await actorOf(c), input));
  })
  .post('/api/account/2fa/disable', async (c) => {
    const input = await jsonBody(c, TwoFactorDisableInputSchema);
    return c.json(await twoFactor.disableTwoFactor(c.get('deps'), await actorOf(c), input));
  });
