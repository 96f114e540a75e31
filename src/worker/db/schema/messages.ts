import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { MESSAGES_FROM, REPORT_STATUSES } from '../../../shared/schemas/messages';
import { bool, createdAt } from './columns';
import { users } from './users';

/*
 * Issue 38 (modules/messages, docs/decisions/0023-member-messages.md): members write to each
 * other in conversations of 2 to 8. What each member sees of a conversation (her unread count, the
 * last message she may see, its time) is kept on her own conversation_members row, written in the
 * same batch as the message, so her list and her count are index reads, never a scan of messages.
 */

export const conversations = sqliteTable(
  'conversations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /**
     * 'p:<low id>:<high id>' for a two-person conversation (the one pair reuses it), 'g:<random>'
     * for a group: unique, so the batch that starts a conversation finds its id without a round
     * trip, and two starts of the same pair at once make one conversation.
     */
    key: text('key').notNull(),
    isGroup: bool('is_group').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_key_idx').on(t.key),
    // Her new conversations of the last 24 hours (the daily limit).
    index('conversations_created_by_idx').on(t.createdBy, t.createdAt),
  ],
);

/** She is in the conversation; her own view of it. */
export const conversationMembers = sqliteTable(
  'conversation_members',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: integer('joined_at').notNull(),
    /** She left the group (she reads it no more, is told nothing more of it). */
    leftAt: integer('left_at'),
    /** She archived the two-person conversation: out of her list until a message comes. */
    archived: bool('archived').notNull().default(false),
    /** Messages she may see that came since she last read it. */
    unreadCount: integer('unread_count').notNull().default(0),
    /** The last message she may see (a blocked member's are not hers: ADR 0023). */
    lastMessageId: integer('last_message_id'),
    /** That message's time (or her joining): her list's order. */
    activityAt: integer('activity_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    // Her list, latest activity first (archived and left ones out).
    index('conversation_members_list_idx')
      .on(t.userId, t.activityAt, t.conversationId)
      .where(sql`left_at IS NULL AND archived = 0`),
    // Her total unread: only the rows that have some.
    index('conversation_members_unread_idx')
      .on(t.userId, t.unreadCount)
      .where(sql`unread_count > 0 AND left_at IS NULL`),
    // Her conversations, whatever their state (the export, the shared-conversation rule).
    index('conversation_members_user_idx').on(t.userId, t.conversationId),
  ],
);

export const messages = sqliteTable(
  'messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Null once her account is deleted ('Deleted member'). */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The text, sealed with the data key (platform/data-encryption.ts, ADR 0009) under the
     * conversation's context; null once deleted or removed.
     */
    body: text('body'),
    createdAt: createdAt(),
    editedAt: integer('edited_at'),
    deletedAt: integer('deleted_at'),
    /** Removed by the club's admins after a report. */
    removedAt: integer('removed_at'),
  },
  (t) => [
    // A conversation's pages, newest first (the id is the order).
    index('messages_conversation_idx').on(t.conversationId, t.id),
    // Her messages (the export, the deletion of her account); her last one (Insights, issue 42).
    index('messages_author_idx').on(t.authorId),
    // The messages of a period and their authors, covering (Insights' active members, issue 42).
    index('messages_created_idx').on(t.createdAt, t.authorId),
  ],
);

/**
 * Her choice of who may write to her, and the admins' suspension of her own messaging. No row:
 * `members`, not suspended.
 */
export const messageSettings = sqliteTable('message_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  messagesFrom: text('messages_from', { enum: MESSAGES_FROM }).notNull().default('members'),
  suspendedUntil: integer('suspended_until'),
  updatedAt: integer('updated_at').notNull(),
});

/**
 * A block, as a period: from created_at until ended_at (an unblock). A message written while a
 * block held never reaches the blocker, even after she unblocks (ADR 0023), so the periods stay.
 */
export const memberBlocks = sqliteTable(
  'member_blocks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    endedAt: integer('ended_at'),
  },
  (t) => [
    // One block in force per pair; the periods of a pair in time order.
    uniqueIndex('member_blocks_active_idx')
      .on(t.blockerId, t.blockedId)
      .where(sql`ended_at IS NULL`),
    index('member_blocks_pair_idx').on(t.blockerId, t.blockedId, t.createdAt),
    // Whom a member is blocked by (her profile page is hidden from the blocked member).
    index('member_blocks_blocked_idx').on(t.blockedId, t.blockerId),
    check('member_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

export const messageReports = sqliteTable(
  'message_reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    createdAt: createdAt(),
    resolvedAt: integer('resolved_at'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // The admins' list per status, newest first.
    index('message_reports_status_idx').on(t.status, t.createdAt, t.id),
    // One report of a message per member (a second tap is the same report).
    uniqueIndex('message_reports_message_idx').on(t.messageId, t.reporterId),
  ],
);
