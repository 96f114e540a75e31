import { Hono } from 'hono';
import { LoginInputSchema, UpdatePasswordInputSchema, UpdateUserInputSchema } from '../../../shared/schemas/auth';
import type { AppEnv } from '../../platform/hono-env';
import { clearedSessionCookie, sessionCookie } from './session-cookie';
import { actorOf, requestMeta } from '../../platform/request-actor';
import * as account from './account';
import { jsonBody } from '../../platform/json-body';
import { parseInput } from '../../platform/app-error';
import { EndSessionInputSchema } from '../../../shared/schemas/account-sessions';
import * as accountSessions from './account-sessions';

/** SPEC 7 "Auth and account": thin adapters over account.ts (the tRPC twin is router.ts). */
export const authRoutes = new Hono<AppEnv>()
  .get('/auth-status', async (c) => c.json(account.authStatus(await actorOf(c))))
  .post('/login', async (c) => {
    const input = await jsonBody(c, LoginInputSchema);
    const session = await account.login(c.get('deps'), requestMeta(c), input);
    c.header('Set-Cookie', sessionCookie(c.req.url, session.token, session.expiresAt), { append: true });
    return c.json({ ok: true, user: session.user });
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
  .post('/api/account/sessions/end-others', async (c) => c.json(await accountSessions.endOtherSessions(c.get('deps'), await actorOf(c))));
