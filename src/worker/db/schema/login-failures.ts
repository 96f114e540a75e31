import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';

/**
 * One wrong password (or unknown email) at POST /login, kept for the login throttle's window
 * (auth/login-throttle.ts, issue 30). Neither the email nor the client address is stored: only
 * SHA-256 hashes of each, enough to count an account's failures and one address's share of them.
 * Housekeeping deletes the rows once they leave the window.
 */
export const loginFailures = sqliteTable(
  'login_failures',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountHash: text('account_hash').notNull(),
    addressHash: text('address_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_failures_account_idx').on(t.accountHash, t.createdAt), index('login_failures_created_idx').on(t.createdAt)],
);
