import { app } from './app';
import type { Env } from './platform/env';
import { handleMailBatch } from './modules/mail/consumer';
import type { MailJob } from './platform/mail-job';
import { handleScheduled } from './scheduled';

export default {
  fetch: app.fetch,
  queue: handleMailBatch,
  scheduled: handleScheduled,
} satisfies ExportedHandler<Env, MailJob>;
