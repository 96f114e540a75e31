import type { Deps } from '../../platform/deps';
import { describeError } from '../../platform/log-redaction';
import { versionLine } from '../../platform/build-version';
import { waitingDeadLetterCount } from './dead-letters';

/** How long each check may take before it counts as down: a poll every 30 seconds stays cheap. */
export const CHECK_DEADLINE_MS = 1000;

export type CheckStatus = 'ok' | 'degraded' | 'down';

export interface HealthCheck {
  status: CheckStatus;
  duration_ms: number;
}

export interface Health {
  status: 'ok' | 'degraded';
  version: string;
  checks: { d1: HealthCheck; r2: HealthCheck; queues: HealthCheck };
}

class DeadlineExceeded extends Error {
  constructor() {
    super(`No answer within ${CHECK_DEADLINE_MS} ms`);
  }
}

/**
 * Runs one check against its deadline and times it. A check answers 'ok' or 'degraded'; one that
 * throws or is still waiting at the deadline is 'down' (the reason goes to the log, never to the
 * public answer).
 */
async function timed(name: string, check: () => Promise<CheckStatus>, now: () => number): Promise<HealthCheck> {
  const started = now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded()), CHECK_DEADLINE_MS);
  });
  let status: CheckStatus;
  try {
    status = await Promise.race([check(), deadline]);
  } catch (err) {
    console.error('health check failed', { check: name, error: describeError(err) });
    status = 'down';
  } finally {
    clearTimeout(timer);
  }
  return { status, duration_ms: Math.max(0, now() - started) };
}

export interface HealthProbes {
  d1: (deps: Deps) => Promise<CheckStatus>;
  r2: (deps: Deps) => Promise<CheckStatus>;
  queues: (deps: Deps) => Promise<CheckStatus>;
}

/** The real probes: one trivial statement, one object lookup, and the dead letters waiting. */
export const HEALTH_PROBES: HealthProbes = {
  async d1(deps) {
    await deps.d1.prepare('SELECT 1').first();
    return 'ok';
  },
  async r2(deps) {
    // A key nothing writes: R2 answers null, which proves it answered.
    await deps.env.IMAGES.head('healthz/probe');
    return 'ok';
  },
  // Both producers bound, and no message that used up its retries waiting for an admin.
  async queues(deps) {
    if (typeof deps.env.MAIL_QUEUE?.send !== 'function' || typeof deps.env.NOTIFY_QUEUE?.send !== 'function') return 'down';
    return (await waitingDeadLetterCount(deps)) > 0 ? 'degraded' : 'ok';
  },
};

/**
 * GET /healthz (issue 44): public, no personal data. D1 and R2 must answer within a second for the
 * club to serve (otherwise the answer is 503); the queues' state only degrades it.
 */
export async function checkHealth(deps: Deps, probes: HealthProbes = HEALTH_PROBES): Promise<{ health: Health; serving: boolean }> {
  const now = () => Date.now();
  const [d1, r2, queues] = await Promise.all([
    timed('d1', () => probes.d1(deps), now),
    timed('r2', () => probes.r2(deps), now),
    timed('queues', () => probes.queues(deps), now),
  ]);
  const checks = { d1, r2, queues };
  const allOk = Object.values(checks).every((c) => c.status === 'ok');
  return {
    health: { status: allOk ? 'ok' : 'degraded', version: versionLine(), checks },
    serving: d1.status === 'ok' && r2.status === 'ok',
  };
}
