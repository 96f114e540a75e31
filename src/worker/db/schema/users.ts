import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { ACCOUNT_TYPES } from '../../../shared/constants';
import { bool, createdAt } from './columns';

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Stored lower-cased and trimmed; unique. */
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    type: text('type', { enum: ACCOUNT_TYPES }).notNull().default('Standard'),
    isAdmin: bool('is_admin').notNull().default(false),
    passwordHash: text('password_hash').notNull(),
    /** Set by an admin reset: the member may only change the password until they do. */
    mustChangePassword: bool('must_change_password').notNull().default(false),
    /** Secret of the member's private calendar feed URL; regenerated from Settings. */
    calendarToken: text('calendar_token').unique(),
    createdAt: createdAt(),
    updatedAt: integer('updated_at')
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [index('users_type_idx').on(t.type)],
);

/** Only the SHA-256 of the cookie's token is stored (id). */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: integer('last_seen_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Properties listed by Travel Hosts; an accepted application's property becomes the first. */
export const properties = sqliteTable(
  'properties',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    type: text('type').notNull(),
    description: text('description').notNull(),
    availability: text('availability').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('properties_user_idx').on(t.userId)],
);

export type User = typeof users.$inferSelect;
