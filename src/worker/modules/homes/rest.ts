import { Hono } from 'hono';
import {
  HideHomeFieldsSchema,
  HomeFieldsSchema,
  HomeIdInputSchema,
  ListHomesInputSchema,
  ListStaysInputSchema,
  StayRequestFieldsSchema,
  StayStatusFieldsSchema,
} from '../../../shared/schemas/homes';
import { parseInput } from '../../platform/app-error';
import type { AppEnv } from '../../platform/hono-env';
import { jsonBody } from '../../platform/json-body';
import { restPage } from '../../platform/link-header';
import { actorOf } from '../../platform/request-actor';
import * as homesService from './homes';
import * as staysService from './stays';
import { admins, members } from '../../platform/rest-guards';

/** Issue 16's REST paths for homes and stays: thin adapters over homes.ts and stays.ts (the tRPC twin is router.ts). */
export const homesRoutes = new Hono<AppEnv>()
  // One D1 round trip per page (the first of /homes/mine too), shown in Server-Timing.
  // A bare list, the next page in Link (issue 47); can_create is the screens' (tRPC) and user-details' can.
  .get('/api/homes', members, async (c) => {
    const input = parseInput(ListHomesInputSchema, c.req.query());
    return c.json((await restPage(c, (deps, actor) => homesService.listHomes(deps, actor, input))).items);
  })
  .get('/api/homes/:id', members, async (c) => {
    const input = parseInput(HomeIdInputSchema, { id: c.req.param('id') });
    return c.json(await homesService.getHome(c.get('deps'), await actorOf(c), input));
  })
  .post('/api/homes', members, async (c) => {
    const input = await jsonBody(c, HomeFieldsSchema);
    return c.json(await homesService.createHome(c.get('deps'), await actorOf(c), input), 201);
  })
  .put('/api/homes/:id', members, async (c) => {
    const { id } = parseInput(HomeIdInputSchema, { id: c.req.param('id') });
    const fields = await jsonBody(c, HomeFieldsSchema);
    return c.json(await homesService.updateHome(c.get('deps'), await actorOf(c), { id, ...fields }));
  })
  .patch('/api/homes/:id', admins, async (c) => {
    const { id } = parseInput(HomeIdInputSchema, { id: c.req.param('id') });
    const fields = await jsonBody(c, HideHomeFieldsSchema);
    return c.json(await homesService.setHomeHidden(c.get('deps'), await actorOf(c), { id, ...fields }));
  })
  .delete('/api/homes/:id', members, async (c) => {
    const input = parseInput(HomeIdInputSchema, { id: c.req.param('id') });
    return c.json(await homesService.deleteHome(c.get('deps'), await actorOf(c), input));
  })
  .post('/api/homes/:id/stays', members, async (c) => {
    const { id } = parseInput(HomeIdInputSchema, { id: c.req.param('id') });
    const fields = await jsonBody(c, StayRequestFieldsSchema);
    return c.json(await staysService.requestStay(c.get('deps'), await actorOf(c), { homeId: id, ...fields }), 201);
  })
  .get('/api/stays', members, async (c) => {
    const input = parseInput(ListStaysInputSchema, c.req.query());
    return c.json((await restPage(c, (deps, actor) => staysService.listStays(deps, actor, input))).items);
  })
  .patch('/api/stays/:id', members, async (c) => {
    const { id } = parseInput(HomeIdInputSchema, { id: c.req.param('id') });
    const fields = await jsonBody(c, StayStatusFieldsSchema);
    return c.json(await staysService.updateStay(c.get('deps'), await actorOf(c), { id, ...fields }));
  });
