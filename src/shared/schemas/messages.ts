import * as z from 'zod';
import './zod-config';
import { IdSchema } from './common';
import { PageQuerySchema } from './page';
import { withValues } from '../message';

/*
 * Issue 38: members write to each other. The inputs of the REST routes and the tRPC procedures
 * (one schema each, shared with the forms), and the shapes both answer. REST speaks these snake_case
 * names as they are; tRPC answers the same objects in `{items, nextCursor}` pages.
 */

/** A conversation has 2 to 8 members: she and one to seven others. */
export const MAX_CONVERSATION_OTHERS = 7;
export const MESSAGE_BODY_MAX = 4000;
export const REPORT_REASON_MAX = 500;
/** She may edit her message for this long after sending it. */
export const MESSAGE_EDIT_WINDOW_MS = 15 * 60 * 1000;
/** The suspensions an admin may give with a removal. */
export const MESSAGING_SUSPENSION_DAYS = [7, 30] as const;

export const MESSAGES_FROM = ['members', 'shared', 'nobody'] as const;
export type MessagesFrom = (typeof MESSAGES_FROM)[number];
export const MESSAGES_FROM_LABELS: Record<MessagesFrom, string> = {
  members: 'Any member',
  shared: 'Members I share an event or a conversation with',
  nobody: 'Nobody',
};

/** The server's refusal where her `messages_from` (or a block) says no (403). */
export const MESSAGES_REFUSED = /*i18n*/ 'She does not accept messages from you.';
/** What the others see in place of a deleted or removed message. */
export const MESSAGE_DELETED_TEXT = /*i18n*/ 'Message deleted';
export const MESSAGE_REMOVED_TEXT = "Removed by the club's admins";
export const DELETED_MEMBER_NAME = /*i18n*/ 'Deleted member';

/** A message's text: trimmed, not empty, at most 4,000 characters, line breaks kept. */
export const MessageBodySchema = z
  .string({ error: /*i18n*/ 'Write a message.' })
  .trim()
  .min(1, /*i18n*/ 'Write a message.')
  .max(MESSAGE_BODY_MAX, withValues(/*i18n*/ 'A message is at most {max} characters.', { max: MESSAGE_BODY_MAX.toLocaleString('en-US') }));

/** POST /api/conversations, messages.start: one to seven others (not herself) and the first message. */
export const StartConversationInputSchema = z.object({
  member_ids: z
    .array(IdSchema, { error: /*i18n*/ 'Choose who to write to.' })
    .min(1, /*i18n*/ 'Choose who to write to.')
    .max(MAX_CONVERSATION_OTHERS, withValues(/*i18n*/ 'A conversation has at most {max} others.', { max: MAX_CONVERSATION_OTHERS })),
  body: MessageBodySchema,
});
export type StartConversationInput = z.input<typeof StartConversationInputSchema>;

export const ConversationIdInputSchema = z.object({ id: IdSchema });
export type ConversationIdInput = z.infer<typeof ConversationIdInputSchema>;

/** GET /api/conversations, messages.conversations. */
export const ListConversationsInputSchema = PageQuerySchema;
/** GET /api/conversations/{id}/messages, messages.list: newest first, `cursor` pages to older ones. */
export const ListMessagesInputSchema = PageQuerySchema.extend({ id: IdSchema });
export type ListMessagesInput = z.input<typeof ListMessagesInputSchema>;

/** POST /api/conversations/{id}/messages, messages.send. */
export const SendMessageInputSchema = z.object({ id: IdSchema, body: MessageBodySchema });
export type SendMessageInput = z.input<typeof SendMessageInputSchema>;

/** PATCH /api/messages/{id}, messages.edit (her own, within 15 minutes). */
export const EditMessageInputSchema = z.object({ id: IdSchema, body: MessageBodySchema });
export type EditMessageInput = z.input<typeof EditMessageInputSchema>;

export const MessageIdInputSchema = z.object({ id: IdSchema });

/** messages.archive: a two-person conversation leaves her list until a new message comes. */
export const ArchiveConversationInputSchema = z.object({ id: IdSchema, archived: z.boolean() });

/** PUT /api/privacy, messages.setPrivacy. */
export const PrivacySettingsSchema = z.object({
  messages_from: z.enum(MESSAGES_FROM, { error: /*i18n*/ 'Choose members, shared or nobody.' }),
});
export type PrivacySettings = z.infer<typeof PrivacySettingsSchema>;

/** POST /api/blocks, messages.block; DELETE /api/blocks/{member_id}, messages.unblock. */
export const BlockInputSchema = z.object({ member_id: IdSchema });
export type BlockInput = z.infer<typeof BlockInputSchema>;

/** POST /api/messages/{id}/report, messages.report. */
export const ReportMessageInputSchema = z.object({
  id: IdSchema,
  reason: z
    .string({ error: /*i18n*/ 'Say why you report it.' })
    .trim()
    .min(1, /*i18n*/ 'Say why you report it.')
    .max(REPORT_REASON_MAX, withValues(/*i18n*/ 'A reason is at most {max} characters.', { max: REPORT_REASON_MAX })),
});
export type ReportMessageInput = z.input<typeof ReportMessageInputSchema>;

export const REPORT_STATUSES = ['open', 'dismissed', 'removed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** GET /api/admin/reports?status=open, admin.reports. */
export const ListReportsInputSchema = PageQuerySchema.extend({
  status: z.enum(REPORT_STATUSES, { error: /*i18n*/ 'Unknown status.' }).default('open'),
});
/** POST /api/admin/reports/{id}, admin.resolveReport. */
export const ResolveReportInputSchema = z.object({
  id: IdSchema,
  action: z.enum(['dismiss', 'remove'], { error: /*i18n*/ 'Choose dismiss or remove.' }),
  suspend_days: z.union([z.literal(7), z.literal(30)], { error: /*i18n*/ 'A suspension is 7 or 30 days.' }).optional(),
});
export type ResolveReportInput = z.input<typeof ResolveReportInputSchema>;

// ── What the routes answer (REST and tRPC alike) ─────────────────────────────────────────────

/** A member as a conversation shows her; a deleted member is `{id: null, name: 'Deleted member'}`. */
export interface MessageMember {
  id: number | null;
  name: string;
  photo_url: string | null;
}

export interface MessagePreview {
  id: number;
  author_id: number | null;
  /** The first line, cut to a preview; null when deleted or removed. */
  preview: string | null;
  created_at: string;
}

/** An entry of /messages (GET /api/conversations). */
export interface ConversationSummary {
  id: number;
  /** The others, not the viewer. */
  members: MessageMember[];
  last_message: MessagePreview | null;
  unread_count: number;
  updated_at: string;
}

/** A conversation's header (messages.conversation): the summary and what she may do in it. */
export interface ConversationDetail extends ConversationSummary {
  is_group: boolean;
  archived: boolean;
  /** False when she is lapsed, her messaging is suspended, or nobody else is left. */
  can_send: boolean;
  /** Why she cannot send, in words, when can_send is false. */
  cannot_send_reason: string | null;
  can_leave: boolean;
  can_archive: boolean;
}

/** A message (GET /api/conversations/{id}/messages), with what the viewer may do to it. */
export interface MessageDto {
  id: number;
  conversation_id: number;
  author: MessageMember;
  /** Null when deleted or removed. */
  body: string | null;
  created_at: string;
  edited_at: string | null;
  deleted: boolean;
  /** Removed by the club's admins after a report (then `deleted` is true too). */
  removed: boolean;
  is_mine: boolean;
  can_edit: boolean;
  can_delete: boolean;
  can_report: boolean;
}

export interface BlockedMember {
  id: number;
  name: string;
}

/** An entry of /admin/reports. */
export interface MessageReportDto {
  id: number;
  status: ReportStatus;
  reason: string;
  created_at: string;
  reporter: MessageMember;
  /** The reported message, its body shown to admins. */
  message: { id: number; author: MessageMember; body: string | null; created_at: string };
  /** The conversation's previous ten messages, oldest first (admins see only these). */
  context: { id: number; author: MessageMember; body: string | null; created_at: string }[];
  /** Until when the sender may not write, if suspended. */
  sender_suspended_until: string | null;
}
