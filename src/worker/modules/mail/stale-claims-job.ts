import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { emailDeliveries } from '../../db/schema/email';
import type { Deps } from '../../platform/deps';
import { describeError } from '../../platform/log-redaction';
import { HOUSEKEEPING_BOUNDS, type BatchBounds } from '../../platform/bounded-delete';
import type { ScheduledJob } from '../../platform/scheduled-job';
import { MAX_DELIVERY_ATTEMPTS, STALE_CLAIM_MS } from './consumer';
import { chunk, enqueueDeliveries, NOT_QUEUED } from './enqueue';

/** Shown in Sent mail beside a delivery given up here; the admin's Retry sends it again. */
export const INTERRUPTED_TOO_OFTEN = 'Sending was interrupted too many times; it may not have been delivered. Use Retry.';
// D1 binds at most 100 parameters a statement: ids are handed back in slices of this many.
const IDS_PER_STATEMENT = 90;

/**
 * The deliveries left 'sending' past STALE_CLAIM_MS whose claim count is below (or at least) the
 * limit, oldest claim first, `rows` at most. Served by email_deliveries_status_idx.
 */
function staleClaims(deps: Deps, staleBefore: number, exhausted: boolean, rows: number) {
  const tries = exhausted ? gte(emailDeliveries.attempts, MAX_DELIVERY_ATTEMPTS) : lt(emailDeliveries.attempts, MAX_DELIVERY_ATTEMPTS);
  return deps.db
    .select({ id: emailDeliveries.id })
    .from(emailDeliveries)
    .where(and(eq(emailDeliveries.status, 'sending'), lt(emailDeliveries.claimedAt, staleBefore), tries))
    .orderBy(emailDeliveries.claimedAt)
    .limit(rows);
}

/** Still stale when written: a consumer that claimed it again meanwhile (claimed_at = its now) keeps it. */
function stillStale(staleBefore: number) {
  return and(eq(emailDeliveries.status, 'sending'), lt(emailDeliveries.claimedAt, staleBefore));
}

/**
 * Housekeeping (issue 13): deliveries left 'sending' by a consumer that died mid-send. While the
 * queue still holds their message, its next try claims them again (consumer.ts); but once that
 * message is gone (its last try died too, or it went to the dead-letter queue) nothing ever would,
 * and Sent mail would show them 'sending' forever. So each run, in bounded batches:
 * - a stale delivery with tries left goes back to 'queued' and onto the queue in a new job, as
 *   the consumer itself would have taken it: its fate was unknown (the send may have gone out just
 *   before the crash), and the consumer already accepts one more send over none in that case. Two
 *   jobs holding the same id (the old message was alive after all) send it once: claims are
 *   conditional;
 * - one claimed MAX_DELIVERY_ATTEMPTS times already is marked 'failed' with the reason instead:
 *   a delivery that keeps killing its consumer (a poison message) must not be retried every 10
 *   minutes forever. Sent mail shows it with Retry, for an admin to decide.
 */
export function createStaleClaimsJob(bounds: BatchBounds = HOUSEKEEPING_BOUNDS): ScheduledJob {
  return {
    name: 'stale-mail-claims',
    async run(deps) {
      const staleBefore = deps.now() - STALE_CLAIM_MS;
      let requeued = 0;
      let failed = 0;
      for (let i = 0; i < bounds.statements; i++) {
        const [back, givenUp] = await deps.db.batch([
          deps.db
            .update(emailDeliveries)
            .set({ status: 'queued', claimedAt: null })
            .where(and(inArray(emailDeliveries.id, staleClaims(deps, staleBefore, false, bounds.rows)), stillStale(staleBefore)))
            .returning({ id: emailDeliveries.id }),
          deps.db
            .update(emailDeliveries)
            .set({ status: 'failed', claimedAt: null, lastError: INTERRUPTED_TOO_OFTEN })
            .where(and(inArray(emailDeliveries.id, staleClaims(deps, staleBefore, true, bounds.rows)), stillStale(staleBefore)))
            .returning({ id: emailDeliveries.id }),
        ]);
        const ids = back.map((r) => r.id);
        await requeue(deps, ids);
        requeued += ids.length;
        failed += givenUp.length;
        if (back.length < bounds.rows && givenUp.length < bounds.rows) break;
      }
      return { requeued, failed };
    },
  };
}

/** Onto the queue; if it refuses, 'failed' with the reason (as enqueueEmail does), never 'queued' with no job. */
async function requeue(deps: Deps, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  try {
    await enqueueDeliveries(deps, ids);
  } catch (err) {
    console.error('mail requeue failed', { deliveries: ids.length, error: describeError(err) });
    for (const slice of chunk(ids, IDS_PER_STATEMENT)) {
      await deps.db
        .update(emailDeliveries)
        .set({ status: 'failed', lastError: NOT_QUEUED })
        .where(and(inArray(emailDeliveries.id, slice), eq(emailDeliveries.status, 'queued')));
    }
  }
}

export const staleClaimsJob = createStaleClaimsJob();
