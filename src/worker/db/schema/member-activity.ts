import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users';

/**
 * The days a member used the club (issue 42): what no other table keeps, her sign-ins and her
 * visits. One row per member and UTC day, written by the session's hourly touch and by each
 * sign-in (modules/insights/activity.ts), so a member costs at most one write an hour however many
 * requests she makes. Joining an event, commenting and uploading are read from their own tables;
 * Insights counts a member active in a period when any of them falls in it. Deleted with her.
 */
export const memberActivity = sqliteTable(
  'member_activity',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The UTC calendar day (YYYY-MM-DD). */
    day: text('day').notNull(),
    /** Her first moment seen that day (Unix ms): Insights buckets the day by it, in the admin's zone. */
    firstAt: integer('first_at').notNull(),
    /** Her last moment seen that day, to the hour (moved at most once an hour). */
    lastAt: integer('last_at').notNull(),
    /** Her last sign-in that day; null when she only came back with a session she had. */
    signedInAt: integer('signed_in_at'),
  },
  (t) => [
    // Her days in order (her last activity is the last of them): the upsert's conflict target too.
    primaryKey({ columns: [t.userId, t.day] }),
    // A period's active members: a range of first_at, covering.
    index('member_activity_first_idx').on(t.firstAt, t.userId),
  ],
);
