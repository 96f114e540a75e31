import { Hono } from 'hono';
import { DeadLetterIdInputSchema, ListDeadLettersInputSchema } from '../../../shared/schemas/operations';
import { parseInput } from '../../platform/app-error';
import type { AppEnv } from '../../platform/hono-env';
import { pageQuery, restPage } from '../../platform/link-header';
import { actorOf, requestMeta } from '../../platform/request-actor';
import { admins } from '../../platform/rest-guards';
import * as deadLetters from './dead-letters';
import { checkHealth } from './health';

/** Issue 44: the club's health, and the dead letters admins look after (the tRPC twin is router.ts). */
export const operationsRoutes = new Hono<AppEnv>()
  .get('/healthz', async (c) => {
    const { health, serving } = await checkHealth(c.get('deps'));
    // Never kept by a cache: each poll asks again.
    c.header('Cache-Control', 'no-store');
    return c.json(health, serving ? 200 : 503);
  })
  .get('/api/admin/dead-letters', admins, async (c) => {
    const input = parseInput(ListDeadLettersInputSchema, { ...pageQuery(c), status: c.req.query('status') });
    // A bare list, newest first; the next page in the Link header.
    return c.json((await restPage(c, (deps, actor) => deadLetters.listDeadLetters(deps, actor, input, requestMeta(c)))).items);
  })
  .post('/api/admin/dead-letters/:id/retry', admins, async (c) => {
    const input = parseInput(DeadLetterIdInputSchema, { id: c.req.param('id') });
    return c.json(await deadLetters.retryDeadLetter(c.get('deps'), await actorOf(c), input, requestMeta(c)));
  })
  .post('/api/admin/dead-letters/:id/discard', admins, async (c) => {
    const input = parseInput(DeadLetterIdInputSchema, { id: c.req.param('id') });
    return c.json(await deadLetters.discardDeadLetter(c.get('deps'), await actorOf(c), input, requestMeta(c)));
  });
