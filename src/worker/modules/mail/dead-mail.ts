import { and, eq, inArray } from 'drizzle-orm';
import { emailDeliveries, emailMessages } from '../../db/schema/email';
import type { Deps } from '../../platform/deps';
import { enqueueDeliveries, NOT_QUEUED } from './enqueue';

/*
 * A mail queue message that died (issue 44, modules/operations): what it was, and sending it again.
 * Its body names delivery ids only (platform/mail-job.ts); the consumer recorded each delivery's
 * result and last error as it gave up.
 */

const SUBJECT_SHOWN = 120;

/** Its email's subject and recipients in a line, and the last error its deliveries recorded. */
export async function describeMailJob(deps: Deps, deliveryIds: number[]): Promise<{ summary: string; lastError: string | null }> {
  if (deliveryIds.length === 0) return { summary: 'An empty mail job', lastError: null };
  const rows = await deps.db
    .select({ status: emailDeliveries.status, lastError: emailDeliveries.lastError, subject: emailMessages.subject })
    .from(emailDeliveries)
    .innerJoin(emailMessages, eq(emailMessages.id, emailDeliveries.messageId))
    .where(inArray(emailDeliveries.id, deliveryIds))
    .orderBy(emailDeliveries.id);
  if (rows.length === 0) return { summary: `${deliveryIds.length} deliveries that no longer exist`, lastError: null };
  const subject = rows[0]!.subject.length > SUBJECT_SHOWN ? `${rows[0]!.subject.slice(0, SUBJECT_SHOWN - 1)}…` : rows[0]!.subject;
  const failed = rows.filter((r) => r.status === 'failed').length;
  const recipients = `${rows.length} ${rows.length === 1 ? 'recipient' : 'recipients'}`;
  return {
    summary: `“${subject}” to ${recipients}${failed ? `, ${failed} failed` : ''}`,
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
