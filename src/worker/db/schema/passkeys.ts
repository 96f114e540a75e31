import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bool, createdAt } from './columns';
import { users } from './users';

/**
 * A member's WebAuthn credentials (issue 25: passkeys). Only the public key is stored: a copy of
 * the table signs nobody in. The credential id (base64url) is what the browser names at sign-in;
 * the row id is what Settings and the REST paths use. Deleting the member deletes them.
 */
export const passkeys = sqliteTable(
  'passkeys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter as last seen; 0 for authenticators that keep none. */
    counter: integer('counter').notNull().default(0),
    /** JSON array of the transports the browser reported (internal, hybrid, usb…), as hints. */
    transports: text('transports', { mode: 'json' }).$type<string[]>(),
    /** Synced passkey (multi-device) or one bound to its device; and whether it is backed up. */
    deviceType: text('device_type', { enum: ['singleDevice', 'multiDevice'] }).notNull(),
    backedUp: bool('backed_up').notNull().default(false),
    /** The authenticator model (AAGUID); all zeros for most synced passkeys. */
    aaguid: text('aaguid'),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer('last_used_at'),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * The WebAuthn user handle of each member who has registered a passkey: random bytes (base64url),
 * never her email or row id (issue 25), the same for all her passkeys, so an authenticator keeps
 * one passkey per member of this club.
 */
export const passkeyUserHandles = sqliteTable('passkey_user_handles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  handle: text('handle').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * An outstanding WebAuthn challenge (registration or sign-in): random, single use (deleted as it
 * is checked), 5 minutes. It is bound to the browser that asked: the row's id is the SHA-256 of
 * a random token that only that browser holds, in an HttpOnly cookie.
 */
export const passkeyChallenges = sqliteTable(
  'passkey_challenges',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose', { enum: ['registration', 'authentication'] }).notNull(),
    /** The challenge sent to the browser (base64url); what the signed client data must carry. */
    challenge: text('challenge').notNull(),
    /** Registration only: the member adding a passkey. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at').notNull(),
    createdAt: createdAt(),
  },
  // Housekeeping (auth/passkey-challenges.ts) deletes the expired ones through this index.
  (t) => [index('passkey_challenges_expires_idx').on(t.expiresAt)],
);
