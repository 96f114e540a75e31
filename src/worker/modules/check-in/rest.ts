import { Hono, type Context } from 'hono';
import { CheckInInputSchema, CoHostsInputSchema, EventMemberInputSchema, FeedbackInputSchema } from '../../../shared/schemas/check-in';
import { EventIdInputSchema } from '../../../shared/schemas/events';
import { parseInput } from '../../platform/app-error';
import type { AppEnv } from '../../platform/hono-env';
import { jsonBodyWith } from '../../platform/json-body';
import { actorOf } from '../../platform/request-actor';
import { members } from '../../platform/rest-guards';
import { getTicket } from '../events/tickets';
import * as checkIn from './check-in';
import { setCoHosts } from './co-hosts';
import * as feedback from './feedback';

/** Issue 43's REST paths (a contract): thin adapters over the door's services; router.ts is their tRPC twin. */

const eventOf = (c: Context<AppEnv>) => parseInput(EventIdInputSchema, { id: c.req.param('id') });
const eventMemberOf = (c: Context<AppEnv>) =>
  parseInput(EventMemberInputSchema, { id: c.req.param('id'), member_id: c.req.param('member_id') });

export const checkInRoutes = new Hono<AppEnv>()
  .get('/api/events/:id/ticket', members, async (c) => c.json(await getTicket(c.get('deps'), await actorOf(c), eventOf(c))))
  .get('/api/events/:id/check-in', members, async (c) => c.json(await checkIn.checkInList(c.get('deps'), await actorOf(c), eventOf(c))))
  .post('/api/events/:id/check-in', members, async (c) => {
    const input = await jsonBodyWith(c, CheckInInputSchema, { id: c.req.param('id') });
    return c.json(await checkIn.checkIn(c.get('deps'), await actorOf(c), input));
  })
  .delete('/api/events/:id/check-in/:member_id', members, async (c) => {
    await checkIn.undoCheckIn(c.get('deps'), await actorOf(c), eventMemberOf(c));
    return c.body(null, 204);
  })
  .post('/api/events/:id/walk-ins', members, async (c) => {
    const input = await jsonBodyWith(c, EventMemberInputSchema, { id: c.req.param('id') });
    const { created, ...answer } = await checkIn.addWalkIn(c.get('deps'), await actorOf(c), input);
    return created ? c.json(answer, 201) : c.json(answer, 200);
  })
  .put('/api/events/:id/co-hosts', members, async (c) => {
    const input = await jsonBodyWith(c, CoHostsInputSchema, { id: c.req.param('id') });
    return c.json(await setCoHosts(c.get('deps'), await actorOf(c), input));
  })
  .post('/api/events/:id/feedback', members, async (c) => {
    const input = await jsonBodyWith(c, FeedbackInputSchema, { id: c.req.param('id') });
    return c.json(await feedback.giveFeedback(c.get('deps'), await actorOf(c), input), 201);
  })
  .get('/api/events/:id/feedback', members, async (c) => c.json(await feedback.listFeedback(c.get('deps'), await actorOf(c), eventOf(c))));
