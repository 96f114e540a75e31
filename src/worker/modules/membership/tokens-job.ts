import { lte, or } from 'drizzle-orm';
import { tokens } from '../../db/schema/membership';
import { deleteInBatches, HOUSEKEEPING_BOUNDS, type BatchBounds } from '../../platform/bounded-delete';
import type { ScheduledJob } from '../../platform/scheduled-job';

/**
 * A used or expired single-use token is kept this long (issue 13): a recent one can still be looked
 * into (was the link used, or too old?) and shows in its member's data export. After that nothing
 * reads it.
 */
export const SPENT_TOKEN_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Registration, password-reset and event-invitation tokens (single-use-tokens.ts) that expired, or
 * were used, more than 30 days before `now`. Each half walks its own index (tokens_expires_idx,
 * tokens_used_idx).
 */
export function spentTokensWhere(now: number) {
  const before = now - SPENT_TOKEN_KEEP_MS;
  return or(lte(tokens.expiresAt, before), lte(tokens.usedAt, before));
}

/** Housekeeping (issue 13): spent single-use tokens are deleted, in bounded batches. */
export function createTokensJob(bounds: BatchBounds = HOUSEKEEPING_BOUNDS): ScheduledJob {
  return {
    name: 'spent-tokens',
    async run(deps) {
      return { tokens: await deleteInBatches(deps, tokens, spentTokensWhere(deps.now()), bounds) };
    },
  };
}

export const tokensJob = createTokensJob();
