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

/**
 * The quarter hours a member was active in (issue 42), whatever she did: a visit (member_activity's
 * first_at and each hourly last_at), joining an event, a comment, an upload, a message, a post in
 * a circle. Kept by triggers on those tables (migrations/0031_member_active_summaries_triggers.sql), so
 * every writer keeps it, in the statement that records what she did; at most one row a member and
 * quarter hour. A quarter hour, because every zone's midnight falls on one (UTC offsets are whole
 * quarter hours): a period's buckets in the admin's zone never split a row. Insights reads it
 * only near the edges of a period's buckets; member_active_months holds the rest. Deleted with her.
 */
export const memberActiveQuarterHours = sqliteTable(
  'member_active_quarter_hours',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** floor(at / 900,000): the quarter hour since the Unix epoch. */
    quarterHour: integer('quarter_hour').notNull(),
    /** Her first moment in it (Unix ms). */
    at: integer('at').notNull(),
  },
  (t) => [
    // Her quarter hours in order: the triggers' conflict target, her last activity at once.
    primaryKey({ columns: [t.userId, t.quarterHour] }),
    // Who was active between two moments, covering.
    index('member_active_quarter_hours_at_idx').on(t.at, t.userId),
  ],
);

/**
 * The months a member was active in (issue 42), each with her first moment in it, kept from
 * member_active_quarter_hours by its triggers: one row a member and month, so a year of a club of
 * 10,000 is at most 120,000 rows however busy it is. The months are those of UTC−12, the zone whose
 * month begins last: every zone's month (and every bucket of Insights, which starts at a midnight)
 * has begun when one of these begins, so a bucket reads one of these months and only the few hours
 * before it from the quarter hours (modules/insights/active-members.ts).
 */
export const memberActiveMonths = sqliteTable(
  'member_active_months',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** YYYY-MM in UTC−12. */
    month: text('month').notNull(),
    /** Her first moment in the month (Unix ms). */
    firstAt: integer('first_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.month] }),
    // A month's active members, by when each was first seen: counted on the index alone.
    index('member_active_months_month_idx').on(t.month, t.firstAt),
  ],
);
