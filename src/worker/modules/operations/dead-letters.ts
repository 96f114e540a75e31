import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type {
  DeadLetterKind,
  DeadLetterPayload,
  DeadLettersPage,
  DeadLetterView,
  ListDeadLettersInput,
} from '../../../shared/schemas/operations';
import { withValues } from '../../../shared/message';
import { deadLetters, queueFailures } from '../../db/schema/operations';
import { users } from '../../db/schema/users';
import type { Actor, MemberActor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import { auditEntry, auditEntryIf } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { requireAdmin } from '../../platform/guards';
import { inLanguage, translate } from '../../platform/i18n';
import { decodeCursor, pageSize, toPage } from '../../platform/keyset';
import { languageOf, type RequestMeta } from '../../platform/request-actor';
import type { MailJob } from '../../platform/mail-job';
import type { NotificationJob } from '../../platform/notification-job';
import { describeMailJob, requeueMailJob } from '../mail/dead-mail';

/*
 * Issue 44: messages that used up their retries on the mail and notifications queues. The
 * dead-letter queues' consumer (dead-letter-consumer.ts) records each here; admins retry it (back on
 * its queue) or discard it (both audit-logged) on /admin/operations; the housekeeping deletes
 * handled ones after 90 days (dead-letters-job.ts).
 */

/** A dead message as its queue delivered it. */
export interface DeadMessage {
  id: string;
  body: unknown;
}

/** A message body as stored: the object it is (ids and kinds), or anything else as text. */
const asPayload = (body: unknown): DeadLetterPayload =>
  body && typeof body === 'object' && !Array.isArray(body)
    ? (body as DeadLetterPayload)
    : { value: JSON.stringify(body ?? null).slice(0, 500) };

function deliveryIdsOf(payload: DeadLetterPayload): number[] {
  const ids = (payload as unknown as Partial<MailJob>).deliveryIds;
  return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
}

// Stored in English (written from their templates) and translated where an admin reads them (view).
const NOTIFICATION_JOB_SUMMARY: Record<NotificationJob['type'], (job: NotificationJob) => string> = {
  'fan-out': () => /*i18n*/ 'Writing the notifications of what members did',
  emails: () => /*i18n*/ 'Sending the instant notification emails due',
  push: (job) =>
    job.type === 'push' ? withValues(/*i18n*/ 'Push notifications of news #{news}', { news: job.news }) : /*i18n*/ 'Push notifications',
};

/** What a dead message was, in a line, and the last error recorded of it (apart from the consumer's note). */
async function describe(deps: Deps, kind: DeadLetterKind, payload: DeadLetterPayload) {
  if (kind === 'mail') return describeMailJob(deps, deliveryIdsOf(payload));
  const job = payload as unknown as NotificationJob;
  const summary = NOTIFICATION_JOB_SUMMARY[job.type]?.(job) ?? /*i18n*/ 'A notifications job of an unknown type';
  return { summary, lastError: null };
}

/**
 * Records dead messages once each (a redelivery from the dead-letter queue changes nothing), with
 * the reason their consumer noted on the last try, else the one their own rows recorded.
 */
export async function recordDeadLetters(deps: Deps, kind: DeadLetterKind, messages: DeadMessage[]): Promise<void> {
  if (messages.length === 0) return;
  const ids = messages.map((m) => m.id);
  const notes = await deps.db
    .select({ messageId: queueFailures.messageId, error: queueFailures.error })
    .from(queueFailures)
    .where(and(eq(queueFailures.kind, kind), inArray(queueFailures.messageId, ids)));
  const noted = new Map(notes.map((n) => [n.messageId, n.error]));
  const now = deps.now();
  const rows = [];
  for (const m of messages) {
    const payload = asPayload(m.body);
    const { summary, lastError } = await describe(deps, kind, payload);
    rows.push({ kind, messageId: m.id, payload, summary, lastError: noted.get(m.id) ?? lastError, deadAt: now });
  }
  await deps.db.batch([
    deps.db.insert(deadLetters).values(rows).onConflictDoNothing(),
    deps.db.delete(queueFailures).where(and(eq(queueFailures.kind, kind), inArray(queueFailures.messageId, ids))),
  ]);
}

function view(r: Row): DeadLetterView {
  const waiting = r.status === 'waiting';
  return {
    id: r.id,
    kind: r.kind,
    message_id: r.messageId,
    summary: translate(r.summary),
    payload: r.payload,
    last_error: r.lastError,
    dead_at: new Date(r.deadAt).toISOString(),
    status: r.status,
    handled_at: r.handledAt === null ? null : new Date(r.handledAt).toISOString(),
    handled_by: r.handledBy !== null && r.handledByName !== null ? { id: r.handledBy, name: r.handledByName } : null,
    can_retry: waiting,
    can_discard: waiting,
  };
}

function selectRows(deps: Deps) {
  return deps.db
    .select({
      id: deadLetters.id,
      kind: deadLetters.kind,
      messageId: deadLetters.messageId,
      summary: deadLetters.summary,
      payload: deadLetters.payload,
      lastError: deadLetters.lastError,
      deadAt: deadLetters.deadAt,
      status: deadLetters.status,
      handledAt: deadLetters.handledAt,
      handledBy: deadLetters.handledBy,
      handledByName: users.name,
    })
    .from(deadLetters)
    .leftJoin(users, eq(users.id, deadLetters.handledBy));
}
type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['all']>>[number];
type Meta = Pick<RequestMeta, 'language'>;
const viewIn = (actor: Actor, meta: Meta, row: Row) => inLanguage(languageOf(actor, meta), () => view(row));

/**
 * GET /api/admin/dead-letters and operations.deadLetters.list: newest first, all or of one status,
 * one statement on the primary key or dead_letters_status_idx (status, id).
 */
export async function listDeadLetters(deps: Deps, actor: Actor, input: ListDeadLettersInput, meta: Meta = {}): Promise<DeadLettersPage> {
  requireAdmin(actor);
  const size = pageSize(input.limit);
  const after = decodeCursor(input.cursor, ['n']) as [number] | undefined;
  const rows = await selectRows(deps)
    .where(and(input.status ? eq(deadLetters.status, input.status) : undefined, after ? lt(deadLetters.id, after[0]) : undefined))
    .orderBy(desc(deadLetters.id))
    .limit(size + 1);
  // Issue 41: the summaries in the admin's language (a mail's subject stays as written).
  return inLanguage(languageOf(actor, meta), () => toPage(rows, size, (r) => [r.id], view));
}

/** How many wait for an admin: the dashboard's warning, and /healthz's queues check. */
export async function waitingDeadLetterCount(deps: Deps): Promise<number> {
  const [row] = await deps.db.select({ n: count() }).from(deadLetters).where(eq(deadLetters.status, 'waiting'));
  return row?.n ?? 0;
}

async function getRow(deps: Deps, id: number): Promise<Row> {
  const [row] = await selectRows(deps).where(eq(deadLetters.id, id));
  if (!row) throw new AppError('NOT_FOUND', /*i18n*/ 'That queue message was not found.');
  return row;
}

/**
 * Takes a waiting dead letter for one decision: of two admins (or two clicks) deciding at once,
 * one wins and the other gets 409. A discard is audited in the same batch, written only when it
 * took the letter; a retry once its queue took the message.
 */
async function decide(deps: Deps, admin: MemberActor, id: number, status: 'retried' | 'discarded') {
  const now = deps.now();
  const row = await getRow(deps, id);
  const taken = and(
    eq(deadLetters.id, id),
    eq(deadLetters.status, status),
    eq(deadLetters.handledAt, now),
    eq(deadLetters.handledBy, admin.id),
  );
  const [took] = await deps.db.batch([
    deps.db
      .update(deadLetters)
      .set({ status, handledAt: now, handledBy: admin.id })
      .where(and(eq(deadLetters.id, id), eq(deadLetters.status, 'waiting')))
      .returning({ id: deadLetters.id }),
    ...(status === 'discarded'
      ? [
          auditEntryIf(
            deps,
            admin,
            'dead_letter.discard',
            { type: 'dead_letter', id },
            { title: row.summary },
            sql`EXISTS (SELECT 1 FROM ${deadLetters} WHERE ${taken})`,
          ),
        ]
      : []),
  ]);
  if (took.length === 0) {
    const current = await getRow(deps, id);
    throw new AppError(
      'CONFLICT',
      current.status === 'retried' ? /*i18n*/ 'This message was already retried.' : /*i18n*/ 'This message was already discarded.',
    );
  }
  return row;
}

/**
 * Retry: back on its queue as it was. A mail job's failed deliveries go back to 'queued' first
 * (sent ones stay sent, so nobody gets it twice); a notifications job is sent again as is. If the
 * queue refuses, the dead letter waits again.
 */
export async function retryDeadLetter(deps: Deps, actor: Actor, input: { id: number }, meta: Meta = {}): Promise<DeadLetterView> {
  const admin = requireAdmin(actor);
  const row = await decide(deps, admin, input.id, 'retried');
  try {
    if (row.kind === 'mail') await requeueMailJob(deps, deliveryIdsOf(row.payload));
    else await deps.env.NOTIFY_QUEUE.send(row.payload as unknown as NotificationJob);
  } catch (err) {
    await deps.db.update(deadLetters).set({ status: 'waiting', handledAt: null, handledBy: null }).where(eq(deadLetters.id, input.id));
    throw err;
  }
  await auditEntry(deps, admin, 'dead_letter.retry', { type: 'dead_letter', id: input.id }, { title: row.summary }).run();
  return viewIn(actor, meta, await getRow(deps, input.id));
}

/** Discard: it stays listed (and audit-logged) as discarded, and goes with the 90-day housekeeping. */
export async function discardDeadLetter(deps: Deps, actor: Actor, input: { id: number }, meta: Meta = {}): Promise<DeadLetterView> {
  const admin = requireAdmin(actor);
  await decide(deps, admin, input.id, 'discarded');
  return viewIn(actor, meta, await getRow(deps, input.id));
}
