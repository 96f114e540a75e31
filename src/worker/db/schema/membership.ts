import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { ACCOUNT_TYPES } from '../../../shared/constants';
import { LANGUAGES } from '../../../shared/preferences';
import { bool, createdAt } from './columns';
import { users } from './users';
import { events } from './events';
import { rosterImportRows } from './roster-imports';

export const invitationCodes = sqliteTable(
  'invitation_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    code: text('code').notNull().unique(),
    note: text('note'),
    expiresAt: integer('expires_at'),
    /** null: no limit. */
    maxUses: integer('max_uses'),
    useCount: integer('use_count').notNull().default(0),
    revokedAt: integer('revoked_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  // The codes screen pages newest first over [created_at, id] (membership/invitation-codes.ts).
  (t) => [index('invitation_codes_created_idx').on(t.createdAt)],
);

export const applications = sqliteTable(
  'applications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    invitationCodeId: integer('invitation_code_id').references(() => invitationCodes.id, { onDelete: 'set null' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    reason: text('reason').notNull(),
    /** JSON array of SPEC 3 interests. */
    interests: text('interests', { mode: 'json' }).$type<string[]>().notNull(),
    availability: text('availability').notNull(),
    referral: text('referral'),
    comments: text('comments'),
    membershipType: text('membership_type').notNull(),
    propertyAddress: text('property_address'),
    propertyType: text('property_type'),
    propertyDescription: text('property_description'),
    propertyAvailability: text('property_availability'),
    /**
     * The language her device used when she applied (issue 41): her emails until she has an
     * account (the acknowledgement, the registration link, a rejection), and her account's first.
     */
    language: text('language', { enum: LANGUAGES }),
    /** null pending, true accepted, false rejected. */
    accepted: bool('accepted'),
    /** Founding may be offered at registration only when the accepting admin granted it. */
    grantedFounding: bool('granted_founding').notNull().default(false),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: integer('decided_at'),
    createdAt: createdAt(),
  },
  // The Applications screen pages newest first over [created_at, id] (membership/applications.ts):
  // one status through applications_status_idx (which also counts each tab), All through
  // applications_created_idx. Every index ends with the rowid, the id.
  (t) => [
    index('applications_status_idx').on(t.accepted, t.createdAt),
    index('applications_created_idx').on(t.createdAt),
    // A roster import asks whether an application waits for each of its emails (issue 24).
    index('applications_email_idx').on(t.email),
  ],
);

/**
 * Single-use tokens (registration, password reset, event invitation). Only the SHA-256 of the
 * token is stored; the token itself exists only in the emailed link.
 */
export const tokens = sqliteTable(
  'tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose', { enum: ['registration', 'password_reset', 'event_invitation'] }).notNull(),
    email: text('email'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    applicationId: integer('application_id').references(() => applications.id, { onDelete: 'cascade' }),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'cascade' }),
    /** For a registration from a roster import (issue 24): the row with her name, type and dates. */
    importRowId: integer('import_row_id').references(() => rosterImportRows.id, { onDelete: 'cascade' }),
    /** For registration: the account types the invitee may choose. JSON array. */
    allowedTypes: text('allowed_types', { mode: 'json' }).$type<(typeof ACCOUNT_TYPES)[number][]>(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('tokens_user_idx').on(t.userId, t.purpose),
    index('tokens_event_idx').on(t.eventId),
    // A member's event invitations of the last 24 hours (at most 100 a day) are counted from here.
    index('tokens_creator_idx').on(t.createdBy, t.purpose, t.createdAt),
    // Housekeeping (membership/tokens-job.ts) deletes tokens expired or used 30 days ago through these.
    index('tokens_expires_idx').on(t.expiresAt),
    index('tokens_used_idx').on(t.usedAt),
    // A roster import asks whether an invitation waits for each of its emails (issue 24).
    index('tokens_email_idx').on(t.email, t.purpose),
  ],
);

export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  // The Audit log screen pages newest first by id (admin/audit-log.ts): unfiltered it walks the
  // primary key; filtered by action or by actor, one of these serves both the filter and the order.
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.id),
  ],
);
