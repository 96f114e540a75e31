import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';
import { users } from './users';

/** Each renewal an admin recorded (User Management > Renew): her history, newest first. */
export const membershipRenewals = sqliteTable(
  'membership_renewals',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** renews_on before and after (YYYY-MM-DD). */
    previousRenewsOn: text('previous_renews_on').notNull(),
    renewsOn: text('renews_on').notNull(),
    /** "Paid 450 EUR by bank transfer": at most 200 characters, may be empty. */
    note: text('note').notNull().default(''),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('membership_renewals_user_idx').on(t.userId, t.id)],
);

/**
 * The renewal reminders sent (30 and 7 days before renews_on), one row per member, term and
 * lead: the job writes the row before it queues the email, so each goes at most once. A renewal
 * moves renews_on, and the new term gets its own reminders.
 */
export const membershipReminders = sqliteTable(
  'membership_reminders',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    renewsOn: text('renews_on').notNull(),
    daysBefore: integer('days_before').notNull(),
    sentAt: integer('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.renewsOn, t.daysBefore] })],
);
