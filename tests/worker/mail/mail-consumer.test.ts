import { env } from 'cloudflare:workers';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailDeliveries } from '../../../src/worker/db/schema/email';
import {
  createMailBatchHandler,
  decideJob,
  MAX_DELIVERY_ATTEMPTS,
  STALE_CLAIM_MS,
  type JobOutcome,
} from '../../../src/worker/modules/mail/consumer';
import { createUser, deps, request, unique } from '../helpers';
import { recordMessage, runBatch, watchedSender } from './consumer-helpers';

const statuses = async (ids: number[]) =>
  new Map((await deps().db.select().from(emailDeliveries).where(inArray(emailDeliveries.id, ids))).map((r) => [r.id, r]));

const addr = () => `${unique()}@consumer.example`;

describe('mail consumer', () => {
  it('sends one email per recipient with HTML, text and the club as sender, and acks', async () => {
    const people = [{ email: addr(), name: 'Ada <Lovelace>' }, { email: addr(), name: 'Grace' }, { email: addr() }];
    const { ids, message } = await recordMessage(people);
    const watch = watchedSender();
    const { batch, result } = await runBatch(createMailBatchHandler({ sender: watch.sender }), [{ ids }]);

    expect(result.explicitAcks).toEqual([batch.messages[0]!.id]);
    expect(result.retryMessages).toEqual([]);
    expect(watch.recipients().sort()).toEqual(people.map((p) => p.email).sort());
    for (const call of watch.calls) {
      expect(Array.isArray(call.to)).toBe(false);
      expect(call.from).toEqual({ email: env.MAIL_FROM, name: 'Outstanding Women Outside Work' });
      expect(call.subject).toBe(message.subject);
      expect(call.html).toBeTruthy();
      expect(call.text).toBeTruthy();
    }
    const ada = watch.calls.find((c) => (c.to as EmailAddress).email === people[0]!.email)!;
    expect(ada.html).toContain('Dear Ada &lt;Lovelace&gt;, welcome.');
    expect(ada.text).toContain('Dear Ada <Lovelace>, welcome.');
    const nameless = watch.calls.find((c) => c.to === people[2]!.email)!;
    expect(nameless.text).toContain('Dear member, welcome.');

    const rows = await statuses(ids);
    for (const id of ids) expect(rows.get(id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('does not resend on a redelivered message', async () => {
    const { ids } = await recordMessage([{ email: addr() }, { email: addr() }]);
    const watch = watchedSender();
    const handler = createMailBatchHandler({ sender: watch.sender });
    await runBatch(handler, [{ ids }]);
    expect(watch.calls).toHaveLength(2);
    // The queue delivers the same message again (at-least-once), and a duplicate in one batch.
    const again = await runBatch(handler, [{ ids, attempts: 2 }, { ids }]);
    expect(watch.calls).toHaveLength(2);
    expect(again.result.explicitAcks).toHaveLength(2);
    const rows = await statuses(ids);
    for (const id of ids) expect(rows.get(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('retries a transient failure with a delay and sends only the failed recipient again', async () => {
    const ok = addr();
    const flaky = addr();
    const { ids } = await recordMessage([{ email: ok }, { email: flaky }]);
    const failing = watchedSender({ transient: [flaky] });
    const first = await runBatch(createMailBatchHandler({ sender: failing.sender }), [{ ids }]);
    expect(first.result.explicitAcks).toEqual([]);
    expect(first.result.retryMessages.map((m) => m.msgId)).toEqual([first.batch.messages[0]!.id]);
    let rows = await statuses(ids);
    expect(rows.get(ids[0]!)).toMatchObject({ status: 'sent' });
    expect(rows.get(ids[1]!)).toMatchObject({ status: 'queued', attempts: 1, lastError: 'Service temporarily unavailable' });

    const healed = watchedSender();
    const second = await runBatch(createMailBatchHandler({ sender: healed.sender }), [{ ids, attempts: 2 }]);
    expect(healed.recipients()).toEqual([flaky]);
    expect(second.result.explicitAcks).toHaveLength(1);
    rows = await statuses(ids);
    expect(rows.get(ids[1]!)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('marks a permanently refused recipient failed with the reason, without retrying', async () => {
    const ok = addr();
    const refused = addr();
    const { ids } = await recordMessage([{ email: ok }, { email: refused }]);
    const watch = watchedSender({ permanent: [refused] });
    const { result } = await runBatch(createMailBatchHandler({ sender: watch.sender }), [{ ids }]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toEqual([]);
    const rows = await statuses(ids);
    expect(rows.get(ids[0]!)).toMatchObject({ status: 'sent' });
    expect(rows.get(ids[1]!)).toMatchObject({ status: 'failed', lastError: `email to ${refused} not allowed` });
  });

  it('after the last retry marks the delivery failed and lets the message go to the dead-letter queue', async () => {
    const flaky = addr();
    const { ids } = await recordMessage([{ email: flaky }]);
    const watch = watchedSender({ transient: [flaky] });
    const { batch, result } = await runBatch(createMailBatchHandler({ sender: watch.sender }), [{ ids, attempts: MAX_DELIVERY_ATTEMPTS }]);
    // retry() with the retries used up is what moves a message to the dead-letter queue.
    expect(result.retryMessages.map((m) => m.msgId)).toEqual([batch.messages[0]!.id]);
    expect(result.explicitAcks).toEqual([]);
    expect((await statuses(ids)).get(ids[0]!)).toMatchObject({ status: 'failed', lastError: 'Service temporarily unavailable' });
  });

  it('acks each message on its own: one failing job does not hold back another', async () => {
    const flaky = addr();
    const a = await recordMessage([{ email: addr() }]);
    const b = await recordMessage([{ email: flaky }]);
    const watch = watchedSender({ transient: [flaky] });
    const { batch, result } = await runBatch(createMailBatchHandler({ sender: watch.sender }), [{ ids: a.ids }, { ids: b.ids }]);
    expect(result.ackAll).toBe(false);
    expect(result.explicitAcks).toEqual([batch.messages[0]!.id]);
    expect(result.retryMessages.map((m) => m.msgId)).toEqual([batch.messages[1]!.id]);
  });

  it('leaves a delivery another consumer is sending alone, and reclaims it once that claim is stale', async () => {
    const { ids } = await recordMessage([{ email: addr() }]);
    const db = deps().db;
    await db
      .update(emailDeliveries)
      .set({ status: 'sending', claimedAt: Date.now() - 1000 })
      .where(eq(emailDeliveries.id, ids[0]!));
    const watch = watchedSender();
    const handler = createMailBatchHandler({ sender: watch.sender });
    const busy = await runBatch(handler, [{ ids }]);
    expect(watch.calls).toHaveLength(0);
    expect(busy.result.retryMessages).toHaveLength(1);
    expect(busy.result.explicitAcks).toHaveLength(0);

    await db
      .update(emailDeliveries)
      .set({ claimedAt: Date.now() - STALE_CLAIM_MS - 1000 })
      .where(eq(emailDeliveries.id, ids[0]!));
    const stale = await runBatch(handler, [{ ids, attempts: 2 }]);
    expect(watch.calls).toHaveLength(1);
    expect(stale.result.explicitAcks).toHaveLength(1);
    expect((await statuses(ids)).get(ids[0]!)).toMatchObject({ status: 'sent' });
  });

  it('acks an empty or malformed job without sending', async () => {
    const watch = watchedSender();
    const { result } = await runBatch(createMailBatchHandler({ sender: watch.sender }), [{ ids: [] }]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(watch.calls).toHaveLength(0);
  });
});

describe('retry decisions', () => {
  const outcome = (o: Partial<JobOutcome>): JobOutcome => ({ sent: 0, retryable: 0, failed: 0, exhausted: 0, inFlightMs: null, ...o });
  it('retries transient failures with a growing delay', () => {
    expect([1, 2, 3, 4, 5].map((a) => decideJob(outcome({ retryable: 1 }), a))).toEqual(
      [30, 60, 120, 240, 480].map((delaySeconds) => ({ action: 'retry', delaySeconds })),
    );
  });
  it('hands an exhausted message to the dead-letter queue (retry without tries left)', () => {
    expect(decideJob(outcome({ failed: 1, exhausted: 1 }), MAX_DELIVERY_ATTEMPTS)).toEqual({ action: 'retry' });
  });
  it('acks permanent failures and finished jobs', () => {
    expect(decideJob(outcome({ failed: 1 }), 1)).toEqual({ action: 'ack' });
    expect(decideJob(outcome({ sent: 3 }), 1)).toEqual({ action: 'ack' });
  });
  it('comes back for deliveries another consumer holds once their claim would be stale', () => {
    const d = decideJob(outcome({ inFlightMs: STALE_CLAIM_MS - 1000 }), 1);
    expect(d).toEqual({ action: 'retry', delaySeconds: STALE_CLAIM_MS / 1000 - 1 + 5 });
  });
});

describe('Sent mail', () => {
  it('lists a message with its counts, shows each recipient status, and retries the failed ones', async () => {
    const admin = await createUser({ admin: true });
    const refused = addr();
    const ok = await createUser();
    const bad = await createUser({ email: refused });
    const res = await request('/api/admin/send-email', {
      as: admin,
      body: { subject: `Sent view ${unique()}`, body: '<p>Hello</p>', recipientGroup: 'selected', selectedMemberIds: [ok.id, bad.id] },
    });
    const { message_id: messageId } = await res.json<{ message_id: number }>();
    const ids = (await deps().db.select().from(emailDeliveries).where(eq(emailDeliveries.messageId, messageId))).map((d) => d.id);
    // Whatever the real consumer did meanwhile, make one delivery a permanent failure.
    const watch = watchedSender({ permanent: [refused] });
    await runBatch(createMailBatchHandler({ sender: watch.sender }), [{ ids }]);
    await deps()
      .db.update(emailDeliveries)
      .set({ status: 'failed', lastError: `email to ${refused} not allowed` })
      .where(eq(emailDeliveries.toEmail, refused));
    await deps().db.update(emailDeliveries).set({ status: 'sent' }).where(eq(emailDeliveries.toEmail, ok.email));

    const list = await request('/api/admin/sent-mail', { as: admin });
    expect(list.status).toBe(200);
    const items = await list.json<{ id: number; counts: Record<string, number>; sender_name: string; recipientGroup: string }[]>();
    const mine = items.find((i) => i.id === messageId)!;
    expect(mine).toMatchObject({
      sender_name: admin.name,
      recipientGroup: 'selected',
      counts: { total: 2, sent: 1, failed: 1, queued: 0 },
    });

    const detail = await request(`/api/admin/sent-mail/${messageId}`, { as: admin });
    const { deliveries, message } = await detail.json<{
      deliveries: { to_email: string; status: string; last_error: string | null }[];
      message: { html: string; counts: object };
    }>();
    expect(message.counts).toEqual({ total: 2, queued: 0, sending: 0, sent: 1, failed: 1, skipped: 0 });
    expect(deliveries[0]).toMatchObject({ to_email: refused, status: 'failed', last_error: `email to ${refused} not allowed` });
    expect(message.html).toContain('Hello');

    const retry = await request(`/api/admin/sent-mail/${messageId}/retry`, { as: admin, method: 'POST' });
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ requeued: 1 });
    const after = new Map(
      (await deps().db.select().from(emailDeliveries).where(eq(emailDeliveries.messageId, messageId))).map((d) => [d.toEmail, d.status]),
    );
    expect(after.get(ok.email)).toBe('sent');
    expect(['queued', 'sending', 'sent']).toContain(after.get(refused));

    const member = await createUser();
    expect((await request(`/api/admin/sent-mail/${messageId}/retry`, { as: member, method: 'POST' })).status).toBe(403);
    expect((await request('/api/admin/sent-mail/999999999', { as: admin })).status).toBe(404);
  });
});
