import { lte, or } from 'drizzle-orm';
import { SESSION_IDLE_MS } from '../../../shared/constants';
import { twoFactorChallenges } from '../../db/schema/two-factor';
import { sessions } from '../../db/schema/users';
import { deleteInBatches, HOUSEKEEPING_BOUNDS, type BatchBounds } from '../../platform/bounded-delete';
import type { ScheduledJob } from '../../platform/scheduled-job';

/**
 * The sessions resolveSession (sessions.ts) would refuse at `now`: past their absolute expiry, or
 * idle too long. Each half walks its own index (sessions_expires_idx, sessions_last_seen_idx).
 */
export function expiredSessionsWhere(now: number) {
  return or(lte(sessions.expiresAt, now), lte(sessions.lastSeenAt, now - SESSION_IDLE_MS));
}

/** Pending 2FA sign-ins past their 5 minutes: nobody can finish them any more. */
export function expiredChallengesWhere(now: number) {
  return lte(twoFactorChallenges.expiresAt, now);
}

/**
 * Housekeeping (issue 13): a session is deleted when it is first refused, but one whose member
 * never comes back would stay forever; so would an abandoned 2FA sign-in. Both are deleted here,
 * in bounded batches.
 */
export function createSessionsJob(bounds: BatchBounds = HOUSEKEEPING_BOUNDS): ScheduledJob {
  return {
    name: 'expired-sessions',
    async run(deps) {
      const now = deps.now();
      return {
        sessions: await deleteInBatches(deps, sessions, expiredSessionsWhere(now), bounds),
        twoFactorChallenges: await deleteInBatches(deps, twoFactorChallenges, expiredChallengesWhere(now), bounds),
      };
    },
  };
}

export const sessionsJob = createSessionsJob();
