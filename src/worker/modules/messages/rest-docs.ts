import * as z from 'zod';
import {
  BlockInputSchema,
  ConversationIdInputSchema,
  EditMessageInputSchema,
  ListConversationsInputSchema,
  ListReportsInputSchema,
  MESSAGES_FROM,
  MessageIdInputSchema,
  PrivacySettingsSchema,
  REPORT_STATUSES,
  ReportMessageInputSchema,
  ResolveReportInputSchema,
  SendMessageInputSchema,
  StartConversationInputSchema,
} from '../../../shared/schemas/messages';
import { PageQuerySchema } from '../../../shared/schemas/page';
import { describeRoutes, IsoDateTime } from '../../platform/openapi';
import type { messagesRoutes } from './rest';

const MessageMemberSchema = z
  .object({
    id: z.number().int().nullable().describe('null for a deleted member'),
    name: z.string().describe("'Deleted member' for a deleted member"),
    photo_url: z.string().nullable().describe('Her small photo when she shows it to the viewer (issue 22), else null'),
  })
  .meta({ id: 'MessageMember' });

const ConversationSchema = z
  .object({
    id: z.number().int(),
    members: z.array(MessageMemberSchema).describe('The others (not the viewer)'),
    last_message: z
      .object({
        id: z.number().int(),
        author_id: z.number().int().nullable(),
        preview: z.string().nullable().describe('The first line, cut; null when deleted or removed'),
        created_at: IsoDateTime,
      })
      .nullable(),
    unread_count: z.number().int(),
    updated_at: IsoDateTime.describe('Her latest activity in it: the list’s order'),
  })
  .meta({ id: 'Conversation' });

const MessageSchema = z
  .object({
    id: z.number().int(),
    conversation_id: z.number().int(),
    author: MessageMemberSchema,
    body: z.string().nullable().describe('Plain text with \\n line breaks; null when deleted or removed'),
    created_at: IsoDateTime,
    edited_at: IsoDateTime.nullable(),
    deleted: z.boolean().describe('Deleted by its author or removed by the admins: the others see "Message deleted"'),
    removed: z.boolean().describe("Removed by the club's admins after a report"),
    is_mine: z.boolean(),
    can_edit: z.boolean().describe('Hers, within 15 minutes of sending it'),
    can_delete: z.boolean(),
    can_report: z.boolean(),
  })
  .meta({ id: 'Message' });

const PrivacySchema = z.object({ messages_from: z.enum(MESSAGES_FROM) }).meta({ id: 'MessagePrivacy' });
const BlockedMemberSchema = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'BlockedMember' });

const ReportedMessageSchema = z.object({
  id: z.number().int(),
  author: MessageMemberSchema,
  body: z.string().nullable(),
  created_at: IsoDateTime,
});

const ReportSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(REPORT_STATUSES),
    reason: z.string(),
    created_at: IsoDateTime,
    reporter: MessageMemberSchema,
    message: ReportedMessageSchema,
    context: z.array(ReportedMessageSchema).describe('The conversation’s previous ten messages, oldest first'),
    sender_suspended_until: IsoDateTime.nullable(),
  })
  .meta({ id: 'MessageReport' });

const done = { description: 'Done (no body).' };
const conversationId = { params: ConversationIdInputSchema };
const messageId = { params: MessageIdInputSchema };

/** Issue 38's routes (modules/messages), described for GET /api/openapi.json. */
export const messagesRestDocs = describeRoutes<typeof messagesRoutes>()('Messages', {
  'GET /api/conversations': {
    operationId: 'listConversations',
    summary: 'Her conversations, latest activity first (archived ones left out)',
    access: 'member',
    query: ListConversationsInputSchema,
    paged: true,
    responses: { 200: z.array(ConversationSchema) },
  },
  'POST /api/conversations': {
    operationId: 'startConversation',
    summary: 'Write to one to seven members: a new conversation (201), or the pair’s own, reused (200)',
    description:
      "403 'She does not accept messages from you.' where a member's `messages_from` refuses the writer; 429 past 20 new conversations a day or 60 messages a minute.",
    access: 'member',
    body: StartConversationInputSchema,
    responses: { 200: ConversationSchema, 201: ConversationSchema },
    errors: [404, 409, 429],
  },
  'GET /api/conversations/:id/messages': {
    operationId: 'listConversationMessages',
    summary: 'A conversation’s messages, newest first (the next page is older)',
    description: '404 for a conversation she is not in: it does not say that one exists.',
    access: 'member',
    ...conversationId,
    query: PageQuerySchema,
    paged: true,
    responses: { 200: z.array(MessageSchema) },
    errors: [404],
  },
  'POST /api/conversations/:id/messages': {
    operationId: 'sendMessage',
    summary: 'Send a message (plain text, at most 4,000 characters)',
    access: 'member',
    ...conversationId,
    body: SendMessageInputSchema.omit({ id: true }),
    responses: { 201: MessageSchema },
    errors: [404, 409, 429],
  },
  'POST /api/conversations/:id/read': {
    operationId: 'markConversationRead',
    summary: 'Mark it read for her (nobody else learns of it); answers her unread messages in all',
    access: 'member',
    ...conversationId,
    responses: { 200: z.object({ unread: z.number().int() }).meta({ id: 'MessagesUnread' }) },
    errors: [404],
  },
  'POST /api/conversations/:id/leave': {
    operationId: 'leaveConversation',
    summary: 'Leave a group conversation (a conversation of two is archived instead)',
    access: 'member',
    ...conversationId,
    responses: { 204: done },
    errors: [404],
  },
  'PATCH /api/messages/:id': {
    operationId: 'editMessage',
    summary: 'Edit her message, within 15 minutes of sending it (409 after)',
    access: 'member',
    ...messageId,
    body: EditMessageInputSchema.omit({ id: true }),
    responses: { 200: MessageSchema },
    errors: [404, 409, 429],
  },
  'DELETE /api/messages/:id': {
    operationId: 'deleteMessage',
    summary: 'Delete her message: the others see "Message deleted"',
    access: 'member',
    ...messageId,
    responses: { 204: done },
    errors: [404],
  },
  'POST /api/messages/:id/report': {
    operationId: 'reportMessage',
    summary: 'Report a message she received to the admins, with her reason (at most 500 characters)',
    access: 'member',
    ...messageId,
    body: ReportMessageInputSchema.omit({ id: true }),
    responses: { 201: z.object({ id: z.number().int() }).meta({ id: 'MessageReportCreated' }) },
    errors: [404, 409, 429],
  },
  'GET /api/privacy': {
    operationId: 'getMessagePrivacy',
    summary: 'Who may write to her: members, shared (an event or a conversation in common) or nobody',
    access: 'member',
    responses: { 200: PrivacySchema },
  },
  'PUT /api/privacy': {
    operationId: 'setMessagePrivacy',
    summary: 'Choose who may write to her',
    access: 'member',
    body: PrivacySettingsSchema,
    responses: { 200: PrivacySchema },
    errors: [429],
  },
  'GET /api/blocks': {
    operationId: 'listBlocks',
    summary: 'The members she blocks',
    access: 'member',
    responses: { 200: z.array(BlockedMemberSchema) },
  },
  'POST /api/blocks': {
    operationId: 'blockMember',
    summary: 'Block a member: her messages reach her no more, and she is never told',
    access: 'member',
    body: BlockInputSchema,
    responses: { 201: BlockedMemberSchema },
    errors: [404, 429],
  },
  'DELETE /api/blocks/:member_id': {
    operationId: 'unblockMember',
    summary: 'Unblock a member (what she wrote while blocked stays unseen)',
    access: 'member',
    params: BlockInputSchema,
    responses: { 204: done },
  },
  'GET /api/admin/reports': {
    operationId: 'listMessageReports',
    summary: 'Reported messages with their context and who reported (status open by default)',
    access: 'admin',
    query: ListReportsInputSchema,
    paged: true,
    responses: { 200: z.array(ReportSchema) },
  },
  'POST /api/admin/reports/:id': {
    operationId: 'resolveMessageReport',
    summary: 'Dismiss a report, or remove the message (and suspend its author’s messages for 7 or 30 days)',
    access: 'admin',
    params: ConversationIdInputSchema,
    body: ResolveReportInputSchema.omit({ id: true }),
    responses: { 200: ReportSchema },
    errors: [404, 409],
  },
});
