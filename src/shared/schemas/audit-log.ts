import * as z from 'zod';
import { IdSchema } from './common';
import { acceptingOldNames } from './old-field-names';
import { PageQuerySchema, type Page } from './page';

/** A query string's empty parameter (`?action=`) means "no filter", as leaving it out does. */
const optional = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** GET /api/admin/audit-log and admin.auditLog.list: newest first, a page at a time (issue 13). */
export const AuditLogListInputSchema = acceptingOldNames(
  z
    .object({
      action: optional(
        z
          .string()
          .max(64, /*i18n*/ 'Unknown action.')
          .regex(/^[a-z_]+\.[a-z_]+$/, /*i18n*/ 'Unknown action.'),
      ),
      actor_id: optional(IdSchema),
    })
    .extend(PageQuerySchema.shape),
  { actor_id: 'actorId' },
);
export type AuditLogListInput = z.input<typeof AuditLogListInputSchema>;

/** One entry: who did what, on whom, when (`at`: ISO 8601, UTC). */
export interface AuditLogEntryView {
  id: number;
  at: string;
  /** Null when that account has since been removed. */
  actor: { id: number; name: string } | null;
  action: string;
  /** "Reset a password"; the action's own name when it has no label. */
  label: string;
  /** What it was done to; null for entries without a target. */
  target: {
    type: string;
    /** "Member", "Event", "Invitation code"… */
    type_label: string;
    id: string;
    /** A member's name, an event's title… when it can be told (else null: e.g. it was deleted). */
    name: string | null;
    /** The app's page of it while it exists (/members/8, /admin/imports/2…), else null. */
    path: string | null;
  } | null;
  /** The entry's details made readable, with nothing secret among them. */
  details: { label: string; value: string }[];
}

/** A page of entries; `nextCursor` continues with older ones (null on the last page). */
export type AuditLogPage = Page<AuditLogEntryView>;

/** The choices of the screen's two filters: the actions and the people that occur in the log. */
export interface AuditLogFilters {
  actions: { action: string; label: string }[];
  actors: { id: number; name: string }[];
}
