import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { ACCOUNT_TYPES } from '../../../shared/constants';
import { LANGUAGES } from '../../../shared/preferences';
import type { ImportCounts, ImportRowStatus } from '../../../shared/schemas/roster-import';
import { createdAt } from './columns';
import { users } from './users';

/** A roster import (issue 24): who imported which file and when, and what its rows were. */
export const rosterImports = sqliteTable(
  'roster_imports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    counts: text('counts', { mode: 'json' }).$type<ImportCounts>().notNull(),
    /** Columns of the file that the import does not read (listed on the report). */
    unknownColumns: text('unknown_columns', { mode: 'json' }).$type<string[]>().notNull(),
    createdAt: createdAt(),
  },
  // The imports list pages newest first by id.
);

/**
 * Each row of an imported file as it was read, with its status then. A `new` row was invited:
 * invite_email is set, unique, so an email is never invited twice (by two imports, or the same
 * file again); her registration token points here (tokens.import_row_id) for her name, type and
 * dates. The report derives "registered" and "invitation expired" from users and the expiry.
 */
export const rosterImportRows = sqliteTable(
  'roster_import_rows',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    importId: integer('import_id')
      .notNull()
      .references(() => rosterImports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: ACCOUNT_TYPES }),
    memberSince: text('member_since'),
    renewsOn: text('renews_on'),
    phone: text('phone'),
    city: text('city'),
    country: text('country'),
    status: text('status').$type<ImportRowStatus>().notNull(),
    errors: text('errors', { mode: 'json' }).$type<string[]>().notNull(),
    inviteEmail: text('invite_email'),
    invitationExpiresAt: integer('invitation_expires_at'),
    /**
     * Her language from the row's `language` column (issue 41): her invitation is written in it and
     * her account starts in it; null when the row gives none (English, and her account's language
     * left unchosen, so her device decides once she signs in).
     */
    language: text('language', { enum: LANGUAGES }),
  },
  (t) => [
    index('roster_import_rows_import_idx').on(t.importId, t.line),
    uniqueIndex('roster_import_rows_invite_idx')
      .on(t.inviteEmail)
      .where(sql`${t.inviteEmail} IS NOT NULL`),
  ],
);
