import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';

/*
 * Issue 47: an Idempotency-Key sent with a write that creates something or sends email
 * (platform/middleware/idempotency.ts). The first request with a key claims its row (status null
 * while it runs) and keeps its answer; the same key from the same sender within 24 hours is
 * answered that answer again and does nothing. Housekeeping deletes rows older than a day.
 */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    /** Who sent it: `member:{id}`, or a visitor's address group (`address:{ip or /64}`). */
    owner: text('owner').notNull(),
    key: text('key').notNull(),
    /** The route the key was first used on (`POST /api/events`): another route with it is refused. */
    route: text('route').notNull(),
    /**
     * SHA-256 of the first request's path and body: the key with another path or body is refused
     * (Stripe's rule), never answered the first answer. Null on keys claimed before it was kept.
     */
    fingerprint: text('fingerprint'),
    /** The first answer's status, or null while its request runs. */
    status: integer('status'),
    contentType: text('content_type'),
    location: text('location'),
    body: text('body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
