import { app } from './app';
import type { Env } from './env';
import { handleMailBatch } from './mail/consumer';
import type { MailJob } from './mail/mail-job';

export default {
  fetch: app.fetch,
  queue: handleMailBatch,
} satisfies ExportedHandler<Env, MailJob>;
