import { env } from 'cloudflare:workers';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailDeliveries, emailMessages } from '../../../src/worker/db/schema/email';
import { MAX_DELIVERY_ATTEMPTS, STALE_CLAIM_MS } from '../../../src/worker/modules/mail/consumer';
import { emailLayout } from '../../../src/worker/modules/mail/layout';
import { sealMessageBody } from '../../../src/worker/modules/mail/message-body';
import { createStaleClaimsJob, INTERRUPTED_TOO_OFTEN } from '../../../src/worker/modules/mail/stale-claims-job';
import { deps, unique } from '../helpers';

// Housekeeping (issue 13): deliveries a dead consumer left 'sending' go back on the queue (and are
// sent by the real consumer), or, claimed too often already, are marked failed for an admin's Retry.

type Delivery = { status: 'queued' | 'sending' | 'sent'; claimedAt: number | null; attempts: number };

async function recordDeliveries(rows: Delivery[]): Promise<number[]> {
  const db = deps().db;
  const [msg] = await db
    .insert(emailMessages)
    .values({
      kind: 'group',
      subject: `Stale ${unique()}`,
      body: await sealMessageBody(env, { html: emailLayout('<p>Hello</p>'), text: 'Hello', attachments: null }),
      recipientGroup: 'selected',
    })
    .returning();
  const inserted = await db
    .insert(emailDeliveries)
    .values(rows.map((r) => ({ messageId: msg!.id, toEmail: `${unique()}@stale.example`, ...r })))
    .returning({ id: emailDeliveries.id });
  return inserted.map((r) => r.id);
}

const rowsOf = async (ids: number[]) =>
  new Map((await deps().db.select().from(emailDeliveries).where(inArray(emailDeliveries.id, ids))).map((r) => [r.id, r]));

/** Polls until the real queue consumer has settled the deliveries. */
async function settled(ids: number[], timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await rowsOf(ids);
    if ([...rows.values()].every((r) => r.status === 'sent' || r.status === 'failed')) return rows;
    if (Date.now() > deadline) throw new Error(`not settled: ${JSON.stringify([...rows.values()].map((r) => r.status))}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('stale mail claims job', () => {
  it('re-queues stale claims with tries left (the consumer then sends them), fails the exhausted, leaves the rest', async () => {
    const now = Date.now();
    const stale = now - STALE_CLAIM_MS - 60_000;
    const [abandoned, exhausted, inFlight, sent, queued] = await recordDeliveries([
      { status: 'sending', claimedAt: stale, attempts: 2 },
      { status: 'sending', claimedAt: stale, attempts: MAX_DELIVERY_ATTEMPTS },
      { status: 'sending', claimedAt: now - 60_000, attempts: 1 },
      { status: 'sent', claimedAt: stale, attempts: 1 },
      { status: 'queued', claimedAt: null, attempts: 0 },
    ]);

    expect(await createStaleClaimsJob().run({ ...deps(), now: () => now })).toEqual({ requeued: 1, failed: 1 });

    const after = await rowsOf([exhausted!, inFlight!, sent!, queued!]);
    expect(after.get(exhausted!)).toMatchObject({ status: 'failed', lastError: INTERRUPTED_TOO_OFTEN, claimedAt: null });
    expect(after.get(inFlight!)).toMatchObject({ status: 'sending', claimedAt: now - 60_000, attempts: 1 });
    expect(after.get(sent!)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(after.get(queued!)).toMatchObject({ status: 'queued', attempts: 0 });
    // The re-queued one went onto the real queue: its consumer claims and sends it.
    expect((await settled([abandoned!])).get(abandoned!)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
  });

  it('handles at most rows × statements a run; the rest waits for the next run', async () => {
    const now = Date.now();
    const stale = now - STALE_CLAIM_MS - 60_000;
    const ids = await recordDeliveries(
      Array.from({ length: 3 }, (_, i) => ({ status: 'sending' as const, claimedAt: stale - i * 1000, attempts: MAX_DELIVERY_ATTEMPTS })),
    );
    const job = createStaleClaimsJob({ rows: 1, statements: 2 });

    expect(await job.run({ ...deps(), now: () => now })).toEqual({ requeued: 0, failed: 2 });
    const first = [...(await rowsOf(ids)).values()];
    // The oldest claims go first.
    expect(first.filter((r) => r.status === 'sending').map((r) => r.id)).toEqual([ids[0]]);

    expect(await job.run({ ...deps(), now: () => now })).toEqual({ requeued: 0, failed: 1 });
    expect([...(await rowsOf(ids)).values()].every((r) => r.status === 'failed')).toBe(true);
  });
});
