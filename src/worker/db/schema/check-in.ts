import { check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { sql } from 'drizzle-orm';
import { createdAt } from './columns';
import { events } from './events';
import { users } from './users';

/*
 * At the door (issue 43). Who came is event_participants.checked_in_at (and walk_in); these are
 * the rest: the members the host names to check guests in beside her, the stars and words of
 * those who came, and the one feedback request sent per event.
 */

/** Members named by the event's host to check guests in (modules/check-in/co-hosts.ts). */
export const eventCoHosts = sqliteTable(
  'event_co_hosts',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_co_hosts_user_idx').on(t.userId)],
);

/** One feedback per member who came and event: 1 to 5 stars and an optional comment, for the host and admins only. */
export const eventFeedback = sqliteTable(
  'event_feedback',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stars: integer('stars').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index('event_feedback_user_idx').on(t.userId),
    check('event_feedback_stars', sql`${t.stars} BETWEEN 1 AND 5`),
  ],
);

/**
 * The feedback request of an event, recorded once (2 hours after its end) by the housekeeping
 * before its notification is recorded, so no run asks twice.
 */
export const eventFeedbackRequests = sqliteTable('event_feedback_requests', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  sentAt: integer('sent_at').notNull(),
});
