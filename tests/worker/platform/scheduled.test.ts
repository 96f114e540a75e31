import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../../src/worker/index';
import { createDeps } from '../../../src/worker/platform/deps';
import type { Env } from '../../../src/worker/platform/env';
import { runScheduledJobs, scheduledJobs } from '../../../src/worker/scheduled';

// The Cron Trigger's handler: every job runs, in order, and one failing job stops none of the others.

describe('scheduled housekeeping', () => {
  it('runs every job and reports each one, a failing job included', async () => {
    const deps = createDeps(env as unknown as Env);
    const seen: string[] = [];
    const results = await runScheduledJobs(deps, [
      { name: 'first', run: async () => (seen.push('first'), { done: 1 }) },
      {
        name: 'broken',
        run: async () => {
          seen.push('broken');
          throw new Error('no such table: nowhere');
        },
      },
      { name: 'last', run: async () => (seen.push('last'), { done: 2 }) },
    ]);
    expect(seen).toEqual(['first', 'broken', 'last']);
    expect(results).toEqual([
      { name: 'first', ok: true, counts: { done: 1 } },
      { name: 'broken', ok: false, counts: {}, error: 'no such table: nowhere' },
      { name: 'last', ok: true, counts: { done: 2 } },
    ]);
  });

  it('the Worker exports a scheduled handler that runs the registered jobs as of the cron time', async () => {
    let sawNow = 0;
    scheduledJobs.push({ name: 'probe', run: async (deps) => ((sawNow = deps.now()), {}) });
    try {
      const controller = createScheduledController({ scheduledTime: new Date('2026-11-23T10:00:00Z'), cron: '*/10 * * * *' });
      const ctx = createExecutionContext();
      await worker.scheduled(controller, env as unknown as Env, ctx);
      await waitOnExecutionContext(ctx);
    } finally {
      scheduledJobs.pop();
    }
    expect(sawNow).toBe(Date.parse('2026-11-23T10:00:00Z'));
  });
});
