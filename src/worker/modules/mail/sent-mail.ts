import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type * as z from 'zod';
import type { DeliveryStatus, SentMailListInputSchema } from '../../../shared/schemas/mail';
import type { Page } from '../../../shared/schemas/page';
import type { Actor } from '../../platform/actor';
import { decodeCursor, pageSize, toPage } from '../../platform/keyset';
import { emailDeliveries, emailMessages } from '../../db/schema/email';
import { users } from '../../db/schema/users';
import { AppError } from '../../platform/app-error';
import { enforceRateLimit } from '../../platform/rate-limit';
import { enqueueDeliveries } from './enqueue';
import { requireAdmin } from '../../platform/guards';
import { auditEntry } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { tryOpenMessageBody } from './message-body';

/** Enough for any group the club has; the counts above the list are always complete. */
const MAX_DELIVERIES_SHOWN = 2000;
/** Bodies of these kinds may be shown to admins; the others carry personal links (reset, registration). */
const BODY_VISIBLE_KINDS = new Set(['group', 'event_announcement']);

export interface DeliveryCounts {
  total: number;
  queued: number;
  sending: number;
  sent: number;
  failed: number;
  /** Opted out of this kind of email: recorded, not sent. */
  skipped: number;
}

export interface SentMailSummary {
  id: number;
  kind: string;
  subject: string;
  recipientGroup: string | null;
  /** The sending admin, null once her account is gone (the name then is too): her name links to her profile. */
  sender_id: number | null;
  sender_name: string | null;
  /** ISO 8601 (UTC). */
  created_at: string;
  counts: DeliveryCounts;
}

export interface SentMailDelivery {
  id: number;
  to_email: string;
  to_name: string | null;
  /** The member it went to, null for an address without an account or one deleted since: her name links to her profile. */
  user_id: number | null;
  status: DeliveryStatus;
  attempts: number;
  last_error: string | null;
  /** ISO 8601 (UTC). */
  sent_at: string | null;
}

const d = emailDeliveries;
// Aliased: inside db.batch D1 answers rows keyed by column name, and the four sums would
// otherwise share one name (the status is a bound parameter).
const countOf = (status: DeliveryStatus) =>
  sql<number>`coalesce(sum(case when ${d.status} = ${status} then 1 else 0 end), 0)`.mapWith(Number).as(`${status}_count`);
const countColumns = {
  total: sql<number>`count(${d.id})`.mapWith(Number).as('total_count'),
  queued: countOf('queued'),
  sending: countOf('sending'),
  sent: countOf('sent'),
  failed: countOf('failed'),
  skipped: countOf('skipped'),
};

function summaryQuery(deps: Deps) {
  return deps.db
    .select({
      id: emailMessages.id,
      kind: emailMessages.kind,
      subject: emailMessages.subject,
      recipientGroup: emailMessages.recipientGroup,
      sender_id: emailMessages.senderId,
      sender_name: users.name,
      created_at: emailMessages.createdAt,
      ...countColumns,
    })
    .from(emailMessages)
    .leftJoin(users, eq(users.id, emailMessages.senderId))
    .leftJoin(d, eq(d.messageId, emailMessages.id));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['all']>>[number];

function toSummary(r: SummaryRow): SentMailSummary {
  const { total, queued, sending, sent, failed, skipped, created_at, ...rest } = r;
  return { ...rest, created_at: new Date(created_at).toISOString(), counts: { total, queued, sending, sent, failed, skipped } };
}

/**
 * One page (size + 1 messages), newest first after the cursor's id, each with its delivery counts
 * (email_deliveries_message_idx): Group mail walks email_messages_kind_idx (kind, then the
 * rowid), All email the table's own primary key backwards. Grouped by the id the walk is in, so
 * nothing is sorted.
 */
export function sentMailPageQuery(deps: Deps, kind: 'group' | 'all', afterId: number | undefined, size: number) {
  return summaryQuery(deps)
    .where(
      and(
        kind === 'group' ? eq(emailMessages.kind, 'group') : undefined,
        afterId === undefined ? undefined : lt(emailMessages.id, afterId),
      ),
    )
    .groupBy(emailMessages.id)
    .orderBy(desc(emailMessages.id))
    .limit(size + 1);
}

/**
 * "Your club" for admins (issue 31): deliveries that failed since `since` and wait for a look
 * (email_deliveries_status_idx: the failed ones only). For the caller's batch.
 */
export function failedDeliveriesCountQuery(deps: Deps, since: number) {
  return deps.db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(d)
    .where(and(eq(d.status, 'failed'), sql`${d.createdAt} >= ${since}`));
}

/** GET /api/admin/sent-mail and mail.sent: a page at a time (issue 13), one D1 statement. */
export async function listSentMail(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof SentMailListInputSchema>,
): Promise<Page<SentMailSummary>> {
  requireAdmin(actor);
  const size = pageSize(input.limit);
  const after = decodeCursor(input.cursor, ['n']) as [number] | undefined;
  const rows = await sentMailPageQuery(deps, input.kind, after?.[0], size);
  return toPage(rows, size, (r) => [r.id], toSummary);
}

/** One message with each recipient's status (failed first): one round trip. */
export async function getSentMail(deps: Deps, actor: Actor, id: number) {
  requireAdmin(actor);
  const statusOrder = sql`case ${d.status} when 'failed' then 0 when 'sending' then 1 when 'queued' then 2 else 3 end`;
  const [summaries, bodies, deliveries] = await deps.db.batch([
    summaryQuery(deps).where(eq(emailMessages.id, id)).groupBy(emailMessages.id),
    deps.db.select({ kind: emailMessages.kind, body: emailMessages.body }).from(emailMessages).where(eq(emailMessages.id, id)),
    deps.db
      .select({
        id: d.id,
        to_email: d.toEmail,
        to_name: d.toName,
        user_id: d.userId,
        status: d.status,
        attempts: d.attempts,
        last_error: d.lastError,
        sent_at: d.sentAt,
      })
      .from(d)
      .where(eq(d.messageId, id))
      .orderBy(statusOrder, asc(d.id))
      .limit(MAX_DELIVERIES_SHOWN),
  ]);
  const summary = summaries[0];
  if (!summary) throw new AppError('NOT_FOUND', /*i18n*/ 'That email was not found.');
  const row = bodies[0];
  // Sealed in D1: opened only for the kinds an admin may read, and absent (null) when the body
  // predates sealing or DATA_ENCRYPTION_KEY no longer opens it; the statuses stay readable.
  const body = row && BODY_VISIBLE_KINDS.has(row.kind) ? await tryOpenMessageBody(deps.env, row.body) : null;
  return {
    message: { ...toSummary(summary), html: body?.html ?? null },
    deliveries: deliveries.map((r): SentMailDelivery => ({ ...r, sent_at: r.sent_at === null ? null : new Date(r.sent_at).toISOString() })),
  };
}

/**
 * Re-queues a message's failed deliveries: back to 'queued' (the attempt count is kept) and on
 * the queue again, with an audit entry in the same batch. Sent ones are never touched.
 */
export async function retryFailedDeliveries(deps: Deps, actor: Actor, id: number): Promise<{ requeued: number }> {
  const admin = requireAdmin(actor);
  await enforceRateLimit(deps.env, 'MAIL_SEND_LIMITER', `mail:${admin.id}`);
  const [requeued] = await deps.db.batch([
    deps.db
      .update(d)
      .set({ status: 'queued', claimedAt: null })
      .where(and(eq(d.messageId, id), eq(d.status, 'failed')))
      .returning({ id: d.id }),
    auditEntry(deps, admin, 'mail.retry_failed', { type: 'email_message', id }),
  ]);
  if (requeued.length === 0) {
    const [exists] = await deps.db.select({ id: emailMessages.id }).from(emailMessages).where(eq(emailMessages.id, id));
    if (!exists) throw new AppError('NOT_FOUND', /*i18n*/ 'That email was not found.');
    return { requeued: 0 };
  }
  await enqueueDeliveries(
    deps,
    requeued.map((r) => r.id),
  );
  return { requeued: requeued.length };
}
