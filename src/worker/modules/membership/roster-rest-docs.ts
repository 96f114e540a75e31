import * as z from 'zod';
import { ACCOUNT_TYPES } from '../../../shared/constants';
import {
  IMPORT_ROW_STATUSES,
  ImportIdInputSchema,
  INVITATION_STATES,
  ListImportsInputSchema,
  ResendImportInvitationInputSchema,
} from '../../../shared/schemas/roster-import';
import { IsoDate, IsoDateTime, describeRoutes } from '../../platform/openapi';
import type { rosterRoutes } from './roster-rest';

const counts = z.object(
  Object.fromEntries(IMPORT_ROW_STATUSES.map((s) => [s, z.number().int()])) as Record<(typeof IMPORT_ROW_STATUSES)[number], z.ZodNumber>,
);
const row = {
  line: z.number().int(),
  email: z.string(),
  name: z.string(),
  type: z.enum(ACCOUNT_TYPES).nullable(),
  member_since: IsoDate.nullable(),
  renews_on: IsoDate.nullable(),
  status: z.enum(IMPORT_ROW_STATUSES),
  errors: z.array(z.string()),
};
const PreviewSchema = z
  .object({
    id: z.number().int().optional(),
    rows: z.array(z.object({ ...row, warnings: z.array(z.string()) })),
    counts,
    unknown_columns: z.array(z.string()),
  })
  .meta({ id: 'RosterImportPreview' });
const summary = {
  id: z.number().int(),
  file_name: z.string(),
  created_at: IsoDateTime,
  created_by_name: z.string().nullable(),
  created_by_id: z.number().int().nullable(),
  counts,
};
const ReportSchema = z
  .object({
    ...summary,
    unknown_columns: z.array(z.string()),
    rows: z.array(
      z.object({
        ...row,
        invitation: z.enum(INVITATION_STATES).nullable(),
        invitation_expires_at: IsoDateTime.nullable(),
        can_resend: z.boolean(),
        member_id: z.number().int().nullable(),
      }),
    ),
  })
  .meta({ id: 'RosterImportReport' });
const form = {
  fields: z.object({}),
  files: { file: 'The roster CSV (UTF-8, comma or semicolon; at most 5,000 rows, 50 columns and 2 MB)' },
  requiredFiles: ['file'],
};

/** Issue 24's roster import (roster-import.ts). */
export const rosterRestDocs = describeRoutes<typeof rosterRoutes>()('Admin: roster import', {
  'POST /api/admin/imports': {
    operationId: 'importRoster',
    summary: 'Preview (?dry_run=1, 200, nothing stored) or import (201, with its id) a roster CSV',
    access: 'admin',
    form,
    responses: { 200: PreviewSchema, 201: PreviewSchema },
    errors: [413],
  },
  'GET /api/admin/imports': {
    operationId: 'listRosterImports',
    summary: 'The imports, newest first',
    access: 'admin',
    query: ListImportsInputSchema.unwrap(),
    paged: true,
    responses: { 200: z.array(z.object(summary)) },
  },
  'GET /api/admin/imports/:id': {
    operationId: 'getRosterImport',
    summary: "An import's report: each row and where its invitation stands now",
    access: 'admin',
    params: ImportIdInputSchema,
    responses: { 200: ReportSchema },
    errors: [404],
  },
  'POST /api/admin/imports/:id/rows/:line/resend': {
    operationId: 'resendRosterInvitation',
    summary: 'A fresh invitation for a row whose invitation expired',
    access: 'admin',
    params: ResendImportInvitationInputSchema,
    responses: { 200: z.object({ ok: z.literal(true) }) },
    errors: [404, 409],
  },
});
