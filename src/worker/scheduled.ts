import { eventRemindersJob } from './modules/events/reminders-job';
import { feedbackRequestsJob } from './modules/check-in/feedback-job';
import { homePhotosJob } from './modules/homes/home-photos-job';
import { postPhotosJob } from './modules/circles/post-photos-job';
import { videoUploadsJob } from './modules/images/video-uploads-job';
import { sessionsJob } from './modules/auth/sessions-job';
import { passkeyChallengesJob } from './modules/auth/passkey-challenges';
import { loginFailuresJob } from './modules/auth/login-throttle';
import { staleClaimsJob } from './modules/mail/stale-claims-job';
import { tokensJob } from './modules/membership/tokens-job';
import { renewalRemindersJob } from './modules/membership/renewal-reminders-job';
import { notificationsJob } from './modules/notifications/notifications-job';
import { deadLettersJob } from './modules/operations/dead-letters-job';
import { auditLogJob } from './modules/admin/audit-log-job';
import { objectDeletionsJob } from './modules/images/object-deletions';
import { idempotencyKeysJob } from './platform/middleware/idempotency';
import { createDeps, type Deps } from './platform/deps';
import type { Env } from './platform/env';
import { describeError, redactedReason } from './platform/log-redaction';
import type { ScheduledJob, ScheduledJobResult } from './platform/scheduled-job';

/**
 * Every job the Cron Trigger of wrangler.toml runs, in this order. Each module owns its job;
 * adding one is a line here. Locally, `npm start` runs wrangler dev with --test-scheduled, so
 * GET /__scheduled (or /cdn-cgi/handler/scheduled) runs them all on demand.
 */
export const scheduledJobs: ScheduledJob[] = [
  videoUploadsJob,
  homePhotosJob,
  postPhotosJob,
  eventRemindersJob,
  feedbackRequestsJob,
  renewalRemindersJob,
  sessionsJob,
  passkeyChallengesJob,
  loginFailuresJob,
  tokensJob,
  staleClaimsJob,
  notificationsJob,
  deadLettersJob,
  auditLogJob,
  objectDeletionsJob,
  idempotencyKeysJob,
];

/** Runs every job; one failing job is logged and does not stop the others. */
export async function runScheduledJobs(deps: Deps, jobs: ScheduledJob[] = scheduledJobs): Promise<ScheduledJobResult[]> {
  const results: ScheduledJobResult[] = [];
  for (const job of jobs) {
    try {
      results.push({ name: job.name, ok: true, counts: await job.run(deps) });
    } catch (err) {
      console.error('scheduled job failed', { job: job.name, error: describeError(err) });
      results.push({ name: job.name, ok: false, counts: {}, error: redactedReason(err) });
    }
  }
  return results;
}

export async function handleScheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
  const deps = createDeps(env, (p) => ctx.waitUntil(p));
  // The cron's own time, so a late or replayed run acts as of when it was due.
  deps.now = () => controller.scheduledTime;
  const results = await runScheduledJobs(deps);
  console.log('scheduled housekeeping', { cron: controller.cron, results });
}
