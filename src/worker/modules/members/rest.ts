import { Hono } from 'hono';
import { ListMembersInputSchema, MemberIdInputSchema } from '../../../shared/schemas/members';
import { parseInput } from '../../platform/app-error';
import type { AppEnv } from '../../platform/hono-env';
import { readJson } from '../../platform/json-body';
import { restPage } from '../../platform/link-header';
import { readForm } from '../../platform/multipart';
import { actorOf } from '../../platform/request-actor';
import { members } from '../../platform/rest-guards';
import * as directory from './directory';
import * as photos from './photos';
import * as profiles from './profiles';
import { memberVcard } from './vcard';

/** Issue 22's REST paths (a contract): thin adapters over the members services; router.ts is their tRPC twin. */
export const membersRoutes = new Hono<AppEnv>()
  // A bare list of cards, the next page in the Link header; one D1 round trip (Server-Timing).
  .get('/api/members', members, async (c) => {
    const input = parseInput(ListMembersInputSchema, c.req.query());
    const page = await restPage(c, (deps, actor) => directory.listMembers(deps, actor, input));
    return c.json(page.items);
  })
  .get('/api/members/:id', members, async (c) => {
    const { id } = parseInput(MemberIdInputSchema, { id: c.req.param('id') });
    return c.json(await directory.getMember(c.get('deps'), await actorOf(c), id));
  })
  .get('/api/members/:id/vcard', members, async (c) => {
    const { id } = parseInput(MemberIdInputSchema, { id: c.req.param('id') });
    const card = await memberVcard(c.get('deps'), await actorOf(c), id);
    return c.body(card.body, 200, { 'Content-Type': 'text/vcard; charset=utf-8', 'Content-Disposition': card.disposition });
  })
  .get('/api/profile', members, async (c) => c.json(await profiles.getMyProfile(c.get('deps'), await actorOf(c))))
  .put('/api/profile', members, async (c) => {
    const changes = profiles.parseProfileChanges(await readJson(c));
    return c.json(await profiles.updateMyProfile(c.get('deps'), await actorOf(c), changes));
  })
  .post('/api/profile/photo', members, async (c) =>
    c.json(
      await photos.uploadProfilePhoto(c.get('deps'), await actorOf(c), {
        contentLength: Number(c.req.header('Content-Length') ?? 0),
        read: async (maxBytes) => {
          const form = await readForm(c.req.raw, maxBytes);
          return { photo: form.get('photo'), small: form.get('photo_small') };
        },
      }),
    ),
  )
  .delete('/api/profile/photo', members, async (c) => c.json(await photos.deleteProfilePhoto(c.get('deps'), await actorOf(c))))
  .on(['GET', 'HEAD'], '/images/members/:key', async (c) =>
    photos.serveMemberPhoto(c.get('deps'), await actorOf(c), c.req.param('key'), c.req.raw),
  );
