import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { ACCOUNT_TYPES } from '../../../shared/constants';
import { LANGUAGES, THEMES } from '../../../shared/preferences';
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
    /**
     * Random nonce of the member's private calendar feed; null when the feed is off. It is no
     * secret on its own: the feed URL carries an HMAC of it under the DATA_ENCRYPTION_KEY secret
     * (events/calendar-feed.ts), so D1 never holds a usable feed URL. Regenerating draws a new one.
     */
    calendarFeedNonce: text('calendar_feed_nonce'),
    /**
     * The TOTP secret (DECISIONS "Privacy and trust": RFC 6238), sealed under DATA_ENCRYPTION_KEY
     * (platform/data-encryption.ts), never in plain text. Set by 2FA setup; null when 2FA is off.
     */
    totpSecret: text('totp_secret'),
    /** When 2FA was turned on; null while a set-up secret waits for its first code, or when off. */
    totpEnabledAt: integer('totp_enabled_at'),
    /** The last accepted TOTP time step (Unix time / 30 s): a code of it or an earlier step is refused (replay). */
    totpLastStep: integer('totp_last_step'),
    /**
     * Her term (DECISIONS "Membership terms"): calendar dates YYYY-MM-DD (UTC). Status follows
     * from renews_on (src/shared/membership-term.ts). The '' default only let the columns be added
     * to a filled table: every insert gets real dates (registration and imports set them; a row
     * inserted without them, by raw SQL too, gets its created_at day and twelve months later from
     * the users_term_defaults trigger of migration 0015).
     */
    /**
     * Her language (issue 41: the app and her emails), or null: none chosen yet (the request's
     * cookie or Accept-Language decides, and emails are in English).
     */
    language: text('language', { enum: LANGUAGES }),
    /** Her appearance: 'system' follows the device's prefers-color-scheme. */
    theme: text('theme', { enum: THEMES }).notNull().default('system'),
    memberSince: text('member_since').notNull().default(''),
    renewsOn: text('renews_on').notNull().default(''),
    /** When she put away /home's first-steps card (issue 46); null while it may show. */
    firstStepsDismissedAt: integer('first_steps_dismissed_at'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at')
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [
    index('users_type_idx').on(t.type),
    // User Management pages by name as the screen sorts it, case-insensitively, then by id (the
    // rowid every index ends with): admin/users.ts walks this from a page's last [name, id].
    index('users_name_idx').on(sql`${t.name} COLLATE NOCASE`),
    // User Management's status filter, the dashboard's renewals due and the reminders job walk
    // members by renews_on (a status is a range of it).
    index('users_renews_idx').on(t.renewsOn),
  ],
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
    /**
     * The device as Settings shows it, parsed from the User-Agent when the session opens
     * (auth/session-device.ts): browser name and major version ("Chrome 131"), OS name ("macOS").
     * Only this summary is kept, never the raw header (less to fingerprint a member by) nor an IP.
     * Null when the header said nothing recognisable, and for sessions older than this column.
     */
    browser: text('browser'),
    os: text('os'),
    /**
     * How a passkey stands behind this session (issue 25): 'signed_in', it began with a passkey
     * sign-in (Settings shows it); 'added', she added her first passkey in it. Either counts as
     * her second factor while she has a passkey (sessions.resolveSession). Null: a password.
     */
    passkey: text('passkey', { enum: ['signed_in', 'added'] }),
  },
  // Housekeeping (auth/sessions-job.ts) deletes sessions past their absolute expiry or idle too
  // long through these two, a bounded batch at a time, without scanning the table.
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    index('sessions_last_seen_idx').on(t.lastSeenAt),
  ],
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
