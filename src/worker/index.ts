import { app } from './app';
import { devFloor } from './dev-floor';
import type { Env } from './platform/env';
import { handleMailBatch } from './modules/mail/consumer';
import type { MailJob } from './platform/mail-job';
import { handleScheduled } from './scheduled';

export default {
  fetch(req, env, ctx) {
    // The load bench's measure of the local simulator (dev-floor.ts), never outside `npm start`.
    if (env.ENVIRONMENT === 'development' && req.url.includes('/dev/floor/')) return devFloor(req, env);
    return app.fetch(req, env, ctx);
  },
  queue: handleMailBatch,
  scheduled: handleScheduled,
} satisfies ExportedHandler<Env, MailJob>;
