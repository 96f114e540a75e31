import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { EMAIL_MODES, NOTIFICATION_KINDS } from '../../../shared/notifications';
import { createdAt } from './columns';
import { users } from './users';

/*
 * Issue 23 (modules/notifications). A request records what happened (notification_events, one
 * row) and wakes the notifications queue; its consumer writes the members' notifications from it
 * in bounded batches. Nothing here references events, images or comments: a notification outlives
 * what it is about (an event's deletion is itself one).
 */

/** What happened, as the request recorded it; processed once by the fan-out (processed_at). */
export const notificationEvents = sqliteTable(
  'notification_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    /** Who did it; null when nobody did (a waitlist place, an application) or she was deleted since. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** What the fan-out needs (the comment, event, stay…), as JSON: modules/notifications/record.ts. */
    data: text('data', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    /** A fan-out took it at this time (another may take it again once that is stale). */
    claimedAt: integer('claimed_at'),
    processedAt: integer('processed_at'),
  },
  // The fan-out and the housekeeping find the unprocessed ones, oldest first.
  (t) => [
    index('notification_events_pending_idx')
      .on(t.id)
      .where(sql`processed_at IS NULL`),
  ],
);

export const NOTIFICATION_EMAIL_STATES = ['none', 'pending', 'sent'] as const;

/**
 * One entry of a member's list. While unread, the same kind about the same thing (target) is one
 * row that grows (count, actors) instead of a new one: notifications_unread_idx is unique on it.
 */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    /** What it is about, e.g. 'event:12', 'comment:40', 'stay:3', 'applications'. */
    target: text('target').notNull(),
    /** The app path it opens. */
    url: text('url').notNull(),
    /** The title of what it is about when it happened (an event, an image, a home). */
    subject: text('subject').notNull().default(''),
    /** The kind's word for what happened (a stay 'accepted', an event 'deleted'). */
    detail: text('detail'),
    /** What changed, as bits (event_changed: date 1, time 2, place 4), merged with | while unread. */
    flags: integer('flags').notNull().default(0),
    /** People (or, without a person, occurrences) it stands for. */
    count: integer('count').notNull().default(1),
    /** The latest occurrence: the list's order. */
    createdAt: createdAt(),
    readAt: integer('read_at'),
    /** The notification_events row that wrote or grew it last. */
    lastEventId: integer('last_event_id').notNull(),
    /** Her instant email about it: 'pending' until sent at email_due_at (merged within 10 minutes). */
    emailState: text('email_state', { enum: NOTIFICATION_EMAIL_STATES }).notNull().default('none'),
    emailDueAt: integer('email_due_at'),
    emailedAt: integer('emailed_at'),
  },
  (t) => [
    uniqueIndex('notifications_unread_idx')
      .on(t.userId, t.kind, t.target)
      .where(sql`read_at IS NULL`),
    // Her list, newest first, and the unread count (notifications_unread_idx counts it too).
    index('notifications_user_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_list_idx')
      .on(t.userId, t.createdAt, t.id)
      .where(sql`read_at IS NULL`),
    // The last instant email about the same thing (the 10-minute merge), read or not.
    index('notifications_target_idx').on(t.userId, t.kind, t.target, t.emailedAt),
    index('notifications_event_idx').on(t.lastEventId),
    index('notifications_email_due_idx')
      .on(t.emailDueAt)
      .where(sql`email_state = 'pending'`),
    // Housekeeping: read ones older than 180 days (READ_NOTIFICATION_TTL_MS).
    index('notifications_read_idx').on(t.readAt),
  ],
);

/** Who is behind an entry, newest first; a deleted member's row stays with a null actor ('Former member'). */
export const notificationActors = sqliteTable(
  'notification_actors',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notification_actors_unique_idx').on(t.notificationId, t.actorId),
    index('notification_actors_latest_idx').on(t.notificationId, t.createdAt),
    index('notification_actors_actor_idx').on(t.actorId),
  ],
);

/** Her email choice per kind, only where she chose something else than the default. */
export const notificationPreferences = sqliteTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    mode: text('mode', { enum: EMAIL_MODES }).notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * Her time zone (her browser's; UTC until known) and when her next daily summary is due: the
 * housekeeping sends it at its first run after 07:00 there (next_digest_at), once a day.
 */
export const notificationSettings = sqliteTable(
  'notification_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    timeZone: text('time_zone').notNull().default('UTC'),
    nextDigestAt: integer('next_digest_at').notNull(),
    /** The last summary's run: the next one covers what came after it (and at most a day). */
    lastDigestAt: integer('last_digest_at'),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('notification_settings_digest_idx').on(t.nextDigestAt)],
);

/**
 * Members with a live socket open (their Durable Object keeps this row while it holds one): the
 * fan-out tells only them their new count, instead of waking a Durable Object per recipient.
 */
export const livePresence = sqliteTable('live_presence', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  since: integer('since').notNull(),
});
