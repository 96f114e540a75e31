import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AuditAction } from '../../../shared/audit-actions';
import type { MessageReportDto, ReportMessageInput, ReportStatus, ResolveReportInput } from '../../../shared/schemas/messages';
import type { Page } from '../../../shared/schemas/page';
import { columnRef } from '../../db/column-ref';
import { messageReports, messageSettings, messages } from '../../db/schema/messages';
import { users } from '../../db/schema/users';
import type { Actor, MemberActor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import { auditEntry, auditEntryIf } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { limitWrites } from './limits';
import { requireAdmin, requireMember } from '../../platform/guards';
import { decodeCursor, pageSize, toPage } from '../../platform/keyset';
import { memberPhotoSql } from '../members/member-refs';
import { messageMember } from './message-members';
import { tellChange, visibleMessage } from './messages';
import { openBody } from './sealed-body';

/*
 * Reports (issue 38): a member sends a message she received, with her reason, to the admins.
 * /admin/reports lists the open ones with the message, its conversation's previous ten messages
 * and who reported; an admin dismisses the report or removes the message ("Removed by the club's
 * admins"), and with a removal may suspend the sender's messages for 7 or 30 days. Every step is
 * in the audit log. This is the only place an admin reads a message: there is no other.
 */

/** How many of the conversation's earlier messages a report shows. */
export const REPORT_CONTEXT = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * POST /api/messages/{id}/report and messages.report: a message of someone else's that she may
 * see; a second report of it by her is the same report. Audited (who, which message; no text).
 */
export async function reportMessage(deps: Deps, actor: Actor, input: ReportMessageInput): Promise<{ id: number }> {
  const me = requireMember(actor);
  const id = Number(input.id);
  await limitWrites(deps, me);
  const m = await visibleMessage(deps, me, id);
  if (m.authorId === me.id) throw new AppError('BAD_REQUEST', /*i18n*/ 'You cannot report your own message.');
  if (m.deleted) throw new AppError('CONFLICT', /*i18n*/ 'This message was deleted already.');
  const [inserted, existing] = await deps.db.batch([
    deps.db
      .insert(messageReports)
      .values({ messageId: id, reporterId: me.id, reason: input.reason.trim(), createdAt: deps.now() })
      .onConflictDoNothing()
      .returning({ id: messageReports.id }),
    deps.db
      .select({ id: messageReports.id })
      .from(messageReports)
      .where(and(eq(messageReports.messageId, id), eq(messageReports.reporterId, me.id))),
  ]);
  const reportId = inserted[0]?.id ?? existing[0]!.id;
  if (inserted.length > 0) {
    await auditEntry(
      deps,
      me,
      'message.report',
      { type: 'message_report', id: reportId },
      { messageId: id, conversationId: m.conversationId },
    );
  }
  return { id: reportId };
}

/** A member of a report (reporter, author) as JSON fields of the row. */
const person = (viewer: MemberActor, id: SQL) => sql`${memberPhotoSql(viewer, id)}`;

/** The conversation's REPORT_CONTEXT messages before the reported one, newest first, as JSON. */
function contextJsonSql(admin: MemberActor): SQL<string> {
  return sql<string>`(SELECT json_group_array(json_object('id', "x"."id", 'author_id', "x"."author_id", 'name', "x"."name",
      'photo', "x"."photo", 'body', "x"."body", 'created_at', "x"."created_at")) FROM (
    SELECT "cx"."id" AS "id", "cx"."author_id" AS "author_id", "cu"."name" AS "name", ${person(admin, sql`"cx"."author_id"`)} AS "photo",
      CASE WHEN "cx"."deleted_at" IS NULL AND "cx"."removed_at" IS NULL THEN "cx"."body" END AS "body", "cx"."created_at" AS "created_at"
    FROM ${messages} AS "cx" LEFT JOIN ${users} AS "cu" ON "cu"."id" = "cx"."author_id"
    WHERE "cx"."conversation_id" = ${columnRef(messages.conversationId)} AND "cx"."id" < ${columnRef(messages.id)}
    ORDER BY "cx"."id" DESC LIMIT ${REPORT_CONTEXT}) AS "x")`;
}

/** One page (size + 1) of the reports of a status, newest first, each with its message and context. */
export function reportPageQuery(
  deps: Deps,
  admin: MemberActor,
  status: ReportStatus,
  after: [number, number] | undefined,
  size: number,
  only?: number,
) {
  const reporter = sql`(SELECT json_object('id', "ru"."id", 'name', "ru"."name", 'photo', ${person(admin, sql`"ru"."id"`)})
    FROM ${users} AS "ru" WHERE "ru"."id" = ${columnRef(messageReports.reporterId)})`;
  return deps.db
    .select({
      id: messageReports.id,
      status: messageReports.status,
      reason: messageReports.reason,
      createdAt: messageReports.createdAt,
      reporter: sql<string | null>`${reporter}`.as('reporter'),
      messageId: sql<number>`${columnRef(messages.id)}`.as('message_id'),
      conversationId: messages.conversationId,
      authorId: messages.authorId,
      authorName: users.name,
      authorPhoto: sql<string | null>`${person(admin, columnRef(messages.authorId))}`.as('author_photo'),
      body: messages.body,
      messageCreatedAt: sql<number>`${columnRef(messages.createdAt)}`.as('message_created_at'),
      removedAt: messages.removedAt,
      context: sql<string>`${contextJsonSql(admin)}`.as('context'),
      suspendedUntil: sql<number | null>`(SELECT "ms"."suspended_until" FROM ${messageSettings} AS "ms"
        WHERE "ms"."user_id" = ${columnRef(messages.authorId)} AND "ms"."suspended_until" > ${deps.now()})`.as('suspended_until'),
    })
    .from(messageReports)
    .innerJoin(messages, eq(messages.id, messageReports.messageId))
    .leftJoin(users, eq(users.id, messages.authorId))
    .where(
      and(
        only === undefined ? eq(messageReports.status, status) : eq(messageReports.id, only),
        after ? sql`(${columnRef(messageReports.createdAt)}, ${columnRef(messageReports.id)}) < (${after[0]}, ${after[1]})` : undefined,
      ),
    )
    .orderBy(desc(messageReports.createdAt), desc(messageReports.id))
    .limit(size + 1);
}

type ReportRow = Awaited<ReturnType<typeof reportPageQuery>>[number];

async function toReportDto(deps: Deps, row: ReportRow): Promise<MessageReportDto> {
  const iso = (ms: number) => new Date(ms).toISOString();
  const reporter = row.reporter ? (JSON.parse(row.reporter) as { id: number; name: string; photo: string | null }) : null;
  const context = (
    JSON.parse(row.context ?? '[]') as {
      id: number;
      author_id: number | null;
      name: string | null;
      photo: string | null;
      body: string | null;
      created_at: number;
    }[]
  ).sort((a, b) => a.id - b.id);
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    created_at: iso(row.createdAt),
    reporter: messageMember(reporter?.id ?? null, reporter?.name ?? null, reporter?.photo ?? null),
    message: {
      id: row.messageId,
      author: messageMember(row.authorId, row.authorName, row.authorPhoto),
      // What was reported, as written, while the report is open (even if its author deleted it since).
      body: row.removedAt === null ? await openBody(deps.env, row.conversationId, row.body) : null,
      created_at: iso(row.messageCreatedAt),
    },
    context: await Promise.all(
      context.map(async (c) => ({
        id: c.id,
        author: messageMember(c.author_id, c.name, c.photo),
        body: await openBody(deps.env, row.conversationId, c.body),
        created_at: iso(c.created_at),
      })),
    ),
    sender_suspended_until: row.suspendedUntil === null ? null : iso(row.suspendedUntil),
  };
}

/** GET /api/admin/reports?status=open and messages.reports: admins only, newest first, one round trip. */
export async function listReports(
  deps: Deps,
  actor: Actor,
  input: { status?: ReportStatus; cursor?: string; limit?: number },
): Promise<Page<MessageReportDto>> {
  const admin = requireAdmin(actor);
  const size = pageSize(input.limit);
  const after = decodeCursor(input.cursor, ['n', 'n']) as [number, number] | undefined;
  const [rows] = await deps.db.batch([reportPageQuery(deps, admin, input.status ?? 'open', after, size)]);
  const page = toPage(rows, size, (r) => [r.createdAt, r.id]);
  return { items: await Promise.all(page.items.map((r) => toReportDto(deps, r))), nextCursor: page.nextCursor };
}

/**
 * POST /api/admin/reports/{id} and messages.resolveReport: dismiss, or remove the message (its
 * text goes; the members see "Removed by the club's admins"), and with a removal suspend its
 * author's messages for 7 or 30 days. Every open report of the message is decided with it; each
 * step is audited. A report already decided is a 409.
 */
export async function resolveReport(deps: Deps, actor: Actor, input: ResolveReportInput): Promise<MessageReportDto> {
  const admin = requireAdmin(actor);
  const id = Number(input.id);
  if (input.suspend_days !== undefined && input.action !== 'remove') {
    throw new AppError('BAD_REQUEST', /*i18n*/ 'A suspension goes with a removal: remove the message to suspend its author.', {
      fieldErrors: { suspend_days: ['A suspension goes with a removal.'] },
    });
  }
  const [report] = await deps.db
    .select({
      status: messageReports.status,
      messageId: messageReports.messageId,
      authorId: messages.authorId,
      conversationId: messages.conversationId,
    })
    .from(messageReports)
    .innerJoin(messages, eq(messages.id, messageReports.messageId))
    .where(eq(messageReports.id, id));
  if (!report) throw new AppError('NOT_FOUND', /*i18n*/ 'Report not found.');
  if (report.status !== 'open') throw new AppError('CONFLICT', /*i18n*/ 'This report was decided already.');
  const now = deps.now();
  const status = input.action === 'remove' ? 'removed' : 'dismissed';
  const action: AuditAction = input.action === 'remove' ? 'message_report.remove' : 'message_report.dismiss';
  const details = { messageId: report.messageId, authorId: report.authorId };
  const suspension =
    input.suspend_days !== undefined && report.authorId !== null
      ? { until: now + input.suspend_days * DAY_MS, days: input.suspend_days, authorId: report.authorId }
      : null;
  // Every step holds only if this decision took the report (two admins at once: one decides).
  const decidedNow = sql`EXISTS (SELECT 1 FROM ${messageReports} AS "d" WHERE "d"."id" = ${id} AND "d"."resolved_at" = ${now} AND "d"."resolved_by" = ${admin.id})`;
  const [decided] = await deps.db.batch([
    deps.db
      .update(messageReports)
      .set({ status, resolvedAt: now, resolvedBy: admin.id })
      .where(and(eq(messageReports.messageId, report.messageId), eq(messageReports.status, 'open')))
      .returning({ id: messageReports.id }),
    // A removal takes the text; a dismissal takes the text its author deleted while it was reported.
    deps.db
      .update(messages)
      .set(input.action === 'remove' ? { removedAt: now, body: null } : { body: null })
      .where(
        and(
          eq(messages.id, report.messageId),
          decidedNow,
          input.action === 'remove' ? undefined : sql`${columnRef(messages.deletedAt)} IS NOT NULL`,
        ),
      ),
    auditEntryIf(deps, admin, action, { type: 'message_report', id }, details, decidedNow),
    ...(suspension
      ? [
          deps.db
            .insert(messageSettings)
            .select(sql`SELECT ${suspension.authorId}, 'members', ${suspension.until}, ${now} WHERE ${decidedNow}`)
            .onConflictDoUpdate({
              target: messageSettings.userId,
              set: {
                suspendedUntil: sql`max(coalesce(${columnRef(messageSettings.suspendedUntil)}, 0), excluded.suspended_until)`,
                updatedAt: now,
              },
            }),
          auditEntryIf(
            deps,
            admin,
            'messaging.suspend',
            { type: 'user', id: suspension.authorId },
            { days: suspension.days, reportId: id },
            decidedNow,
          ),
        ]
      : []),
  ]);
  if (decided.length === 0) throw new AppError('CONFLICT', /*i18n*/ 'This report was decided already.');
  if (input.action === 'remove') await tellChange(deps, report.conversationId, report.authorId);
  const [[row]] = await deps.db.batch([reportPageQuery(deps, admin, status, undefined, 1, id)]);
  return toReportDto(deps, row!);
}
