import { Hono } from 'hono';
import { IdSchema } from '../../../shared/schemas/common';
import {
  AddHostFieldsSchema,
  AnswerRequestFieldsSchema,
  CirclePageQuerySchema,
  CircleSlugSchema,
  ClosePostFieldsSchema,
  CreateCircleInputSchema,
  CreatePostFieldsSchema,
  DecideProposalFieldsSchema,
  ListProposalsInputSchema,
  MuteCircleFieldsSchema,
  PinPostFieldsSchema,
  ProposeCircleInputSchema,
  UpdateCircleFieldsSchema,
  UpdatePostFieldsSchema,
} from '../../../shared/schemas/circles';
import { parseInput } from '../../platform/app-error';
import type { AppEnv } from '../../platform/hono-env';
import { jsonBody } from '../../platform/json-body';
import { pageQuery, restPage } from '../../platform/link-header';
import { actorOf } from '../../platform/request-actor';
import { admins, members } from '../../platform/rest-guards';
import * as circles from './circles';
import * as membership from './membership';
import * as posts from './posts';
import * as proposals from './proposals';

/** Issue 39's REST paths (a contract): thin adapters over the circles services; router.ts is their tRPC twin. */

const slugOf = (slug: string) => parseInput(CircleSlugSchema, slug);
const idOf = (id: string) => parseInput(IdSchema, id);

export const circlesRoutes = new Hono<AppEnv>()
  .get('/api/circles', members, async (c) => c.json(await circles.listCircles(c.get('deps'), await actorOf(c))))
  .post('/api/circles', admins, async (c) => {
    const input = await jsonBody(c, CreateCircleInputSchema);
    return c.json(await circles.createCircle(c.get('deps'), await actorOf(c), input), 201);
  })
  .get('/api/circles/:slug', members, async (c) =>
    c.json(await circles.getCircle(c.get('deps'), await actorOf(c), { slug: slugOf(c.req.param('slug')) })),
  )
  .patch('/api/circles/:slug', members, async (c) => {
    const slug = slugOf(c.req.param('slug'));
    const fields = await jsonBody(c, UpdateCircleFieldsSchema);
    return c.json(await circles.updateCircle(c.get('deps'), await actorOf(c), { slug, ...fields }));
  })
  .delete('/api/circles/:slug', admins, async (c) => {
    await circles.deleteCircle(c.get('deps'), await actorOf(c), { slug: slugOf(c.req.param('slug')) });
    return c.body(null, 204);
  })
  .post('/api/circles/:slug/hosts', admins, async (c) => {
    const slug = slugOf(c.req.param('slug'));
    const { member_id } = await jsonBody(c, AddHostFieldsSchema);
    return c.json(await circles.addHost(c.get('deps'), await actorOf(c), { slug, member_id }));
  })
  .delete('/api/circles/:slug/hosts/:member_id', admins, async (c) => {
    const input = { slug: slugOf(c.req.param('slug')), member_id: idOf(c.req.param('member_id')) };
    return c.json(await circles.removeHost(c.get('deps'), await actorOf(c), input));
  })
  .post('/api/circles/:slug/join', members, async (c) => {
    const answer = await membership.joinCircle(c.get('deps'), await actorOf(c), { slug: slugOf(c.req.param('slug')) });
    return 'joined' in answer ? c.json(answer, 200) : c.json(answer, 202);
  })
  .post('/api/circles/:slug/leave', members, async (c) => {
    await membership.leaveCircle(c.get('deps'), await actorOf(c), { slug: slugOf(c.req.param('slug')) });
    return c.body(null, 204);
  })
  .post('/api/circles/:slug/mute', members, async (c) => {
    const slug = slugOf(c.req.param('slug'));
    const { muted } = await jsonBody(c, MuteCircleFieldsSchema);
    return c.json(await membership.muteCircle(c.get('deps'), await actorOf(c), { slug, muted }));
  })
  .get('/api/circles/:slug/requests', members, async (c) =>
    c.json(await membership.listRequests(c.get('deps'), await actorOf(c), { slug: slugOf(c.req.param('slug')) })),
  )
  .post('/api/circles/:slug/requests/:member_id', members, async (c) => {
    const slug = slugOf(c.req.param('slug'));
    const member_id = idOf(c.req.param('member_id'));
    const { accept } = await jsonBody(c, AnswerRequestFieldsSchema);
    return c.json(await membership.answerRequest(c.get('deps'), await actorOf(c), { slug, member_id, accept }));
  })
  // Bare lists of a page, the next one in the Link header; one D1 round trip each (Server-Timing).
  .get('/api/circles/:slug/members', members, async (c) => {
    const input = { ...parseInput(CirclePageQuerySchema, pageQuery(c)), slug: slugOf(c.req.param('slug')) };
    const page = await restPage(c, (deps, actor) => membership.listCircleMembers(deps, actor, input));
    return c.json(page.items);
  })
  .get('/api/circles/:slug/posts', members, async (c) => {
    const input = { ...parseInput(CirclePageQuerySchema, pageQuery(c)), slug: slugOf(c.req.param('slug')) };
    const page = await restPage(c, (deps, actor) => posts.listPosts(deps, actor, input));
    return c.json(page.items);
  })
  .post('/api/circles/:slug/posts', members, async (c) => {
    const slug = slugOf(c.req.param('slug'));
    const fields = await jsonBody(c, CreatePostFieldsSchema);
    return c.json(await posts.createPost(c.get('deps'), await actorOf(c), { slug, ...fields }), 201);
  })
  .patch('/api/posts/:id', members, async (c) => {
    const id = idOf(c.req.param('id'));
    const fields = await jsonBody(c, UpdatePostFieldsSchema);
    return c.json(await posts.updatePost(c.get('deps'), await actorOf(c), { id, ...fields }));
  })
  .delete('/api/posts/:id', members, async (c) => {
    await posts.deletePost(c.get('deps'), await actorOf(c), { id: idOf(c.req.param('id')) });
    return c.body(null, 204);
  })
  .post('/api/posts/:id/pin', members, async (c) => {
    const id = idOf(c.req.param('id'));
    const { pinned } = await jsonBody(c, PinPostFieldsSchema);
    return c.json(await posts.pinPost(c.get('deps'), await actorOf(c), { id, pinned }));
  })
  .post('/api/posts/:id/close', members, async (c) => {
    const id = idOf(c.req.param('id'));
    const { closed } = await jsonBody(c, ClosePostFieldsSchema);
    return c.json(await posts.closePost(c.get('deps'), await actorOf(c), { id, closed }));
  })
  .post('/api/posts/:id/like', members, async (c) =>
    c.json(await posts.likePost(c.get('deps'), await actorOf(c), { id: idOf(c.req.param('id')), liked: true })),
  )
  .delete('/api/posts/:id/like', members, async (c) =>
    c.json(await posts.likePost(c.get('deps'), await actorOf(c), { id: idOf(c.req.param('id')), liked: false })),
  )
  .post('/api/circle-proposals', members, async (c) => {
    const input = await jsonBody(c, ProposeCircleInputSchema);
    return c.json(await proposals.proposeCircle(c.get('deps'), await actorOf(c), input), 201);
  })
  .get('/api/admin/circle-proposals', admins, async (c) => {
    const input = parseInput(ListProposalsInputSchema, c.req.query());
    const page = await restPage(c, (deps, actor) => proposals.listProposals(deps, actor, input));
    return c.json(page.items);
  })
  .post('/api/admin/circle-proposals/:id', admins, async (c) => {
    const id = idOf(c.req.param('id'));
    const { accept } = await jsonBody(c, DecideProposalFieldsSchema);
    return c.json(await proposals.decideProposal(c.get('deps'), await actorOf(c), { id, accept }));
  })
  // The public Activities page: each circle's name and member count, nothing more.
  .get('/api/activities/circles', async (c) => c.json(await circles.circleCounts(c.get('deps'))));
