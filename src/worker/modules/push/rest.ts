import { Hono } from 'hono';
import { PushSubscriptionIdSchema, PushSubscriptionInputSchema } from '../../../shared/schemas/push';
import { parseInput } from '../../platform/app-error';
import type { AppEnv } from '../../platform/hono-env';
import { jsonBody } from '../../platform/json-body';
import { actorOf } from '../../platform/request-actor';
import { members } from '../../platform/rest-guards';
import * as subscriptions from './subscriptions';

/** Issue 40's REST contract: thin adapters over subscriptions.ts (the tRPC twin is router.ts). */
export const pushRoutes = new Hono<AppEnv>()
  .get('/api/push/key', members, async (c) => c.json(subscriptions.pushPublicKey(c.get('deps'), await actorOf(c))))
  .post('/api/push/subscriptions', members, async (c) => {
    const input = await jsonBody(c, PushSubscriptionInputSchema);
    const { id, created } = await subscriptions.savePushSubscription(c.get('deps'), await actorOf(c), input);
    return c.json({ id }, created ? 201 : 200);
  })
  // Her devices: a handful at most (one per signed-in session), so one bare list without pages.
  .get('/api/push/subscriptions', members, async (c) => c.json(await subscriptions.listPushSubscriptions(c.get('deps'), await actorOf(c))))
  .delete('/api/push/subscriptions/:id', members, async (c) => {
    const { id } = parseInput(PushSubscriptionIdSchema, { id: c.req.param('id') });
    await subscriptions.deletePushSubscription(c.get('deps'), await actorOf(c), id);
    return c.body(null, 204);
  });
