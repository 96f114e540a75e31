import * as z from 'zod';
import type { AccountType } from '../constants';
import { LANGUAGES } from '../preferences';
import { IdSchema } from './common';
import { PageQuerySchema, type Page } from './page';
import { withValues } from '../message';

// Issue 24, the roster import: a CSV of the club's existing members, previewed by the server (a
// dry run), then "Invite N new members". Dates are YYYY-MM-DD strings.

export const ROSTER_MAX_ROWS = 5000;
export const ROSTER_MAX_BYTES = 2 * 1024 * 1024;
export const ROSTER_LIMITS_MESSAGE = withValues(
  /*i18n*/ 'A roster file may have at most {max} rows and 2 MB. Please split it into smaller files.',
  { max: ROSTER_MAX_ROWS.toLocaleString('en-US') },
);
/** Columns a roster's header may have (issue 45): a header of a million cost seconds and a 4 MB answer. */
export const ROSTER_MAX_COLUMNS = 50;

/** The columns the import reads (names case-insensitive, in any order); any other is listed and ignored. */
export const ROSTER_IMPORT_COLUMNS = [
  'email',
  'name',
  'type',
  'member_since',
  'renews_on',
  'phone',
  'city',
  'country',
  'language',
] as const;

/**
 * A row's `language` (issue 41): one of the club's languages by its code, in any case, a region
 * read as its language ('FR', 'fr-CA'); her invitation is written in it and her account starts in
 * it. An empty cell is none: the invitation in English, her account's language left to her device.
 */
export const RosterLanguageSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase().split(/[-_]/)[0] : v),
  z.enum(LANGUAGES),
);
export type RosterImportColumn = (typeof ROSTER_IMPORT_COLUMNS)[number];

/** A row's status in the preview, and at import: only `new` rows are invited. */
export const IMPORT_ROW_STATUSES = ['new', 'exists', 'pending', 'duplicate', 'invalid'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];
export type ImportCounts = Record<ImportRowStatus, number>;

export interface ImportRowView {
  /** Its line in the file (the header is line 1; a quoted line break makes a row span two). */
  line: number;
  email: string;
  name: string;
  type: AccountType | null;
  member_since: string | null;
  renews_on: string | null;
  status: ImportRowStatus;
  /** Each reason in words, "Line 7: the email is not valid". */
  errors: string[];
}

/** A row of the preview: also what the import keeps but flags (a phone number in a range the library does not know). */
export interface ImportPreviewRow extends ImportRowView {
  /** Each in words, "Line 7: Invalid phone number. It is kept as typed: +1 555 123 4567"; the row is still imported. */
  warnings: string[];
}

/** POST /api/admin/imports?dry_run=1 (200) and POST /api/admin/imports (201, with its id). */
export interface ImportPreview {
  id?: number;
  rows: ImportPreviewRow[];
  counts: ImportCounts;
  /** Columns of the file the import does not read (an `admin` column among them: nobody becomes an admin by import). */
  unknown_columns: string[];
}

/** Where an invited row stands now (the report). */
export const INVITATION_STATES = ['invited', 'registered', 'expired'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];
export const INVITATION_STATE_LABELS: Record<InvitationState, string> = {
  invited: 'Invited',
  registered: 'Registered',
  expired: 'Invitation expired',
};

export interface ImportReportRow extends ImportRowView {
  /** For an invited row: invited, registered or expired; null for the rows not invited. */
  invitation: InvitationState | null;
  invitation_expires_at: string | null;
  /** "Resend invitation": an expired invitation of someone who has not registered. */
  can_resend: boolean;
  /** Her account, once she has one (she registered, or was a member already): the report links her name. */
  member_id: number | null;
}

export interface ImportSummary {
  id: number;
  file_name: string;
  created_at: string;
  created_by_name: string | null;
  /** The admin who imported it (null once her account is gone): the screens link her name. */
  created_by_id: number | null;
  counts: ImportCounts;
}

/** GET /api/admin/imports/{id}: who imported what and when, each row and where it stands now. */
export interface ImportReport extends ImportSummary {
  unknown_columns: string[];
  rows: ImportReportRow[];
}

export const ImportIdInputSchema = z.object({ id: IdSchema });
export const ResendImportInvitationInputSchema = z.object({ id: IdSchema, line: z.coerce.number().int().min(2) });
export type ResendImportInvitationInput = z.output<typeof ResendImportInvitationInputSchema>;

/** GET /api/admin/imports: newest first, a page at a time. */
export const ListImportsInputSchema = PageQuerySchema.optional();
export type ListImportsInput = NonNullable<z.output<typeof ListImportsInputSchema>>;
export type ImportsPage = Page<ImportSummary>;
