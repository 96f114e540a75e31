import { Hono } from 'hono';
import {
  ListNotificationsInputSchema,
  MarkNotificationsReadInputSchema,
  NotificationPreferencesInputSchema,
} from '../../../shared/schemas/notifications';
import { parseInput } from '../../platform/app-error';
import type { AppEnv } from '../../platform/hono-env';
import { jsonBody } from '../../platform/json-body';
import { pageQuery, restPage } from '../../platform/link-header';
import { actorOf, requestMeta } from '../../platform/request-actor';
import { members } from '../../platform/rest-guards';
import { openLiveSocket } from './live-route';
import * as notificationsService from './notifications';
import * as preferences from './preferences';

/** Issue 23's REST contract: thin adapters over the services (the tRPC twin is router.ts). */
export const notificationsRoutes = new Hono<AppEnv>()
  .get('/api/notifications', members, async (c) => {
    const input = parseInput(ListNotificationsInputSchema, { ...pageQuery(c), unread: c.req.query('unread') });
    // A bare list, newest first; the next page in the Link header.
    const page = await restPage(c, (deps, actor) => notificationsService.listNotifications(deps, actor, input, requestMeta(c)));
    return c.json(page.items);
  })
  .get('/api/notifications/unread-count', members, async (c) =>
    c.json(await notificationsService.unreadCount(c.get('deps'), await actorOf(c))),
  )
  .post('/api/notifications/read', members, async (c) => {
    const input = await jsonBody(c, MarkNotificationsReadInputSchema);
    return c.json(await notificationsService.markNotificationsRead(c.get('deps'), await actorOf(c), input));
  })
  .get('/api/notification-preferences', members, async (c) =>
    c.json(await preferences.getNotificationPreferences(c.get('deps'), await actorOf(c))),
  )
  .put('/api/notification-preferences', members, async (c) => {
    const input = await jsonBody(c, NotificationPreferencesInputSchema);
    return c.json(await preferences.updateNotificationPreferences(c.get('deps'), await actorOf(c), input));
  })
  .get('/api/live', openLiveSocket);
