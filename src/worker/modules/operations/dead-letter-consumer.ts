import { createDeps } from '../../platform/deps';
import type { Env } from '../../platform/env';
import { describeError } from '../../platform/log-redaction';
import { queueKind } from '../../platform/queue-failures';
import { recordDeadLetters } from './dead-letters';

/**
 * The consumer of both dead-letter queues (wrangler.toml): each message is recorded in D1 for
 * admins (dead-letters.ts) and acked. Should D1 refuse, the batch comes back later.
 */
export async function handleDeadLetterBatch(batch: MessageBatch<unknown>, env: Env, ctx: ExecutionContext): Promise<void> {
  const deps = createDeps(env, (p) => ctx.waitUntil(p));
  try {
    await recordDeadLetters(
      deps,
      queueKind(batch.queue),
      batch.messages.map((m) => ({ id: m.id, body: m.body })),
    );
    batch.ackAll();
  } catch (err) {
    console.error('dead letters: could not record', { queue: batch.queue, messages: batch.messages.length, error: describeError(err) });
    batch.retryAll({ delaySeconds: 60 });
  }
}
