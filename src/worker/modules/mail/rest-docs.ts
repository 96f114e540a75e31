import * as z from 'zod';
import { UnsubscribeParamsSchema } from '../../../shared/schemas/account';
import { IdSchema } from '../../../shared/schemas/common';
import { SendGroupMailInputSchema, SentMailListInputSchema } from '../../../shared/schemas/mail';
import { describeRoutes, IsoDateTime } from '../../platform/openapi';
import type { adminMailRoutes } from './rest';
import type { unsubscribeRoutes } from './unsubscribe-routes';

const CountsSchema = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});

const sentMailFields = {
  id: z.number().int(),
  kind: z.string(),
  subject: z.string(),
  recipientGroup: z.string().nullable(),
  sender_id: z.number().int().nullable().describe('The sending admin; null once her account is gone'),
  sender_name: z.string().nullable(),
  created_at: IsoDateTime,
  counts: CountsSchema,
};
const SentMailSchema = z.object(sentMailFields).meta({ id: 'SentMail' });

const DeliverySchema = z
  .object({
    id: z.number().int(),
    to_email: z.string(),
    to_name: z.string().nullable(),
    user_id: z.number().int().nullable().describe('The member it went to; null for an address without an account, or one deleted since'),
    status: z.enum(['queued', 'sending', 'sent', 'failed', 'skipped']),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    sent_at: IsoDateTime.nullable(),
  })
  .meta({ id: 'MailDelivery' });

const sentMailId = { params: { id: IdSchema } };

/** SPEC 7 "Admin" mail calls and the Sent mail view (group-mail.ts, mail-recipients.ts, sent-mail.ts). */
export const adminMailRestDocs = describeRoutes<typeof adminMailRoutes>()('Admin: mail', {
  'POST /api/admin/send-email': {
    operationId: 'sendGroupMail',
    summary: 'Email a group of members (recorded and queued; the queue sends)',
    access: 'admin',
    body: SendGroupMailInputSchema,
    responses: {
      202: z.object({ message: z.string(), message_id: z.number().int(), recipient_count: z.number().int(), skipped: z.number().int() }),
    },
    errors: [429],
  },
  'GET /api/admin/get-members': {
    operationId: 'listMailMembers',
    summary: 'The members an email can be addressed to',
    access: 'admin',
    responses: {
      200: z.array(z.object({ user_id: z.number().int(), name: z.string(), email: z.string(), type: z.string(), admin: z.boolean() })),
    },
  },
  'GET /api/admin/sent-mail': {
    operationId: 'listSentMail',
    summary: 'A page of the sent email, newest first, with delivery counts',
    access: 'admin',
    query: SentMailListInputSchema,
    paged: true,
    responses: { 200: z.array(SentMailSchema) },
  },
  'GET /api/admin/sent-mail/:id': {
    operationId: 'getSentMail',
    summary: 'One sent email and each recipient’s delivery',
    access: 'admin',
    ...sentMailId,
    responses: {
      200: z.object({ message: z.object({ ...sentMailFields, html: z.string().nullable() }), deliveries: z.array(DeliverySchema) }),
    },
    errors: [404],
  },
  'POST /api/admin/sent-mail/:id/retry': {
    operationId: 'retryFailedDeliveries',
    summary: 'Queue the failed deliveries of a sent email again',
    access: 'admin',
    ...sentMailId,
    responses: { 200: z.object({ requeued: z.number().int() }) },
    errors: [404, 429],
  },
});

const page = { description: 'A small HTML page (with its own CSP).', mediaType: 'text/html' };

/** One-click unsubscribe (RFC 8058): the link's token is the proof, no session needed. */
export const unsubscribeRestDocs = describeRoutes<typeof unsubscribeRoutes>()('Email', {
  'GET /unsubscribe/:userId/:category/:token': {
    operationId: 'showUnsubscribe',
    summary: 'The unsubscribe page of an email’s link (changes nothing)',
    access: 'public',
    params: UnsubscribeParamsSchema,
    responses: { 200: page },
    errors: [404],
    errorMediaType: 'text/html',
  },
  'POST /unsubscribe/:userId/:category/:token': {
    operationId: 'unsubscribe',
    summary: 'Unsubscribe from one kind of email (List-Unsubscribe-Post, or the page’s button)',
    access: 'public',
    params: UnsubscribeParamsSchema,
    responses: { 200: page },
    errors: [404],
    errorMediaType: 'text/html',
  },
});
