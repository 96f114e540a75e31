import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { EMAIL_CATEGORIES, type EmailCategory } from '../../../shared/constants';
import { createdAt } from './columns';
import { users } from './users';

/**
 * The optional kinds of email a member may turn off (DECISIONS "The member's own data"), defined
 * with their Settings labels in src/shared/constants.ts. Account emails and invitations addressed
 * to her are not optional and have no category.
 */
export { EMAIL_CATEGORIES, type EmailCategory };

/**
 * One row per category a member turned OFF: every category is on by default, so a member without
 * rows receives everything, and the group-mail query skips opted-out members with one NOT EXISTS
 * on the primary key. Deleted with the member.
 */
export const emailOptOuts = sqliteTable(
  'email_opt_outs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: EMAIL_CATEGORIES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
);
