import { createExecutionContext, createMessageBatch, getQueueResult, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DeadLetterView } from '../../../src/shared/schemas/operations';
import { app } from '../../../src/worker/app';
import { emailDeliveries } from '../../../src/worker/db/schema/email';
import { auditLog } from '../../../src/worker/db/schema/membership';
import worker from '../../../src/worker/index';
import { createMailBatchHandler, MAX_DELIVERY_ATTEMPTS } from '../../../src/worker/modules/mail/consumer';
import type { Env } from '../../../src/worker/platform/env';
import type { MailJob } from '../../../src/worker/platform/mail-job';
import type { NotificationJob } from '../../../src/worker/platform/notification-job';
import { noteLastFailure } from '../../../src/worker/platform/queue-failures';
import { createUser, deps, ORIGIN, request, trpc, unique, type TestUser } from '../helpers';
import { expectAnswerDocumented } from '../openapi-answers';
import { recordMessage, runBatch, watchedSender } from '../mail/consumer-helpers';

/** What the broker does once a message used up its retries: the same message, on the dead-letter queue. */
async function deliverToDeadLetterQueue(queue: string, id: string, body: unknown) {
  const batch = createMessageBatch<MailJob | NotificationJob>(queue, [{ id, timestamp: new Date(), attempts: 1, body: body as MailJob }]);
  const ctx = createExecutionContext();
  await worker.queue!(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

/** A queue that keeps what it is sent instead of delivering it, so the test hands it to the consumer itself. */
function keptQueue() {
  const sent: unknown[] = [];
  const queue = {
    send: async (body: unknown) => void sent.push(body),
    sendBatch: async (messages: { body: unknown }[]) => void sent.push(...messages.map((m) => m.body)),
  };
  return { queue: queue as unknown as Queue, sent };
}

/** The Worker with some bindings replaced, its answer checked against the OpenAPI document. */
async function requestWith(overrides: Partial<Env>, path: string, as: TestUser, method = 'POST') {
  const req = new Request(`${ORIGIN}${path}`, { method, headers: { Cookie: as.cookie, Origin: ORIGIN } });
  const ctx = createExecutionContext();
  const res = await app.fetch(req.clone() as Request, { ...env, ...overrides } as Env, ctx);
  await waitOnExecutionContext(ctx);
  await expectAnswerDocumented(req, res.clone());
  return res;
}

const listed = async (admin: TestUser, query = '', headers?: Record<string, string>) => {
  const res = await request(`/api/admin/dead-letters${query}`, { as: admin, headers });
  expect(res.status).toBe(200);
  return res.json<DeadLetterView[]>();
};

describe('dead letters', () => {
  it('a delivery that fails every time is listed after its retries, and Retry sends it once it can, exactly once', async () => {
    const admin = await createUser({ admin: true });
    const to = `${unique()}@dead.example`;
    const { ids, message } = await recordMessage([{ email: to, name: 'Ada' }]);
    const failing = watchedSender({ transient: [to] });
    const handler = createMailBatchHandler({ sender: failing.sender });
    const messageId = `dead-${unique()}`;

    // Every try the queue makes: retried with a delay, and on the last one given up.
    for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
      const { result } = await runBatch(handler, [{ ids, attempts: attempt, id: messageId }]);
      expect(
        result.retryMessages.map((m) => m.msgId),
        `try ${attempt}`,
      ).toEqual([messageId]);
    }
    expect(failing.calls).toHaveLength(MAX_DELIVERY_ATTEMPTS);
    const [given] = await deps().db.select().from(emailDeliveries).where(eq(emailDeliveries.id, ids[0]!));
    expect(given).toMatchObject({ status: 'failed', attempts: MAX_DELIVERY_ATTEMPTS });

    // The broker moves it to the dead-letter queue, whose consumer records it (twice delivered, once recorded).
    expect((await deliverToDeadLetterQueue('owow-club-mail-dlq', messageId, { deliveryIds: ids })).ackAll).toBe(true);
    await deliverToDeadLetterQueue('owow-club-mail-dlq', messageId, { deliveryIds: ids });
    const waiting = (await listed(admin, '?status=waiting')).filter((d) => d.message_id === messageId);
    const inJapanese = (await listed(admin, '?status=waiting', { 'Accept-Language': 'ja' })).find((d) => d.message_id === messageId)!;
    expect(inJapanese.summary).toBe(`「${message.subject}」（宛先1人、1件失敗）`);
    expect(waiting).toEqual([
      expect.objectContaining({
        kind: 'mail',
        status: 'waiting',
        summary: `“${message.subject}” to 1 recipient, 1 failed`,
        payload: { deliveryIds: ids },
        last_error: 'Service temporarily unavailable',
        handled_by: null,
        can_retry: true,
        can_discard: true,
      }),
    ]);
    const letter = waiting[0]!;
    expect(JSON.stringify(letter)).not.toContain(to);

    // While it waits: the dashboard warns, /healthz says the queues are degraded (still 200).
    const status = await trpc('operations.status', undefined, { as: admin, type: 'query' });
    expect((await status.json<{ result: { data: { dead_letters_waiting: number } } }>()).result.data.dead_letters_waiting).toBeGreaterThan(
      0,
    );
    const health = await request('/healthz');
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'degraded', checks: { queues: { status: 'degraded' } } });

    // Retry: back on the mail queue (kept here, so this test's consumer is the one that sends it).
    const mailQueue = keptQueue();
    const retried = await requestWith({ MAIL_QUEUE: mailQueue.queue }, `/api/admin/dead-letters/${letter.id}/retry`, admin);
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({
      id: letter.id,
      status: 'retried',
      handled_by: { id: admin.id, name: admin.name },
      can_retry: false,
    });
    expect(mailQueue.sent).toEqual([{ deliveryIds: ids }]);

    // The email can go now: sent once, and a redelivery of the same message sends nothing more.
    const healed = watchedSender();
    const healedHandler = createMailBatchHandler({ sender: healed.sender });
    await runBatch(healedHandler, [{ ids, id: 'retried-1' }]);
    await runBatch(healedHandler, [{ ids, id: 'retried-1', attempts: 2 }]);
    expect(healed.recipients()).toEqual([to]);
    const [sent] = await deps().db.select().from(emailDeliveries).where(eq(emailDeliveries.id, ids[0]!));
    expect(sent).toMatchObject({ status: 'sent', attempts: MAX_DELIVERY_ATTEMPTS + 1 });

    // A second Retry (another admin, a double click) is refused and queues nothing.
    const again = await requestWith({ MAIL_QUEUE: mailQueue.queue }, `/api/admin/dead-letters/${letter.id}/retry`, admin);
    expect(again.status).toBe(409);
    expect(mailQueue.sent).toHaveLength(1);
    const audit = await deps().db.select().from(auditLog).where(eq(auditLog.action, 'dead_letter.retry'));
    expect(audit.filter((a) => a.targetId === String(letter.id))).toHaveLength(1);
  });

  it('keeps the reason a notifications job failed with, and Discard lets it go, audit-logged', async () => {
    const admin = await createUser({ admin: true });
    const messageId = `notify-${unique()}`;
    const body = { type: 'fan-out' };
    // The consumer's last try notes its reason before the message goes to the dead-letter queue.
    await noteLastFailure(deps(), 'notifications', { id: messageId, attempts: 6 } as Message<unknown>, new Error('D1_ERROR: too busy'));
    await deliverToDeadLetterQueue('owow-club-notifications-dlq', messageId, body);
    const letter = (await listed(admin)).find((d) => d.message_id === messageId)!;
    expect(letter).toMatchObject({
      kind: 'notifications',
      summary: 'Writing the notifications of what members did',
      last_error: 'D1_ERROR: too busy',
    });
    // Issue 41: stored in English, read in the admin's language (the subject of a mail as written).
    const french = (await listed(admin, '', { 'Accept-Language': 'fr' })).find((d) => d.message_id === messageId)!;
    expect(french.summary).toBe('Rédaction des notifications de l’activité des membres');

    const member = await createUser();
    expect((await request(`/api/admin/dead-letters/${letter.id}/discard`, { as: member, method: 'POST' })).status).toBe(403);
    expect((await request('/api/admin/dead-letters', { as: member })).status).toBe(403);

    const discarded = await request(`/api/admin/dead-letters/${letter.id}/discard`, { as: admin, method: 'POST' });
    expect(discarded.status).toBe(200);
    expect(await discarded.json()).toMatchObject({ status: 'discarded', can_retry: false, can_discard: false });
    expect((await request(`/api/admin/dead-letters/${letter.id}/discard`, { as: admin, method: 'POST' })).status).toBe(409);
    expect((await request(`/api/admin/dead-letters/${letter.id}/retry`, { as: admin, method: 'POST' })).status).toBe(409);
    expect((await listed(admin, '?status=discarded')).map((d) => d.id)).toContain(letter.id);
    expect((await listed(admin, '?status=waiting')).map((d) => d.id)).not.toContain(letter.id);
    const audit = await deps().db.select().from(auditLog).where(eq(auditLog.action, 'dead_letter.discard'));
    expect(audit.filter((a) => a.targetId === String(letter.id))).toHaveLength(1);
    expect((await request('/api/admin/dead-letters/999999999/retry', { as: admin, method: 'POST' })).status).toBe(404);
  });

  it('retries a notifications job by sending it to its queue again', async () => {
    const admin = await createUser({ admin: true });
    const messageId = `notify-${unique()}`;
    await deliverToDeadLetterQueue('owow-club-notifications-dlq', messageId, { type: 'push', news: 7, after: 0 });
    const letter = (await listed(admin)).find((d) => d.message_id === messageId)!;
    expect(letter).toMatchObject({ summary: 'Push notifications of news #7', last_error: null });
    const notifyQueue = keptQueue();
    const res = await requestWith({ NOTIFY_QUEUE: notifyQueue.queue }, `/api/admin/dead-letters/${letter.id}/retry`, admin);
    expect(res.status).toBe(200);
    expect(notifyQueue.sent).toEqual([{ type: 'push', news: 7, after: 0 }]);
  });

  it('pages newest first with a Link to the next page', async () => {
    const admin = await createUser({ admin: true });
    for (let i = 0; i < 3; i++) await deliverToDeadLetterQueue('owow-club-notifications-dlq', `page-${unique()}`, { type: 'emails' });
    const res = await request('/api/admin/dead-letters?limit=2', { as: admin });
    const first = await res.json<DeadLetterView[]>();
    expect(first).toHaveLength(2);
    expect(first[0]!.id).toBeGreaterThan(first[1]!.id);
    const next = /<([^>]+)>; rel="next"/.exec(res.headers.get('Link') ?? '')?.[1];
    expect(next).toBeTruthy();
    const second = await (await request(next!, { as: admin })).json<DeadLetterView[]>();
    expect(second[0]!.id).toBeLessThan(first[1]!.id);
  });
});
