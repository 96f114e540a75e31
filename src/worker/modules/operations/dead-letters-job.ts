import { and, isNotNull, lt } from 'drizzle-orm';
import { deadLetters, queueFailures } from '../../db/schema/operations';
import { deleteInBatches, HOUSEKEEPING_BOUNDS, type BatchBounds } from '../../platform/bounded-delete';
import type { ScheduledJob } from '../../platform/scheduled-job';

const DAY_MS = 24 * 60 * 60 * 1000;

/** docs/operations.md "Retention": a dead letter an admin retried or discarded is kept 90 days after. */
export const HANDLED_DEAD_LETTER_KEEP_MS = 90 * DAY_MS;

/** A consumer's note of a last failure that no dead letter took (the message never reached its dead-letter queue). */
export const QUEUE_FAILURE_KEEP_MS = 7 * DAY_MS;

/** Housekeeping (issue 44): handled dead letters after 90 days, and stray failure notes after 7, in bounded batches. */
export function createDeadLettersJob(bounds: BatchBounds = HOUSEKEEPING_BOUNDS): ScheduledJob {
  return {
    name: 'dead-letters',
    async run(deps) {
      const now = deps.now();
      return {
        deadLetters: await deleteInBatches(
          deps,
          deadLetters,
          and(isNotNull(deadLetters.handledAt), lt(deadLetters.handledAt, now - HANDLED_DEAD_LETTER_KEEP_MS)),
          bounds,
        ),
        failureNotes: await deleteInBatches(deps, queueFailures, lt(queueFailures.failedAt, now - QUEUE_FAILURE_KEEP_MS), bounds),
      };
    },
  };
}

export const deadLettersJob = createDeadLettersJob();
