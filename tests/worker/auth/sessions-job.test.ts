import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SESSION_IDLE_MS } from '../../../src/shared/constants';
import { twoFactorChallenges } from '../../../src/worker/db/schema/two-factor';
import { sessions } from '../../../src/worker/db/schema/users';
import worker from '../../../src/worker/index';
import { createSessionsJob, expiredChallengesWhere, expiredSessionsWhere } from '../../../src/worker/modules/auth/sessions-job';
import { boundedDeleteQuery } from '../../../src/worker/platform/bounded-delete';
import type { Env } from '../../../src/worker/platform/env';
import { createUser, deps, request, unique } from '../helpers';
import { expectIndexed, planOf } from '../query-plan';

// Housekeeping (issue 13): expired sessions and pending 2FA sign-ins are deleted by the Cron
// Trigger's job, a bounded batch at a time; live ones are never touched.

const HOUR = 3600 * 1000;

async function addSessions(userId: number, rows: { expiresAt: number; lastSeenAt: number }[]): Promise<string[]> {
  const values = rows.map((r) => ({ id: unique('s'), userId, createdAt: r.lastSeenAt, ...r }));
  await deps().db.insert(sessions).values(values);
  return values.map((v) => v.id);
}

async function addChallenges(userId: number, expiresAt: number[]): Promise<string[]> {
  const values = expiresAt.map((at) => ({ id: unique('c'), userId, expiresAt: at, createdAt: at - 5 * 60 * 1000 }));
  await deps().db.insert(twoFactorChallenges).values(values);
  return values.map((v) => v.id);
}

const remainingSessions = async (ids: string[]) =>
  (await deps().db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, ids))).map((r) => r.id).sort();
const remainingChallenges = async (ids: string[]) =>
  (await deps().db.select({ id: twoFactorChallenges.id }).from(twoFactorChallenges).where(inArray(twoFactorChallenges.id, ids)))
    .map((r) => r.id)
    .sort();

describe('expired sessions job', () => {
  it('deletes sessions past their expiry or idle too long and expired 2FA sign-ins; live ones stay', async () => {
    const member = await createUser();
    const now = Date.now();
    const [pastExpiry, atExpiry, idle, live, recentlyIdle] = await addSessions(member.id, [
      { expiresAt: now - HOUR, lastSeenAt: now - 2 * HOUR },
      { expiresAt: now, lastSeenAt: now - HOUR },
      { expiresAt: now + 10 * 24 * HOUR, lastSeenAt: now - SESSION_IDLE_MS },
      { expiresAt: now + 10 * 24 * HOUR, lastSeenAt: now - HOUR },
      { expiresAt: now + 10 * 24 * HOUR, lastSeenAt: now - SESSION_IDLE_MS + HOUR },
    ]);
    const [expired, pending] = await addChallenges(member.id, [now - 1, now + 4 * 60 * 1000]);

    const counts = await createSessionsJob().run({ ...deps(), now: () => now });

    expect(counts).toEqual({ sessions: 3, twoFactorChallenges: 1 });
    expect(await remainingSessions([pastExpiry!, atExpiry!, idle!, live!, recentlyIdle!])).toEqual([live!, recentlyIdle!].sort());
    expect(await remainingChallenges([expired!, pending!])).toEqual([pending!]);
    // The member's own session (opened by createUser) still signs her in.
    expect(await (await request('/auth-status', { as: member })).json()).toMatchObject({ authenticated: true });
  });

  it('deletes at most rows × statements a run; the rest waits for the next run', async () => {
    const member = await createUser();
    const now = Date.now();
    const expired = await addSessions(
      member.id,
      Array.from({ length: 5 }, (_, i) => ({ expiresAt: now - (i + 1) * HOUR, lastSeenAt: now - 20 * 24 * HOUR })),
    );
    const challenges = await addChallenges(member.id, [now - 3, now - 2, now - 1]);
    const job = createSessionsJob({ rows: 2, statements: 2 });

    expect(await job.run({ ...deps(), now: () => now })).toEqual({ sessions: 4, twoFactorChallenges: 3 });
    expect(await remainingSessions(expired)).toHaveLength(1);
    expect(await remainingChallenges(challenges)).toEqual([]);

    expect(await job.run({ ...deps(), now: () => now })).toEqual({ sessions: 1, twoFactorChallenges: 0 });
    expect(await remainingSessions(expired)).toEqual([]);
  });

  it('finds its rows through the indexes, never by reading the table', async () => {
    const now = Date.now();
    expectIndexed(await planOf(boundedDeleteQuery(deps(), sessions, expiredSessionsWhere(now), 500)), [
      /sessions_expires_idx/,
      /sessions_last_seen_idx/,
    ]);
    expectIndexed(await planOf(boundedDeleteQuery(deps(), twoFactorChallenges, expiredChallengesWhere(now), 500)), [
      /two_factor_challenges_expires_idx/,
    ]);
  });

  it('runs from the Cron Trigger as of its scheduled time', async () => {
    const member = await createUser();
    const cron = Date.parse('2026-11-23T10:00:00Z');
    const [before, after] = await addSessions(member.id, [
      { expiresAt: cron - 1, lastSeenAt: cron - HOUR },
      { expiresAt: cron + HOUR, lastSeenAt: cron - HOUR },
    ]);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(cron), cron: '*/10 * * * *' }), env as unknown as Env, ctx);
    await waitOnExecutionContext(ctx);
    // Expired at the cron's time, gone; expiring after it, kept (whatever the wall clock says).
    expect(await remainingSessions([before!, after!])).toEqual([after!]);
  });
});
