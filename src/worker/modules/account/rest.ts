import { Hono } from 'hono';
import { DeleteAccountInputSchema, EmailPreferencesSchema } from '../../../shared/schemas/account';
import { clearedSessionCookie } from '../auth/session-cookie';
import { deleteMyAccount } from './delete-account';
import { exportMyData } from './export-data';
import type { AppEnv } from '../../platform/hono-env';
import { jsonBody } from '../../platform/json-body';
import { actorOf, requestMeta } from '../../platform/request-actor';
import { attachmentResponse } from '../../platform/attachment';
import * as emailPreferences from '../mail/email-preferences';
import { PreferencesUpdateSchema } from '../../../shared/schemas/preferences';
import { getPreferences, preferenceCookies, updatePreferences } from './preferences';

/** The member's own data (issue 12): thin adapters (the tRPC twin is router.ts). */
export const accountRoutes = new Hono<AppEnv>()
  .get('/api/account/email-preferences', async (c) => c.json(await emailPreferences.getEmailPreferences(c.get('deps'), await actorOf(c))))
  .put('/api/account/email-preferences', async (c) => {
    const input = await jsonBody(c, EmailPreferencesSchema);
    return c.json(await emailPreferences.updateEmailPreferences(c.get('deps'), await actorOf(c), input));
  })
  .get('/api/preferences', async (c) => c.json(getPreferences(await actorOf(c), requestMeta(c))))
  .put('/api/preferences', async (c) => {
    const input = await jsonBody(c, PreferencesUpdateSchema);
    const prefs = await updatePreferences(c.get('deps'), await actorOf(c), requestMeta(c), input);
    for (const cookie of preferenceCookies(prefs, c.req.url)) c.header('Set-Cookie', cookie, { append: true });
    return c.json(prefs);
  })
  .get('/api/account/export', async (c) => {
    const { filename, stream } = await exportMyData(c.get('deps'), await actorOf(c), requestMeta(c));
    return attachmentResponse(stream, filename, 'application/zip');
  })
  .delete('/api/account', async (c) => {
    const input = await jsonBody(c, DeleteAccountInputSchema);
    const result = await deleteMyAccount(c.get('deps'), await actorOf(c), input);
    // Her sessions went with her row: the cookie goes too.
    c.header('Set-Cookie', clearedSessionCookie(c.req.url), { append: true });
    return c.json(result);
  });
