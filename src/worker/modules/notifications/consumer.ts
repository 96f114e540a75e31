import { createDeps } from '../../platform/deps';
import type { Env } from '../../platform/env';
import { describeError } from '../../platform/log-redaction';
import type { NotificationJob } from '../../platform/notification-job';
import { processNotificationNews } from './fan-out';
import { sendInstantEmailsAndReschedule } from './instant-emails';

/**
 * The notifications queue's consumer: a batch of wake-ups runs the fan-out once (it takes every
 * piece of news waiting, whichever message announced it), then sends the instant emails due.
 * A failure retries the batch; the news stays recorded either way.
 */
export async function handleNotificationBatch(batch: MessageBatch<NotificationJob>, env: Env, ctx: ExecutionContext): Promise<void> {
  const deps = createDeps(env, (p) => ctx.waitUntil(p));
  try {
    if (batch.messages.some((m) => m.body?.type === 'fan-out')) await processNotificationNews(deps);
    await sendInstantEmailsAndReschedule(deps);
    batch.ackAll();
  } catch (err) {
    console.error('notifications: consumer failed', { messages: batch.messages.length, error: describeError(err) });
    batch.retryAll({ delaySeconds: 10 });
  }
}
