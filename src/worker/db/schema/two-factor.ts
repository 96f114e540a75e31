import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * The ten single-use recovery codes of a member with 2FA on. Only a SHA-256 of each is stored
 * (the codes carry 80 random bits, so a hash cannot be turned back into a code); used_at is set
 * when one signs in.
 */
export const recoveryCodes = sqliteTable(
  'two_factor_recovery_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    usedAt: integer('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId)],
);

/**
 * A sign-in whose password was right and whose second factor is still to come (POST /login/2fa).
 * Only the SHA-256 of the pending cookie's token is stored (id); it lives 5 minutes and a few
 * wrong codes (attempts) end it.
 */
export const twoFactorChallenges = sqliteTable(
  'two_factor_challenges',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  // Housekeeping (auth/sessions-job.ts) deletes the expired ones through the second.
  (t) => [index('two_factor_challenges_user_idx').on(t.userId), index('two_factor_challenges_expires_idx').on(t.expiresAt)],
);
