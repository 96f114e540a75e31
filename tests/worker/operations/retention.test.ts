import { env } from 'cloudflare:workers';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { READ_NOTIFICATION_TTL_MS } from '../../../src/shared/notifications';
import { images, objectDeletions } from '../../../src/worker/db/schema/images';
import { auditLog, tokens } from '../../../src/worker/db/schema/membership';
import { notifications } from '../../../src/worker/db/schema/notifications';
import { deadLetters } from '../../../src/worker/db/schema/operations';
import { sessions } from '../../../src/worker/db/schema/users';
import { adminDeleteUser } from '../../../src/worker/modules/account/delete-account';
import { AUDIT_LOG_KEEP_MS } from '../../../src/worker/modules/admin/audit-log-job';
import { SPENT_TOKEN_KEEP_MS } from '../../../src/worker/modules/membership/tokens-job';
import { HANDLED_DEAD_LETTER_KEEP_MS } from '../../../src/worker/modules/operations/dead-letters-job';
import { createDeps } from '../../../src/worker/platform/deps';
import type { Env } from '../../../src/worker/platform/env';
import { runScheduledJobs } from '../../../src/worker/scheduled';
import { actorOf, createUser, deps, unique } from '../helpers';

// docs/operations.md "Retention": each rule, held by one run of the Cron Trigger's jobs (scheduled.ts).

const DAY = 24 * 60 * 60 * 1000;

/** One housekeeping run of every registered job, now; fails the test if a job failed. */
async function housekeeping() {
  const results = await runScheduledJobs(deps());
  expect(results.filter((r) => !r.ok)).toEqual([]);
}

describe('retention', () => {
  it('read notifications go 180 days after they were read; unread ones stay', async () => {
    expect(READ_NOTIFICATION_TTL_MS).toBe(180 * DAY);
    const member = await createUser();
    const now = Date.now();
    const row = (target: string, readAt: number | null, createdAt = now - 400 * DAY) => ({
      userId: member.id,
      kind: 'comment' as const,
      target,
      url: '/calendar',
      lastEventId: 0,
      createdAt,
      readAt,
    });
    const rows = await deps()
      .db.insert(notifications)
      .values([row('old', now - 181 * DAY), row('recent', now - 179 * DAY), row('unread', null)])
      .returning({ id: notifications.id, target: notifications.target });
    await housekeeping();
    const left = await deps()
      .db.select({ target: notifications.target })
      .from(notifications)
      .where(
        inArray(
          notifications.id,
          rows.map((r) => r.id),
        ),
      );
    expect(left.map((r) => r.target).sort()).toEqual(['recent', 'unread']);
  });

  it('expired sessions go at the first run after they expire (well within the 30 days allowed)', async () => {
    const member = await createUser();
    const other = await createUser();
    await deps()
      .db.update(sessions)
      .set({ expiresAt: Date.now() - 60_000 })
      .where(eq(sessions.userId, member.id));
    await housekeeping();
    expect(await deps().db.select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
    expect(await deps().db.select().from(sessions).where(eq(sessions.userId, other.id))).toHaveLength(1);
  });

  it('single-use tokens go 30 days after they expired or were used', async () => {
    expect(SPENT_TOKEN_KEEP_MS).toBe(30 * DAY);
    const now = Date.now();
    const token = (expiresAt: number, usedAt: number | null = null) => ({
      tokenHash: unique('hash'),
      purpose: 'password_reset' as const,
      email: `${unique()}@test.example`,
      expiresAt,
      usedAt,
    });
    const rows = await deps()
      .db.insert(tokens)
      .values([token(now - 31 * DAY), token(now - 29 * DAY), token(now + DAY, now - 31 * DAY), token(now + DAY, now - DAY)])
      .returning({ id: tokens.id });
    await housekeeping();
    const left = await deps()
      .db.select({ id: tokens.id })
      .from(tokens)
      .where(
        inArray(
          tokens.id,
          rows.map((r) => r.id),
        ),
      );
    expect(left.map((r) => r.id)).toEqual([rows[1]!.id, rows[3]!.id]);
  });

  it('the audit log keeps three years', async () => {
    expect(AUDIT_LOG_KEEP_MS).toBe((3 * 365 + 1) * DAY);
    const now = Date.now();
    const rows = await deps()
      .db.insert(auditLog)
      .values([
        { action: 'user.renew', createdAt: now - AUDIT_LOG_KEEP_MS - DAY },
        { action: 'user.renew', createdAt: now - AUDIT_LOG_KEEP_MS + DAY },
      ])
      .returning({ id: auditLog.id });
    await housekeeping();
    const left = await deps()
      .db.select({ id: auditLog.id })
      .from(auditLog)
      .where(
        inArray(
          auditLog.id,
          rows.map((r) => r.id),
        ),
      );
    expect(left.map((r) => r.id)).toEqual([rows[1]!.id]);
  });

  it('dead letters go 90 days after an admin retried or discarded them; waiting ones stay', async () => {
    expect(HANDLED_DEAD_LETTER_KEEP_MS).toBe(90 * DAY);
    const now = Date.now();
    const letter = (status: 'waiting' | 'retried' | 'discarded', handledAt: number | null) => ({
      kind: 'notifications' as const,
      messageId: unique('m'),
      payload: { type: 'fan-out' },
      summary: 'A job',
      deadAt: now - 400 * DAY,
      status,
      handledAt,
    });
    const rows = await deps()
      .db.insert(deadLetters)
      .values([letter('retried', now - 91 * DAY), letter('discarded', now - 89 * DAY), letter('waiting', null)])
      .returning({ id: deadLetters.id });
    await housekeeping();
    const left = await deps()
      .db.select({ status: deadLetters.status })
      .from(deadLetters)
      .where(
        inArray(
          deadLetters.id,
          rows.map((r) => r.id),
        ),
      );
    expect(left.map((r) => r.status).sort()).toEqual(['discarded', 'waiting']);
  });

  it('a deleted member’s photos R2 refused to delete then are deleted by the next run', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const admin = await createUser({ admin: true });
    const member = await createUser();
    const key = `img/${unique()}.jpg`;
    await env.IMAGES.put(key, new Uint8Array([1, 2, 3]));
    await deps().db.insert(images).values({ r2Key: key, contentType: 'image/jpeg', bytes: 3, uploadedBy: member.id });

    // R2 fails while her account is deleted: her rows go, her bytes stay noted.
    const refusing = { ...env, IMAGES: { delete: () => Promise.reject(new Error('R2 is unavailable')) } } as unknown as Env;
    await adminDeleteUser(createDeps(refusing), actorOf(admin), { userId: member.id });
    expect(await deps().db.select().from(images).where(eq(images.r2Key, key))).toEqual([]);
    expect(await env.IMAGES.head(key)).not.toBeNull();
    expect(await deps().db.select().from(objectDeletions).where(eq(objectDeletions.key, key))).toHaveLength(1);

    await housekeeping();
    expect(await env.IMAGES.head(key)).toBeNull();
    expect(await deps().db.select().from(objectDeletions).where(eq(objectDeletions.key, key))).toEqual([]);
    vi.restoreAllMocks();
  });

  it('a deleted member’s bytes go at once when R2 answers, leaving nothing noted', async () => {
    const admin = await createUser({ admin: true });
    const member = await createUser();
    const key = `img/${unique()}.jpg`;
    await env.IMAGES.put(key, new Uint8Array([1, 2, 3]));
    await deps().db.insert(images).values({ r2Key: key, contentType: 'image/jpeg', bytes: 3, uploadedBy: member.id });
    await adminDeleteUser(deps(), actorOf(admin), { userId: member.id });
    expect(await env.IMAGES.head(key)).toBeNull();
    expect(await deps().db.select().from(objectDeletions).where(eq(objectDeletions.key, key))).toEqual([]);
  });
});
