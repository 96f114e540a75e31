import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tokens } from '../../../src/worker/db/schema/membership';
import { createTokensJob, SPENT_TOKEN_KEEP_MS, spentTokensWhere } from '../../../src/worker/modules/membership/tokens-job';
import { boundedDeleteQuery } from '../../../src/worker/platform/bounded-delete';
import { deps, unique } from '../helpers';
import { expectIndexed, planOf } from '../query-plan';

// Housekeeping (issue 13): registration, reset and invitation tokens are deleted 30 days after
// they expired or were used, a bounded batch at a time.

const DAY = 24 * 3600 * 1000;
const PURPOSES = ['registration', 'password_reset', 'event_invitation'] as const;

async function addTokens(rows: { expiresAt: number; usedAt?: number | null }[]): Promise<number[]> {
  const inserted = await deps()
    .db.insert(tokens)
    .values(
      rows.map((r, i) => ({
        tokenHash: unique('h'),
        purpose: PURPOSES[i % PURPOSES.length]!,
        email: `${unique()}@tokens.example`,
        expiresAt: r.expiresAt,
        usedAt: r.usedAt ?? null,
        createdAt: r.expiresAt - DAY,
      })),
    )
    .returning({ id: tokens.id });
  return inserted.map((r) => r.id);
}

const remaining = async (ids: number[]) =>
  (await deps().db.select({ id: tokens.id }).from(tokens).where(inArray(tokens.id, ids))).map((r) => r.id).sort((a, b) => a - b);

describe('spent tokens job', () => {
  it('deletes tokens expired or used more than 30 days ago, of every purpose; newer and live ones stay', async () => {
    const now = Date.now();
    const keep = SPENT_TOKEN_KEEP_MS;
    const [expiredLong, usedLong, usedLongRegistration, expiredRecently, usedRecently, live] = await addTokens([
      { expiresAt: now - keep - DAY },
      { expiresAt: now - keep + DAY, usedAt: now - keep - 1 },
      { expiresAt: now - keep - 2 * DAY, usedAt: now - keep - 3 * DAY },
      { expiresAt: now - keep + DAY },
      { expiresAt: now + DAY, usedAt: now - keep + DAY },
      { expiresAt: now + DAY },
    ]);

    expect(await createTokensJob().run({ ...deps(), now: () => now })).toEqual({ tokens: 3 });
    expect(await remaining([expiredLong!, usedLong!, usedLongRegistration!, expiredRecently!, usedRecently!, live!])).toEqual([
      expiredRecently!,
      usedRecently!,
      live!,
    ]);
  });

  it('deletes at most rows × statements a run; the rest waits for the next run', async () => {
    const now = Date.now();
    const old = now - SPENT_TOKEN_KEEP_MS - DAY;
    const spent = await addTokens(Array.from({ length: 7 }, (_, i) => ({ expiresAt: old - i * DAY })));
    const [live] = await addTokens([{ expiresAt: now + DAY }]);
    const job = createTokensJob({ rows: 3, statements: 2 });

    expect(await job.run({ ...deps(), now: () => now })).toEqual({ tokens: 6 });
    expect(await remaining(spent)).toHaveLength(1);
    expect(await job.run({ ...deps(), now: () => now })).toEqual({ tokens: 1 });
    expect(await remaining([...spent, live!])).toEqual([live!]);
  });

  it('finds its rows through the indexes, never by reading the table', async () => {
    expectIndexed(await planOf(boundedDeleteQuery(deps(), tokens, spentTokensWhere(Date.now()), 500)), [
      /tokens_expires_idx/,
      /tokens_used_idx/,
    ]);
  });
});
