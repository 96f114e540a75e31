import { Hono } from 'hono';
import {
  BlockInputSchema,
  ConversationIdInputSchema,
  EditMessageInputSchema,
  ListConversationsInputSchema,
  ListMessagesInputSchema,
  ListReportsInputSchema,
  MessageIdInputSchema,
  PrivacySettingsSchema,
  ReportMessageInputSchema,
  ResolveReportInputSchema,
  SendMessageInputSchema,
  StartConversationInputSchema,
} from '../../../shared/schemas/messages';
import { parseInput } from '../../platform/app-error';
import type { AppEnv } from '../../platform/hono-env';
import { jsonBody, jsonBodyWith } from '../../platform/json-body';
import { pageQuery, restPage } from '../../platform/link-header';
import { actorOf } from '../../platform/request-actor';
import { admins, members } from '../../platform/rest-guards';
import * as blocks from './blocks';
import * as conversations from './conversations';
import * as messages from './messages';
import * as privacy from './privacy';
import * as reports from './reports';

/**
 * Issue 38's REST paths (a contract, as the issue lists them): thin adapters over the messages
 * services; router.ts is their tRPC twin. Lists are bare, the next page in the Link header, each
 * page one D1 round trip (Server-Timing).
 */
export const messagesRoutes = new Hono<AppEnv>()
  .get('/api/conversations', members, async (c) => {
    const input = parseInput(ListConversationsInputSchema, pageQuery(c));
    const page = await restPage(c, (deps, actor) => conversations.listConversations(deps, actor, input));
    return c.json(page.items);
  })
  .post('/api/conversations', members, async (c) => {
    const input = await jsonBody(c, StartConversationInputSchema);
    const started = await conversations.startConversation(c.get('deps'), await actorOf(c), input);
    // A new conversation is 201; the pair's own, reused, 200.
    return started.created ? c.json(started.conversation, 201) : c.json(started.conversation, 200);
  })
  .get('/api/conversations/:id/messages', members, async (c) => {
    const input = parseInput(ListMessagesInputSchema, { id: c.req.param('id'), ...pageQuery(c) });
    const page = await restPage(c, (deps, actor) => messages.listMessages(deps, actor, input));
    return c.json(page.items);
  })
  .post('/api/conversations/:id/messages', members, async (c) => {
    const input = await jsonBodyWith(c, SendMessageInputSchema, { id: c.req.param('id') });
    return c.json(await messages.sendMessage(c.get('deps'), await actorOf(c), input), 201);
  })
  .post('/api/conversations/:id/read', members, async (c) => {
    const input = parseInput(ConversationIdInputSchema, { id: c.req.param('id') });
    return c.json(await conversations.markConversationRead(c.get('deps'), await actorOf(c), input));
  })
  .post('/api/conversations/:id/leave', members, async (c) => {
    const input = parseInput(ConversationIdInputSchema, { id: c.req.param('id') });
    await conversations.leaveConversation(c.get('deps'), await actorOf(c), input);
    return c.body(null, 204);
  })
  .patch('/api/messages/:id', members, async (c) => {
    const input = await jsonBodyWith(c, EditMessageInputSchema, { id: c.req.param('id') });
    return c.json(await messages.editMessage(c.get('deps'), await actorOf(c), input));
  })
  .delete('/api/messages/:id', members, async (c) => {
    const input = parseInput(MessageIdInputSchema, { id: c.req.param('id') });
    await messages.deleteMessage(c.get('deps'), await actorOf(c), input);
    return c.body(null, 204);
  })
  .post('/api/messages/:id/report', members, async (c) => {
    const input = await jsonBodyWith(c, ReportMessageInputSchema, { id: c.req.param('id') });
    return c.json(await reports.reportMessage(c.get('deps'), await actorOf(c), input), 201);
  })
  .get('/api/privacy', members, async (c) => c.json(await privacy.getPrivacy(c.get('deps'), await actorOf(c))))
  .put('/api/privacy', members, async (c) => {
    const input = await jsonBody(c, PrivacySettingsSchema);
    return c.json(await privacy.setPrivacy(c.get('deps'), await actorOf(c), input));
  })
  .get('/api/blocks', members, async (c) => c.json(await blocks.listBlocks(c.get('deps'), await actorOf(c))))
  .post('/api/blocks', members, async (c) => {
    const input = await jsonBody(c, BlockInputSchema);
    return c.json(await blocks.blockMember(c.get('deps'), await actorOf(c), input), 201);
  })
  .delete('/api/blocks/:member_id', members, async (c) => {
    const input = parseInput(BlockInputSchema, { member_id: c.req.param('member_id') });
    await blocks.unblockMember(c.get('deps'), await actorOf(c), input);
    return c.body(null, 204);
  })
  .get('/api/admin/reports', admins, async (c) => {
    const input = parseInput(ListReportsInputSchema, { status: c.req.query('status'), ...pageQuery(c) });
    const page = await restPage(c, (deps, actor) => reports.listReports(deps, actor, input));
    return c.json(page.items);
  })
  .post('/api/admin/reports/:id', admins, async (c) => {
    const input = await jsonBodyWith(c, ResolveReportInputSchema, { id: c.req.param('id') });
    return c.json(await reports.resolveReport(c.get('deps'), await actorOf(c), input));
  });
