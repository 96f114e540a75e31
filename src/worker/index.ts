import { app } from './app';
import { devFloor } from './dev-floor';
import type { Env } from './platform/env';
import { handleMailBatch } from './modules/mail/consumer';
import { handleNotificationBatch } from './modules/notifications/consumer';
import { handleDeadLetterBatch } from './modules/operations/dead-letter-consumer';
import type { MailJob } from './platform/mail-job';
import type { NotificationJob } from './platform/notification-job';
import { isDeadLetterQueue, queueKind } from './platform/queue-failures';
import { handleScheduled } from './scheduled';

// The Durable Objects of wrangler.toml (live updates, issue 23).
export { LiveTopic, MemberLive } from './modules/notifications/live';

export default {
  fetch(req, env, ctx) {
    // The load bench's measure of the local simulator (dev-floor.ts), never outside `npm start`:
    // its path, not a query string or another path that mentions it.
    if (env.ENVIRONMENT === 'development' && new URL(req.url).pathname.startsWith('/dev/floor/')) return devFloor(req, env);
    return app.fetch(req, env, ctx);
  },
  // wrangler.toml's queues: the dead-letter queues (issue 44), the notifications queue, the mail queue.
  queue: (batch, env, ctx) =>
    isDeadLetterQueue(batch.queue)
      ? handleDeadLetterBatch(batch, env, ctx)
      : queueKind(batch.queue) === 'notifications'
        ? handleNotificationBatch(batch as MessageBatch<NotificationJob>, env, ctx)
        : handleMailBatch(batch as MessageBatch<MailJob>, env, ctx),
  scheduled: handleScheduled,
} satisfies ExportedHandler<Env, MailJob | NotificationJob>;
