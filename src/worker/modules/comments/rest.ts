import { Hono } from 'hono';
import { commentableId } from '../../../shared/commentable';
import {
  CommentIdInputSchema,
  CreateCommentInputSchema,
  ImageCommentBodySchema,
  ListCommentsInputSchema,
  UpdateCommentBodySchema,
} from '../../../shared/schemas/comments';
import type { AppEnv } from '../../platform/hono-env';
import { parseInput } from '../../platform/app-error';
import { withRoundTrips } from '../../platform/d1-round-trips';
import { pageQuery, setNextLink } from '../../platform/link-header';
import { actorOf } from '../../platform/request-actor';
import * as commentsService from './comments';
import { jsonBody } from '../../platform/json-body';
import { members } from '../../platform/rest-guards';

/** SPEC 7 "Comments" (and the image route of "Images"): thin adapters over comments.ts. */
export const commentsRoutes = new Hono<AppEnv>()
  .get('/api/comments', members, async (c) => {
    const input = parseInput(ListCommentsInputSchema, {
      commentableId: c.req.query('commentableId'),
      order: c.req.query('order'),
      ...pageQuery(c),
    });
    const actor = await actorOf(c);
    // A page in one D1 round trip, shown in Server-Timing (the bench holds it).
    const page = await withRoundTrips(c, (deps) => commentsService.listComments(deps, actor, input));
    // SPEC 7's answer stays an array (a page of it); the next page is in the Link header.
    setNextLink(c, page.nextCursor);
    return c.json(page.items);
  })
  .post('/api/comments', members, async (c) => {
    const input = await jsonBody(c, CreateCommentInputSchema);
    return c.json(await commentsService.createComment(c.get('deps'), await actorOf(c), input), 201);
  })
  .put('/api/comments/:id', members, async (c) => {
    const { id } = parseInput(CommentIdInputSchema, { id: c.req.param('id') });
    const { content } = await jsonBody(c, UpdateCommentBodySchema);
    return c.json(await commentsService.updateComment(c.get('deps'), await actorOf(c), { id, content }));
  })
  .delete('/api/comments/:id', members, async (c) => {
    const input = parseInput(CommentIdInputSchema, { id: c.req.param('id') });
    return c.json(await commentsService.deleteComment(c.get('deps'), await actorOf(c), input));
  })
  .post('/api/comments/:id/like', members, async (c) => {
    const input = parseInput(CommentIdInputSchema, { id: c.req.param('id') });
    return c.json(await commentsService.likeComment(c.get('deps'), await actorOf(c), input));
  })
  .delete('/api/comments/:id/unlike', members, async (c) => {
    const input = parseInput(CommentIdInputSchema, { id: c.req.param('id') });
    return c.json(await commentsService.unlikeComment(c.get('deps'), await actorOf(c), input));
  })
  // SPEC 7 lists this older route as existing but unused by the client; same service, same rules.
  .post('/api/images/:id/comments', members, async (c) => {
    const { id } = parseInput(CommentIdInputSchema, { id: c.req.param('id') });
    const { text } = await jsonBody(c, ImageCommentBodySchema);
    const input = { content: text, commentableId: commentableId('image', id) };
    return c.json(await commentsService.createComment(c.get('deps'), await actorOf(c), input), 201);
  });
