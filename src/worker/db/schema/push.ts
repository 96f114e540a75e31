import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { NOTIFICATION_KINDS } from '../../../shared/notifications';
import { bool, createdAt } from './columns';
import { sessions, users } from './users';

/*
 * Issue 40 (modules/push): Web Push. A subscription belongs to the device's session: signing out
 * there, or ending that device from Settings, deletes the session and so (cascade) its
 * subscription; a push service answering 404 or 410 deletes it too.
 */

export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session (stored id) of the device that subscribed. */
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** The push service's URL for this device: one row per endpoint. */
    endpoint: text('endpoint').notNull(),
    /** RFC 8291: the device's P-256 public key and its 16-byte auth secret, base64url. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** When the push service said it ends (Unix ms), or null. */
    expiresAt: integer('expires_at'),
    /** The device as Settings names it ("Chrome 131 on macOS"), never the raw header. */
    userAgent: text('user_agent').notNull(),
    createdAt: createdAt(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    // The sender reads a recipient's devices; Settings lists hers.
    index('push_subscriptions_user_idx').on(t.userId, t.id),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/** Her push choice per kind, only where it differs from the kind's default. */
export const pushPreferences = sqliteTable(
  'push_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    enabled: bool('enabled').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
