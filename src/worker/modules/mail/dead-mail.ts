import { and, eq, inArray } from 'drizzle-orm';
import { emailDeliveries, emailMessages } from '../../db/schema/email';
import { withValues } from '../../../shared/message';
import type { Deps } from '../../platform/deps';
import { enqueueDeliveries, NOT_QUEUED } from './enqueue';

/*
 * A mail queue message that died (issue 44, modules/operations): what it was, and sending it again.
 * Its body names delivery ids only (platform/mail-job.ts); the consumer recorded each delivery's
 * result and last error as it gave up.
 */

const SUBJECT_SHOWN = 120;

/**
 * Its email's subject and recipients in a line, and the last error its deliveries recorded. The
 * line is stored in English, written from its template, and translated where an admin reads it
 * (operations/dead-letters.ts); a translation may say the counts with a plural.
 */
export async function describeMailJob(deps: Deps, deliveryIds: number[]): Promise<{ summary: string; lastError: string | null }> {
  if (deliveryIds.length === 0) return { summary: /*i18n*/ 'An empty mail job', lastError: null };
  const rows = await deps.db
    .select({ status: emailDeliveries.status, lastError: emailDeliveries.lastError, subject: emailMessages.subject })
    .from(emailDeliveries)
    .innerJoin(emailMessages, eq(emailMessages.id, emailDeliveries.messageId))
    .where(inArray(emailDeliveries.id, deliveryIds))
    .orderBy(emailDeliveries.id);
  if (rows.length === 0)
    return { summary: withValues(/*i18n*/ '{count} deliveries that no longer exist', { count: deliveryIds.length }), lastError: null };
  const subject = rows[0]!.subject.length > SUBJECT_SHOWN ? `${rows[0]!.subject.slice(0, SUBJECT_SHOWN - 1)}…` : rows[0]!.subject;
  const failed = rows.filter((r) => r.status === 'failed').length;
  const count = rows.length;
  const template =
    count === 1
      ? failed
        ? /*i18n*/ '“{subject}” to {count} recipient, {failed} failed'
        : /*i18n*/ '“{subject}” to {count} recipient'
      : failed
        ? /*i18n*/ '“{subject}” to {count} recipients, {failed} failed'
        : /*i18n*/ '“{subject}” to {count} recipients';
  return {
    summary: withValues(template, { subject, count, failed }),
    lastError: rows.find((r) => r.status === 'failed' && r.lastError)?.lastError ?? rows.find((r) => r.lastError)?.lastError ?? null,
  };
}

/**
 * Puts the job's failed deliveries back to 'queued' and on the mail queue. Sent ones stay sent:
 * the consumer claims only queued deliveries, so nobody gets the email twice. Answers how many
 * went back.
 */
export async function requeueMailJob(deps: Deps, deliveryIds: number[]): Promise<number> {
  if (deliveryIds.length === 0) return 0;
  const requeued = await deps.db
    .update(emailDeliveries)
    .set({ status: 'queued', claimedAt: null })
    .where(and(inArray(emailDeliveries.id, deliveryIds), eq(emailDeliveries.status, 'failed')))
    .returning({ id: emailDeliveries.id });
  const ids = requeued.map((r) => r.id);
  try {
    if (ids.length > 0) await enqueueDeliveries(deps, ids);
  } catch (err) {
    // Not on the queue: failed again, as Sent mail shows a delivery the queue refused.
    await deps.db
      .update(emailDeliveries)
      .set({ status: 'failed', lastError: NOT_QUEUED })
      .where(and(inArray(emailDeliveries.id, ids), eq(emailDeliveries.status, 'queued')));
    throw err;
  }
  return ids.length;
}
