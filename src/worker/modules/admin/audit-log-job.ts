import { lt } from 'drizzle-orm';
import { auditLog } from '../../db/schema/membership';
import { deleteInBatches, HOUSEKEEPING_BOUNDS, type BatchBounds } from '../../platform/bounded-delete';
import type { ScheduledJob } from '../../platform/scheduled-job';

/** docs/operations.md "Retention": an audit log entry is kept three years (of 365 days, plus a leap day). */
export const AUDIT_LOG_KEEP_MS = (3 * 365 + 1) * 24 * 60 * 60 * 1000;

/** Housekeeping (issue 44): entries older than three years go, in bounded batches on audit_log_created_idx. */
export function createAuditLogJob(bounds: BatchBounds = HOUSEKEEPING_BOUNDS): ScheduledJob {
  return {
    name: 'audit-log',
    async run(deps) {
      return { entries: await deleteInBatches(deps, auditLog, lt(auditLog.createdAt, deps.now() - AUDIT_LOG_KEEP_MS), bounds) };
    },
  };
}

export const auditLogJob = createAuditLogJob();
