import { Hono } from 'hono';
import {
  PasskeyAuthenticationInputSchema,
  PasskeyRegistrationInputSchema,
  PasskeyRegistrationOptionsInputSchema,
  RemovePasskeyInputSchema,
  RenamePasskeyInputSchema,
} from '../../../shared/schemas/passkeys';
import type { AppEnv } from '../../platform/hono-env';
import { jsonBody, jsonBodyWith } from '../../platform/json-body';
import { actorOf, requestMeta } from '../../platform/request-actor';
import { loginAnswer } from './account';
import { challengeCookie, clearedChallengeCookie, passkeySignInCookies, readChallengeToken } from './passkey-challenges';
import * as passkeys from './passkeys';

/** Issue 25's passkey contract: thin adapters over passkeys.ts (the tRPC twin is passkeys-router.ts). */
export const passkeyRoutes = new Hono<AppEnv>()
  .get('/api/passkeys', async (c) => c.json(await passkeys.listPasskeys(c.get('deps'), await actorOf(c))))
  .post('/api/passkeys/registration/options', async (c) => {
    const input = await jsonBody(c, PasskeyRegistrationOptionsInputSchema);
    const { options, token } = await passkeys.passkeyRegistrationOptions(c.get('deps'), await actorOf(c), input);
    c.header('Set-Cookie', challengeCookie(c.req.url, 'registration', token), { append: true });
    return c.json(options);
  })
  .post('/api/passkeys/registration', async (c) => {
    const input = await jsonBody(c, PasskeyRegistrationInputSchema);
    const token = readChallengeToken(c.req.url, c.req.header('Cookie'), 'registration');
    const added = await passkeys.registerPasskey(c.get('deps'), await actorOf(c), requestMeta(c), token, input);
    c.header('Set-Cookie', clearedChallengeCookie(c.req.url, 'registration'), { append: true });
    return c.json(added, 201);
  })
  .patch('/api/passkeys/:id', async (c) => {
    const input = await jsonBodyWith(c, RenamePasskeyInputSchema, { id: c.req.param('id') });
    return c.json(await passkeys.renamePasskey(c.get('deps'), await actorOf(c), input));
  })
  .delete('/api/passkeys/:id', async (c) => {
    const input = await jsonBodyWith(c, RemovePasskeyInputSchema, { id: c.req.param('id') });
    return c.json(await passkeys.removePasskey(c.get('deps'), await actorOf(c), input));
  })
  .post('/api/passkeys/authentication/options', async (c) => {
    const { options, token } = await passkeys.passkeyAuthenticationOptions(c.get('deps'), requestMeta(c));
    c.header('Set-Cookie', challengeCookie(c.req.url, 'authentication', token), { append: true });
    return c.json(options);
  })
  .post('/api/passkeys/authentication', async (c) => {
    const input = await jsonBody(c, PasskeyAuthenticationInputSchema);
    const token = readChallengeToken(c.req.url, c.req.header('Cookie'), 'authentication');
    const result = await passkeys.signInWithPasskey(c.get('deps'), requestMeta(c), token, input);
    for (const cookie of passkeySignInCookies(c.req.url, result.session)) c.header('Set-Cookie', cookie, { append: true });
    return c.json(loginAnswer(result));
  });
