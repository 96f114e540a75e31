import { createDeps, type Deps } from '../../platform/deps';
import type { Env } from '../../platform/env';
import { describeError } from '../../platform/log-redaction';
import type { NotificationJob } from '../../platform/notification-job';
import { noteLastFailure } from '../../platform/queue-failures';
import { deliverPushes, readPushSlice } from '../push/send';
import { processNotificationNews } from './fan-out';
import { sendInstantEmailsAndReschedule } from './instant-emails';

/**
 * One slice of a piece of news' pushes (issue 40): the next slice is queued before this one
 * sends, so a large audience is served by several consumers side by side.
 */
async function sendPushSlice(deps: Deps, job: { news: number; after: number }): Promise<void> {
  const { deliveries, next } = await readPushSlice(deps, job.news, job.after);
  if (next !== null) await deps.env.NOTIFY_QUEUE.send({ type: 'push', news: job.news, after: next });
  await deliverPushes(deps, deliveries);
}

/**
 * The notifications queue's consumer: a batch of wake-ups runs the fan-out once (it takes every
 * piece of news waiting, whichever message announced it), queues the pushes of what it wrote, then
 * sends the instant emails due. A failure retries the batch; the news stays recorded either way.
 * A push slice is its own message, acked or retried alone.
 */
export async function handleNotificationBatch(batch: MessageBatch<NotificationJob>, env: Env, ctx: ExecutionContext): Promise<void> {
  const deps = createDeps(env, (p) => ctx.waitUntil(p));
  const pushes = batch.messages.filter((m) => m.body?.type === 'push');
  await Promise.all(
    pushes.map(async (m) => {
      try {
        if (m.body.type === 'push') await sendPushSlice(deps, m.body);
        m.ack();
      } catch (err) {
        console.error('notifications: push slice failed', { error: describeError(err) });
        await noteLastFailure(deps, 'notifications', m, err);
        m.retry({ delaySeconds: 10 });
      }
    }),
  );
  const rest = batch.messages.filter((m) => m.body?.type !== 'push');
  if (rest.length === 0) return;
  try {
    if (rest.some((m) => m.body?.type === 'fan-out')) {
      const { newsReaching } = await processNotificationNews(deps);
      // sendBatch takes at most 100 messages.
      for (let i = 0; i < newsReaching.length; i += 100) {
        await env.NOTIFY_QUEUE.sendBatch(
          newsReaching.slice(i, i + 100).map((news) => ({ body: { type: 'push' as const, news, after: 0 } })),
        );
      }
    }
    await sendInstantEmailsAndReschedule(deps);
    for (const m of rest) m.ack();
  } catch (err) {
    console.error('notifications: consumer failed', { messages: rest.length, error: describeError(err) });
    // A message on its last try goes to the dead-letter queue next, with this reason (issue 44).
    for (const m of rest) await noteLastFailure(deps, 'notifications', m, err);
    for (const m of rest) m.retry({ delaySeconds: 10 });
  }
}
