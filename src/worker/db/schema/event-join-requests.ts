import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';
import { events } from './events';
import { users } from './users';

/**
 * Issue 46 point 12: a member not invited asks to join an invite-only event; its host (or an
 * admin) invites her (approved) or declines. One request per member per event, kept once decided
 * so she cannot ask again; it goes with the event or with her.
 */
export const eventJoinRequests = sqliteTable(
  'event_join_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'approved', 'declined'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
    decidedAt: integer('decided_at'),
  },
  (t) => [
    uniqueIndex('event_join_requests_member_idx').on(t.eventId, t.userId),
    index('event_join_requests_pending_idx').on(t.eventId, t.status, t.createdAt),
  ],
);
