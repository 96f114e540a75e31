import type { DeadLetterKind } from '../../shared/schemas/operations';
import { queueFailures } from '../db/schema/operations';
import type { Deps } from './deps';
import { describeError, redactedReason } from './log-redaction';

/** wrangler.toml's max_retries (5) of both queues, plus the first try. */
export const QUEUE_MAX_ATTEMPTS = 6;

/** The kind of a queue (or of its dead-letter queue) by its name in wrangler.toml. */
export function queueKind(queueName: string): DeadLetterKind {
  return /notifications/.test(queueName) ? 'notifications' : 'mail';
}

/** Whether a queue's batch came from a dead-letter queue (its name ends in -dlq in wrangler.toml). */
export function isDeadLetterQueue(queueName: string): boolean {
  return queueName.endsWith('-dlq');
}

/**
 * Notes why a message failed on its last try, as the consumer gives it up: the dead-letter queue
 * carries only the message's body, and its consumer (modules/operations) takes the reason from
 * here. Best effort: a note that cannot be written leaves the dead letter without a reason.
 */
export async function noteLastFailure(deps: Deps, kind: DeadLetterKind, message: Message<unknown>, err: unknown): Promise<void> {
  if (message.attempts < QUEUE_MAX_ATTEMPTS) return;
  try {
    const row = { kind, messageId: message.id, error: redactedReason(err), failedAt: deps.now() };
    await deps.db
      .insert(queueFailures)
      .values(row)
      .onConflictDoUpdate({ target: [queueFailures.kind, queueFailures.messageId], set: { error: row.error, failedAt: row.failedAt } });
  } catch (noteErr) {
    console.error('could not note a queue failure', { kind, error: describeError(noteErr) });
  }
}
