import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { DEAD_LETTER_KINDS, DEAD_LETTER_STATUSES, type DeadLetterPayload } from '../../../shared/schemas/operations';
import { users } from './users';

/*
 * Issue 44 (modules/operations). A queue message that used up its retries goes to its
 * dead-letter queue (wrangler.toml); that queue's consumer records it here, and admins retry or
 * discard it on /admin/operations. The payload is the message's own body, which holds ids and
 * kinds only (platform/mail-job.ts, platform/notification-job.ts): no address, no token, no text.
 */

export const deadLetters = sqliteTable(
  'dead_letters',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The queue it died on. */
    kind: text('kind', { enum: DEAD_LETTER_KINDS }).notNull(),
    /** The queue message's id: a redelivery from the dead-letter queue is recorded once. */
    messageId: text('message_id').notNull(),
    payload: text('payload', { mode: 'json' }).$type<DeadLetterPayload>().notNull(),
    /** What it was, in a line (an email's subject and recipient count; a notification job's type). */
    summary: text('summary').notNull(),
    /** The last failure, redacted as a log line is; null when none was recorded. */
    lastError: text('last_error'),
    /** When it reached the dead-letter queue's consumer. */
    deadAt: integer('dead_at').notNull(),
    status: text('status', { enum: DEAD_LETTER_STATUSES }).notNull().default('waiting'),
    handledAt: integer('handled_at'),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('dead_letters_message_idx').on(t.kind, t.messageId),
    // The list by status, newest first; the dashboard's count of those waiting.
    index('dead_letters_status_idx').on(t.status, t.id),
    // Housekeeping: handled ones go 90 days after (modules/operations/dead-letters-job.ts).
    index('dead_letters_handled_idx')
      .on(t.handledAt)
      .where(sql`handled_at IS NOT NULL`),
  ],
);

/**
 * A queue consumer's last failure of a message on its last try, noted just before the message
 * goes to the dead-letter queue, whose consumer takes it into dead_letters.last_error.
 */
export const queueFailures = sqliteTable(
  'queue_failures',
  {
    kind: text('kind', { enum: DEAD_LETTER_KINDS }).notNull(),
    messageId: text('message_id').notNull(),
    error: text('error').notNull(),
    failedAt: integer('failed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.messageId] }), index('queue_failures_failed_idx').on(t.failedAt)],
);
