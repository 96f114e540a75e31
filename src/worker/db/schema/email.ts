import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';
import { users } from './users';
import { events } from './events';

export const EMAIL_KINDS = [
  'registration',
  'password_reset',
  'event_invitation',
  'event_confirmation',
  'event_announcement',
  'event_reminder',
  'event_waitlist_place',
  'group',
  'home_stay',
  'application_rejected',
  // Issue 46: her application arrived, and what happens next (always sent).
  'application_received',
  'membership_renewal',
  // Issue 46: a lapsed (or due) member's note to the club's admins about renewing (always sent).
  'membership_contact',
  // Issue 45: the security email of a new passkey (always sent).
  'passkey_added',
  // Issue 23: a notification's instant email (one kind each, for its one-click unsubscribe), and
  // the daily summary. A stay's steps and a waitlist place keep their own kinds above.
  'notification_comment',
  'notification_like',
  'notification_event_changed',
  'notification_application',
  'notification_new_event',
  'notification_message',
  'notification_digest',
] as const;

export const emailMessages = sqliteTable(
  'email_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: EMAIL_KINDS }).notNull(),
    subject: text('subject').notNull(),
    /**
     * The body as sent (sanitized HTML, its plain-text part and any attachments), sealed with
     * AES-GCM under the DATA_ENCRYPTION_KEY secret (modules/mail/message-body.ts): bodies carry
     * live reset, registration and invitation links, and a copy of D1 alone must not open them.
     * Null for a message recorded before bodies were sealed (the migration dropped its plain body).
     */
    body: text('body'),
    recipientGroup: text('recipient_group'),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  // Sent mail pages newest first by id; its Group mail tab walks email_messages_kind_idx (kind, then the rowid).
  (t) => [index('email_messages_created_idx').on(t.createdAt), index('email_messages_kind_idx').on(t.kind)],
);

/** 'skipped': the member turned this kind of email off (email_opt_outs); nothing was sent. */
export const DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'failed', 'skipped'] as const;

export const emailDeliveries = sqliteTable(
  'email_deliveries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    messageId: integer('message_id')
      .notNull()
      .references(() => emailMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    toEmail: text('to_email').notNull(),
    toName: text('to_name'),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    claimedAt: integer('claimed_at'),
    sentAt: integer('sent_at'),
    createdAt: createdAt(),
  },
  // Housekeeping (mail/stale-claims-job.ts) finds deliveries left 'sending' through the last one.
  (t) => [
    // A message's deliveries with their status: counted by status on the index alone (Sent mail, Insights' mail panel).
    index('email_deliveries_message_idx').on(t.messageId, t.status),
    index('email_deliveries_created_idx').on(t.createdAt),
    index('email_deliveries_status_idx').on(t.status, t.claimedAt),
  ],
);
