import type { Deps } from './deps';

/**
 * One piece of housekeeping the Cron Trigger runs (src/worker/scheduled.ts lists them). A job
 * works in bounded batches, so one run never exceeds a Worker's limits however much piled up,
 * and answers what it did (counts by kind), which the handler logs.
 */
export interface ScheduledJob {
  /** Shown in logs and in the on-demand run's answer. */
  name: string;
  run(deps: Deps): Promise<Record<string, number>>;
}

export interface ScheduledJobResult {
  name: string;
  ok: boolean;
  counts: Record<string, number>;
  error?: string;
}
