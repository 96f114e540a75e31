import { app } from './app';
import type { Env } from './platform/env';
import { handleMailBatch } from './modules/mail/consumer';
import type { MailJob } from './platform/mail-job';

export default {
  fetch: app.fetch,
  queue: handleMailBatch,
} satisfies ExportedHandler<Env, MailJob>;
