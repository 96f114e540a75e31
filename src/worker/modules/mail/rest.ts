import { Hono } from 'hono';
import { IdSchema } from '../../../shared/schemas/common';
import { SendGroupMailInputSchema, SentMailListInputSchema } from '../../../shared/schemas/mail';
import type { AppEnv } from '../../platform/hono-env';
import { parseInput } from '../../platform/app-error';
import { countingDeps } from '../../platform/d1-round-trips';
import { pageQuery, restPage } from '../../platform/link-header';
import { actorOf } from '../../platform/request-actor';
import { sendGroupMail } from './group-mail';
import { listMailMembers } from './mail-recipients';
import { getSentMail, listSentMail, retryFailedDeliveries } from './sent-mail';
import { jsonBody } from '../../platform/json-body';
import { admins } from '../../platform/rest-guards';

/** SPEC 7 "Admin" mail calls, plus the Sent mail view's: thin adapters over the mail services. */
export const adminMailRoutes = new Hono<AppEnv>()
  .post('/api/admin/send-email', admins, async (c) => {
    const input = await jsonBody(c, SendGroupMailInputSchema);
    const counted = countingDeps(c.get('deps'));
    const result = await sendGroupMail(counted.deps, await actorOf(c), input);
    // The bound the Performance note promises, visible on every send (and read by the bench).
    c.header('Server-Timing', `d1;desc="D1 round trips: ${counted.roundTrips()}"`);
    // 202: recorded and queued; the consumer sends.
    return c.json(result, 202);
  })
  .get('/api/admin/get-members', admins, async (c) => c.json(await listMailMembers(c.get('deps'), await actorOf(c))))
  .get('/api/admin/sent-mail', admins, async (c) => {
    const input = parseInput(SentMailListInputSchema, { kind: c.req.query('kind'), ...pageQuery(c) });
    return c.json((await restPage(c, (deps, actor) => listSentMail(deps, actor, input))).items);
  })
  .get('/api/admin/sent-mail/:id', admins, async (c) => {
    const id = parseInput(IdSchema, c.req.param('id'));
    return c.json(await getSentMail(c.get('deps'), await actorOf(c), id));
  })
  .post('/api/admin/sent-mail/:id/retry', admins, async (c) => {
    const id = parseInput(IdSchema, c.req.param('id'));
    return c.json(await retryFailedDeliveries(c.get('deps'), await actorOf(c), id));
  });
