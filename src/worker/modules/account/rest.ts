import { Hono } from 'hono';
import { EmailPreferencesSchema } from '../../../shared/schemas/account';
import type { AppEnv } from '../../platform/hono-env';
import { jsonBody } from '../../platform/json-body';
import { actorOf } from '../../platform/request-actor';
import * as emailPreferences from '../mail/email-preferences';

/** The member's own data (issue 12): thin adapters (the tRPC twin is router.ts). */
export const accountRoutes = new Hono<AppEnv>()
  .get('/api/account/email-preferences', async (c) => c.json(await emailPreferences.getEmailPreferences(c.get('deps'), await actorOf(c))))
  .put('/api/account/email-preferences', async (c) => {
    const input = await jsonBody(c, EmailPreferencesSchema);
    return c.json(await emailPreferences.updateEmailPreferences(c.get('deps'), await actorOf(c), input));
  });
