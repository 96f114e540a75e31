import { createDeps, type Deps } from '../../platform/deps';
import type { Env } from '../../platform/env';
import { describeError } from '../../platform/log-redaction';
import type { NotificationJob } from '../../platform/notification-job';
import { noteLastFailure } from '../../platform/queue-failures';
import { deliverPushes, planPushSlices, readPushSlice } from '../push/send';
import { processNotificationNews } from './fan-out';
import { sendInstantEmailsAndReschedule } from './instant-emails';

/**
 * Queues every slice of the pushes of the news the fan-out wrote, all at once (sendBatch takes at
 * most 100 messages), so slices run side by side; answers how many it queued.
 */
async function queuePushes(deps: Deps, newsIds: number[]): Promise<number> {
  const slices = (await Promise.all(newsIds.map((news) => planPushSlices(deps, news)))).flat();
  for (let i = 0; i < slices.length; i += 100) {
    await deps.env.NOTIFY_QUEUE.sendBatch(slices.slice(i, i + 100).map((slice) => ({ body: { type: 'push' as const, ...slice } })));
  }
  return slices.length;
}

/**
 * The notifications queue's consumer: a batch's push slices go first, each acked or retried alone.
 * Wake-ups then run the fan-out once (it takes every piece of news waiting, whichever message
 * announced it) and queue the pushes of what it wrote; the instant emails due follow them as the
 * queue's next message (a push is the timely hint, the email can wait seconds), or are sent here
 * when nothing was pushed. A failure retries the batch; the news stays recorded either way.
 */
export async function handleNotificationBatch(batch: MessageBatch<NotificationJob>, env: Env, ctx: ExecutionContext): Promise<void> {
  const deps = createDeps(env, (p) => ctx.waitUntil(p));
  const pushes = batch.messages.filter((m) => m.body?.type === 'push');
  await Promise.all(
    pushes.map(async (m) => {
      try {
        if (m.body.type === 'push') await deliverPushes(deps, await readPushSlice(deps, m.body));
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
    const pushed = rest.some((m) => m.body?.type === 'fan-out')
      ? await queuePushes(deps, (await processNotificationNews(deps)).newsReaching)
      : 0;
    if (pushed > 0) await env.NOTIFY_QUEUE.send({ type: 'emails' }, { contentType: 'json' });
    else await sendInstantEmailsAndReschedule(deps);
    for (const m of rest) m.ack();
  } catch (err) {
    console.error('notifications: consumer failed', { messages: rest.length, error: describeError(err) });
    // A message on its last try goes to the dead-letter queue next, with this reason (issue 44).
    for (const m of rest) await noteLastFailure(deps, 'notifications', m, err);
    for (const m of rest) m.retry({ delaySeconds: 10 });
  }
}
