import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { alias, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type * as z from 'zod';
import { auditActionLabel } from '../../../shared/audit-actions';
import type { RecipientGroup } from '../../../shared/constants';
import {
  type AuditLogEntryView,
  type AuditLogFilters,
  type AuditLogListInputSchema,
  type AuditLogPage,
} from '../../../shared/schemas/audit-log';
import { RECIPIENT_GROUP_LABELS } from '../../../shared/schemas/mail';
import { formatInstantDate } from '../../../shared/date-format';
import { circles } from '../../db/schema/circles';
import { emailMessages } from '../../db/schema/email';
import { homes } from '../../db/schema/homes';
import { rosterImports } from '../../db/schema/roster-imports';
import { events } from '../../db/schema/events';
import { images } from '../../db/schema/images';
import { applications, auditLog } from '../../db/schema/membership';
import { users } from '../../db/schema/users';
import type { Actor } from '../../platform/actor';
import type { Deps } from '../../platform/deps';
import { requireAdmin } from '../../platform/guards';
import { i18n, inLanguage, translate } from '../../platform/i18n';
import { decodeCursor, pageSize, toPage } from '../../platform/keyset';
import { languageOf, type RequestMeta } from '../../platform/request-actor';

// Issue 11 "Admins see what happened": the audit log, newest first, filterable by action and by
// who acted. Every audit_log row is listed: admins' actions, and the members' own sign-ins with
// 2FA, 2FA changes and session ends.

type ListInput = z.output<typeof AuditLogListInputSchema>;

const actorUser = alias(users, 'actor_user');
const targetUser = alias(users, 'target_user');
/** The member a detail names by id (a deleted home's host, a circle's new host): shown by name. */
const detailUser = alias(users, 'detail_user');
const DETAIL_USER_KEYS = { hostId: 'host', memberId: 'member' } as const;

const TARGET_TYPE_LABELS: Record<string, string> = {
  user: /*i18n*/ 'Member',
  event: /*i18n*/ 'Event',
  image: /*i18n*/ 'Image',
  comment: /*i18n*/ 'Comment',
  application: /*i18n*/ 'Application',
  invitation_code: /*i18n*/ 'Invitation code',
  recipient_group: /*i18n*/ 'Recipients',
  email_message: /*i18n*/ 'Email',
  dead_letter: /*i18n*/ 'Queue message',
  home: /*i18n*/ 'Home',
  circle: /*i18n*/ 'Circle',
  circle_proposal: /*i18n*/ 'Circle proposal',
  roster_import: /*i18n*/ 'Roster import',
  roster: /*i18n*/ 'Roster',
};

/** The target row of an entry of this type, joined by its primary key (target_id is text). */
const targetIs = (type: string, id: AnySQLiteColumn) =>
  and(eq(auditLog.targetType, type), eq(id, sql`CAST(${auditLog.targetId} AS INTEGER)`));

/**
 * One page as one statement. Unfiltered it walks the primary key backwards from the cursor;
 * with an action or an actor, audit_log_action_idx (action, id) or audit_log_actor_idx
 * (actor_id, id) gives both the rows and their order. The names come from primary-key joins, at
 * most one of which matches an entry (each is guarded by the target type).
 */
export function auditLogPageQuery(deps: Deps, filter: Pick<ListInput, 'action' | 'actor_id'>, afterId: number | undefined, size: number) {
  const where: (SQL | undefined)[] = [
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.actor_id ? eq(auditLog.actorId, filter.actor_id) : undefined,
    afterId === undefined ? undefined : lt(auditLog.id, afterId),
  ];
  return deps.db
    .select({
      id: auditLog.id,
      at: auditLog.createdAt,
      action: auditLog.action,
      actorId: auditLog.actorId,
      actorName: actorUser.name,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      targetName: sql<
        string | null
      >`coalesce(${targetUser.name}, ${events.title}, ${applications.fullName}, nullif(${images.title}, ''), ${emailMessages.subject}, ${homes.title}, ${circles.name})`,
      circleSlug: circles.slug,
      rosterImportAt: rosterImports.createdAt,
      rosterImportCounts: rosterImports.counts,
      detailUserName: detailUser.name,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(actorUser, eq(actorUser.id, auditLog.actorId))
    .leftJoin(targetUser, targetIs('user', targetUser.id))
    .leftJoin(events, targetIs('event', events.id))
    .leftJoin(applications, targetIs('application', applications.id))
    .leftJoin(images, targetIs('image', images.id))
    .leftJoin(emailMessages, targetIs('email_message', emailMessages.id))
    .leftJoin(homes, targetIs('home', homes.id))
    .leftJoin(circles, targetIs('circle', circles.id))
    .leftJoin(rosterImports, targetIs('roster_import', rosterImports.id))
    .leftJoin(
      detailUser,
      eq(
        detailUser.id,
        sql`coalesce(${sql.join(
          Object.keys(DETAIL_USER_KEYS).map((k) => sql`json_extract(${auditLog.details}, ${`$.${k}`})`),
          sql`, `,
        )})`,
      ),
    )
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(size + 1);
}

/** GET /api/admin/audit-log and admin.auditLog.list: a page of entries, newest first (issue 13); one D1 statement. */
export async function listAuditLog(
  deps: Deps,
  actor: Actor,
  input: ListInput,
  meta: Pick<RequestMeta, 'language'> = {},
): Promise<AuditLogPage> {
  requireAdmin(actor);
  const size = pageSize(input.limit);
  const after = decodeCursor(input.cursor, ['n']) as [number] | undefined;
  const rows = await auditLogPageQuery(deps, input, after?.[0], size);
  // Issue 41: the entries' labels in the admin's language (what members wrote stays as written).
  return inLanguage(languageOf(actor, meta), () => toPage(rows, size, (r) => [r.id], toView));
}

/**
 * The distinct actions, and actors, of the log as skip scans of their index: one seek per
 * distinct value (each MIN(...) > previous is an index lookup), not a read of every entry.
 */
export const DISTINCT_ACTIONS_SQL = `WITH RECURSIVE a(action) AS (
  SELECT MIN(action) FROM audit_log
  UNION ALL
  SELECT (SELECT MIN(action) FROM audit_log WHERE action > a.action) FROM a WHERE a.action IS NOT NULL
)
SELECT action FROM a WHERE action IS NOT NULL`;

export const DISTINCT_ACTORS_SQL = `WITH RECURSIVE a(id) AS (
  SELECT MIN(actor_id) FROM audit_log
  UNION ALL
  SELECT (SELECT MIN(actor_id) FROM audit_log WHERE actor_id > a.id) FROM a WHERE a.id IS NOT NULL
)
SELECT users.id AS id, users.name AS name FROM a JOIN users ON users.id = a.id
ORDER BY users.name COLLATE NOCASE, users.id`;

/** GET /api/admin/audit-log/filters: the actions and the people that occur in the log, in one batch. */
export async function auditLogFilters(deps: Deps, actor: Actor, meta: Pick<RequestMeta, 'language'> = {}): Promise<AuditLogFilters> {
  requireAdmin(actor);
  const [actions, actors] = await deps.db.batch([
    deps.db.all<{ action: string }>(sql.raw(DISTINCT_ACTIONS_SQL)),
    deps.db.all<{ id: number; name: string }>(sql.raw(DISTINCT_ACTORS_SQL)),
  ]);
  return inLanguage(languageOf(actor, meta), () => ({
    actions: actions
      .map(({ action }) => ({ action, label: translate(auditActionLabel(action)) }))
      .sort((x, y) => x.label.localeCompare(y.label, i18n.locale)),
    actors: actors.map(({ id, name }) => ({ id, name })),
  }));
}

type Row = Awaited<ReturnType<typeof auditLogPageQuery>>[number];

function toView(r: Row): AuditLogEntryView {
  const details = r.details ?? {};
  return {
    id: r.id,
    at: new Date(r.at).toISOString(),
    actor: r.actorId !== null && r.actorName !== null ? { id: r.actorId, name: r.actorName } : null,
    action: r.action,
    label: translate(auditActionLabel(r.action)),
    target:
      r.targetType === null
        ? null
        : {
            type: r.targetType,
            type_label: translate(TARGET_TYPE_LABELS[r.targetType] ?? r.targetType),
            id: r.targetId ?? '',
            name: targetName(r, details),
            path: targetPath(r),
          },
    details: readableDetails(namedDetails(details, r.detailUserName)),
  };
}

/** The joined name, else what the entry itself says (a deleted event keeps its title there). */
function targetName(r: Row, details: Record<string, unknown>): string | null {
  if (r.targetType === 'roster_import' && r.rosterImportAt !== null && r.rosterImportCounts) {
    // "Roster import of Nov 27, 2026 (6 rows)" (issue 46, point 14), not "roster_import #2".
    const rows = Object.values(r.rosterImportCounts).reduce((a, b) => a + b, 0);
    return i18n._('Roster import of {date} ({rows, plural, one {# row} other {# rows}})', {
      date: formatInstantDate(r.rosterImportAt, 'UTC'),
      rows,
    });
  }
  if (r.targetName) return r.targetName;
  if (r.targetType === 'invitation_code') return r.targetId;
  if (r.targetType === 'recipient_group') return RECIPIENT_GROUP_LABELS[r.targetId as RecipientGroup] ?? r.targetId;
  if (typeof details.title === 'string' && details.title) return details.title;
  if (r.targetType === 'application' && typeof details.email === 'string') return details.email;
  return null;
}

/** Where the screen links the target, while it is still there (the join found it); else null. */
function targetPath(r: Row): string | null {
  const id = r.targetId;
  if (!id || (!r.targetName && r.rosterImportAt === null)) return null;
  switch (r.targetType) {
    case 'user':
      return `/members/${id}`;
    case 'event':
      return `/events/${id}`;
    case 'home':
      return `/homes/${id}`;
    case 'circle':
      return r.circleSlug ? `/circles/${r.circleSlug}` : null;
    case 'image':
      return `/gallery?image=${id}`;
    case 'roster_import':
      return `/admin/imports/${id}`;
    default:
      return null;
  }
}

/** A detail that names a member by id shows her name instead ("Host: Hana Sato", never "Host id: 8"). */
function namedDetails(details: Record<string, unknown>, name: string | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(details)) {
    const named = DETAIL_USER_KEYS[key as keyof typeof DETAIL_USER_KEYS];
    if (named) out[named] = name ?? i18n._('Removed account');
    else out[key] = value;
  }
  return out;
}

/**
 * Never shown, whatever an entry holds: nothing secret is written to the log today, and this
 * keeps it so if a future entry slips one in.
 */
const HIDDEN_KEY = /pass|token|secret|hash|otp|cookie|nonce|key|body|html/i;
const MAX_VALUE_LENGTH = 300;

const KEY_LABELS: Record<string, string> = {
  host: /*i18n*/ 'Host',
  member: /*i18n*/ 'Member',
  method: /*i18n*/ 'Second factor',
  device: /*i18n*/ 'Device',
  current: /*i18n*/ 'Was the device in use',
  from: /*i18n*/ 'From',
  to: /*i18n*/ 'To',
  type: /*i18n*/ 'Type',
  email: /*i18n*/ 'Email',
  title: /*i18n*/ 'Title',
  subject: /*i18n*/ 'Subject',
  recipients: /*i18n*/ 'Recipients',
  fields: /*i18n*/ 'Fields changed',
  content: /*i18n*/ 'Content',
  maxUses: /*i18n*/ 'Maximum uses',
  useCount: /*i18n*/ 'Times used',
  expiresAt: /*i18n*/ 'Expires',
  grantedFounding: /*i18n*/ 'Founding offered',
};

const VALUE_LABELS: Record<string, string> = { totp: /*i18n*/ 'Authenticator app', recovery_code: /*i18n*/ 'Recovery code' };

/** "grantedFounding" → "Granted founding". */
const humanise = (key: string) => {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function readableValue(key: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? i18n._('Yes') : i18n._('No');
  if (typeof value === 'number') return key.endsWith('At') ? new Date(value).toISOString() : String(value);
  if (typeof value === 'string') return VALUE_LABELS[value] ? translate(VALUE_LABELS[value]) : value;
  if (Array.isArray(value)) return value.map((v) => readableValue(key, v) ?? '').join(', ');
  if (typeof value === 'object' && 'from' in value && 'to' in value) {
    return `${readableValue('from', value.from) ?? '—'} → ${readableValue('to', value.to) ?? '—'}`;
  }
  return JSON.stringify(value);
}

export function readableDetails(details: Record<string, unknown>): { label: string; value: string }[] {
  const out: { label: string; value: string }[] = [];
  for (const [key, value] of Object.entries(details)) {
    if (HIDDEN_KEY.test(key)) continue;
    const text = readableValue(key, value);
    if (text === null) continue;
    out.push({
      label: KEY_LABELS[key] ? translate(KEY_LABELS[key]) : humanise(key),
      value: text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text,
    });
  }
  return out;
}
