import { and, eq, inArray, lt, or } from 'drizzle-orm';
import { emailDeliveries, emailMessages } from '../db/schema/email';
import type { Env } from '../env';
import { createDeps, type Deps } from '../services/deps';
import type { MailJob } from './mail-job';

/** A delivery left 'sending' this long (a crashed consumer) may be claimed again. */
const STALE_CLAIM_MS = 10 * 60 * 1000;
/** wrangler.toml max_retries + the first try. */
export const MAX_DELIVERY_ATTEMPTS = 6;

function retryDelaySeconds(attempt: number): number {
  return Math.min(30 * 2 ** (attempt - 1), 15 * 60);
}

/**
 * Claims the job's deliveries (only those still queued, or abandoned mid-send), sends one email
 * per recipient, records sent or failed, and acks or retries each queue message on its own.
 * A delivery already sent is never claimed again, so a redelivered message sends nothing twice.
 */
export async function handleMailBatch(batch: MessageBatch<MailJob>, env: Env, ctx: ExecutionContext): Promise<void> {
  const deps = createDeps(env, (p) => ctx.waitUntil(p));
  for (const message of batch.messages) {
    try {
      const failed = await sendJob(deps, message.body.deliveryIds, message.attempts);
      if (failed > 0 && message.attempts < MAX_DELIVERY_ATTEMPTS) {
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      } else if (failed > 0) {
        // Out of tries: retry() once more hands the message to the dead-letter queue.
        message.retry();
      } else {
        message.ack();
      }
    } catch (err) {
      console.error('mail job failed', { deliveryIds: message.body.deliveryIds, err: String(err) });
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}

/** Sends the job's claimable deliveries; returns how many failed and may be retried. */
export async function sendJob(deps: Deps, deliveryIds: number[], attempt: number): Promise<number> {
  if (deliveryIds.length === 0) return 0;
  const now = deps.now();
  const claimed = await deps.db
    .update(emailDeliveries)
    .set({ status: 'sending', claimedAt: now, attempts: attempt })
    .where(
      and(
        inArray(emailDeliveries.id, deliveryIds),
        or(
          eq(emailDeliveries.status, 'queued'),
          and(eq(emailDeliveries.status, 'sending'), lt(emailDeliveries.claimedAt, now - STALE_CLAIM_MS)),
        ),
      ),
    )
    .returning({ id: emailDeliveries.id, messageId: emailDeliveries.messageId, toEmail: emailDeliveries.toEmail, toName: emailDeliveries.toName });
  if (claimed.length === 0) return 0;

  const messageIds = [...new Set(claimed.map((d) => d.messageId))];
  const messages = new Map(
    (await deps.db.select().from(emailMessages).where(inArray(emailMessages.id, messageIds))).map((m) => [m.id, m]),
  );

  const lastTry = attempt >= MAX_DELIVERY_ATTEMPTS;
  let failed = 0;
  const updates = [];
  for (const delivery of claimed) {
    const msg = messages.get(delivery.messageId);
    try {
      if (!msg) throw new Error('message missing');
      await deps.env.EMAIL.send({
        from: { email: deps.env.MAIL_FROM, name: deps.env.MAIL_FROM_NAME },
        to: delivery.toName ? { email: delivery.toEmail, name: delivery.toName } : delivery.toEmail,
        subject: msg.subject,
        html: msg.html,
        text: msg.text,
        attachments: msg.attachments?.map((a) => ({ disposition: 'attachment' as const, filename: a.filename, type: a.contentType, content: a.content })),
      });
      updates.push(deps.db.update(emailDeliveries).set({ status: 'sent', sentAt: deps.now(), lastError: null }).where(eq(emailDeliveries.id, delivery.id)));
    } catch (err) {
      failed++;
      const reason = err instanceof Error ? err.message : String(err);
      updates.push(
        deps.db
          .update(emailDeliveries)
          .set({ status: lastTry ? 'failed' : 'queued', lastError: reason.slice(0, 500) })
          .where(eq(emailDeliveries.id, delivery.id)),
      );
    }
  }
  await deps.db.batch(updates as [(typeof updates)[number], ...(typeof updates)[number][]]);
  return failed;
}
