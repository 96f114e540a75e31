import { and, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { emailDeliveries, emailMessages } from '../../db/schema/email';
import type { Env } from '../../platform/env';
import { createDeps, type Deps } from '../../platform/deps';
import { personalize } from './layout';
import { openMessageBody, outgoingAttachment, type MessageBody } from './message-body';
import { describeError, redactedReason } from '../../platform/log-redaction';
import type { MailJob } from '../../platform/mail-job';
import { noteLastFailure, QUEUE_MAX_ATTEMPTS } from '../../platform/queue-failures';
import { fillUnsubscribe, unsubscribeExtras } from './email-preferences';

/**
 * A delivery left 'sending' this long was abandoned by a consumer that died mid-send; it may be
 * claimed again. A job of 50 sends takes well under a minute, so 10 minutes is generous.
 */
export const STALE_CLAIM_MS = 10 * 60 * 1000;
/** Sends in flight at once within one job. */
const SEND_CONCURRENCY = 6;
/** wrangler.toml max_retries (5) + the first try. */
export const MAX_DELIVERY_ATTEMPTS = QUEUE_MAX_ATTEMPTS;

/** 30 s, 1, 2, 4, 8 minutes: transient trouble (a rate limit, an outage) gets time to pass. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempt - 1), 15 * 60);
}

/** What sends one email: the send_email binding, or a wrapper of it in tests. */
export interface MailSender {
  send(message: EmailMessageBuilder): Promise<unknown>;
}

// Failures that another try will not fix: the address or the message itself is refused.
const PERMANENT_CODES = new Set([
  'E_RECIPIENT_NOT_ALLOWED',
  'E_RECIPIENT_SUPPRESSED',
  'E_SENDER_NOT_VERIFIED',
  'E_SENDER_DOMAIN_NOT_AVAILABLE',
  'E_VALIDATION_ERROR',
  'E_CONTENT_TOO_LARGE',
  'E_TOO_MANY_RECIPIENTS',
  'E_HEADER_NOT_ALLOWED',
]);
const PERMANENT_MESSAGE =
  /not allowed|not verified|unverified|suppressed|invalid (address|recipient|email)|could not parse|too large|too many recipients/i;

export function isPermanentSendError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && PERMANENT_CODES.has(code)) return true;
  return PERMANENT_MESSAGE.test(err instanceof Error ? err.message : String(err));
}

/** Stored as the delivery's last_error and shown to admins: redacted like a log line. */
function reasonOf(err: unknown): string {
  return redactedReason(err);
}

/** A message recorded before bodies were sealed: migration 0001 dropped its plain body. */
const NO_BODY = 'The body of this email is no longer stored (it was recorded before bodies were encrypted); it cannot be sent.';

/**
 * Writes a delivery's result, trying twice: a sent email whose record is lost would stay
 * 'sending' and, once stale, be claimed and sent again.
 */
async function recordResult(deps: Deps, id: number, update: Partial<typeof emailDeliveries.$inferInsert>): Promise<void> {
  const write = () => deps.db.update(emailDeliveries).set(update).where(eq(emailDeliveries.id, id)).run();
  try {
    await write();
  } catch {
    await write();
  }
}

export interface JobOutcome {
  sent: number;
  /** Failed this time and worth another try (left 'queued'). */
  retryable: number;
  /** Marked 'failed' for good (refused, or out of tries). */
  failed: number;
  /** Of those, the ones that failed only because the tries ran out. */
  exhausted: number;
  /** Claimed by another consumer right now: not ours to send; ms until that claim goes stale. */
  inFlightMs: number | null;
}

/**
 * Builds the queue handler. Each message is handled and acked or retried on its own; a message
 * whose deliveries were all sent (a redelivery) sends nothing and is acked.
 */
export function createMailBatchHandler(opts: { sender?: (env: Env) => MailSender } = {}) {
  return async function handleBatch(batch: MessageBatch<MailJob>, env: Env, ctx: ExecutionContext): Promise<void> {
    const deps = createDeps(env, (p) => ctx.waitUntil(p));
    const sender = opts.sender?.(env) ?? env.EMAIL;
    for (const message of batch.messages) {
      const ids = Array.isArray(message.body?.deliveryIds) ? message.body.deliveryIds.filter((id) => Number.isInteger(id)) : [];
      const lastTry = message.attempts >= MAX_DELIVERY_ATTEMPTS;
      try {
        const outcome = await sendJob(deps, sender, ids, message.attempts);
        const decision = decideJob(outcome, message.attempts);
        if (decision.action === 'ack') message.ack();
        else message.retry(decision.delaySeconds === undefined ? undefined : { delaySeconds: decision.delaySeconds });
      } catch (err) {
        console.error('mail job failed', { deliveryIds: ids, attempt: message.attempts, error: describeError(err) });
        if (lastTry) {
          // Off to the dead-letter queue: its consumer records it with this reason (issue 44).
          await noteLastFailure(deps, 'mail', message, err);
          message.retry();
        } else message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      }
    }
  };
}

export const handleMailBatch = createMailBatchHandler();

export type JobDecision = { action: 'ack' } | { action: 'retry'; delaySeconds?: number };

/** What becomes of a queue message once its job has run. */
export function decideJob(outcome: JobOutcome, attempt: number): JobDecision {
  // Worth another try: come back after a growing delay.
  if (outcome.retryable > 0) return { action: 'retry', delaySeconds: retryDelaySeconds(attempt) };
  // Out of tries (the deliveries are already marked failed): retry() with no retries left hands
  // the message to the dead-letter queue, where it can be inspected.
  if (outcome.exhausted > 0) return { action: 'retry' };
  // Another consumer holds some of these; come back when its claim would be stale, so a crashed
  // consumer's deliveries are still sent (and a live one's are not sent twice).
  if (outcome.inFlightMs !== null && attempt < MAX_DELIVERY_ATTEMPTS) {
    return { action: 'retry', delaySeconds: Math.max(30, Math.ceil(outcome.inFlightMs / 1000) + 5) };
  }
  return { action: 'ack' };
}

/**
 * Claims the job's deliveries (only those still queued, or abandoned mid-send), sends one email
 * per recipient and records each result right after its send, so a consumer that dies midway
 * leaves only the few sends then in flight with an unknown fate. A delivery already sent is never claimed
 * again: a redelivered message sends nothing twice.
 */
export async function sendJob(deps: Deps, sender: MailSender, deliveryIds: number[], attempt: number): Promise<JobOutcome> {
  const outcome: JobOutcome = { sent: 0, retryable: 0, failed: 0, exhausted: 0, inFlightMs: null };
  if (deliveryIds.length === 0) return outcome;
  const now = deps.now();
  const staleBefore = now - STALE_CLAIM_MS;
  const lastTry = attempt >= MAX_DELIVERY_ATTEMPTS;
  const inJob = inArray(emailDeliveries.id, deliveryIds);

  // One round trip: claim, read the messages they belong to, and see what others hold.
  const [claimed, messages, held] = await deps.db.batch([
    deps.db
      .update(emailDeliveries)
      .set({ status: 'sending', claimedAt: now, attempts: sql`${emailDeliveries.attempts} + 1` })
      .where(
        and(
          inJob,
          or(eq(emailDeliveries.status, 'queued'), and(eq(emailDeliveries.status, 'sending'), lt(emailDeliveries.claimedAt, staleBefore))),
        ),
      )
      .returning({
        id: emailDeliveries.id,
        messageId: emailDeliveries.messageId,
        toEmail: emailDeliveries.toEmail,
        toName: emailDeliveries.toName,
        userId: emailDeliveries.userId,
      }),
    deps.db
      .select()
      .from(emailMessages)
      .where(inArray(emailMessages.id, deps.db.select({ id: emailDeliveries.messageId }).from(emailDeliveries).where(inJob))),
    deps.db
      .select({ claimedAt: emailDeliveries.claimedAt })
      .from(emailDeliveries)
      .where(and(inJob, eq(emailDeliveries.status, 'sending'), ne(emailDeliveries.claimedAt, now))),
  ]);

  for (const h of held) {
    const wait = (h.claimedAt ?? now) + STALE_CLAIM_MS - now;
    outcome.inFlightMs = Math.max(outcome.inFlightMs ?? 0, wait);
  }
  const byId = new Map(messages.map((m) => [m.id, m]));
  // Each body is opened once per job. A body that does not open (DATA_ENCRYPTION_KEY changed or
  // missing) is worth another try once the secret is fixed; a body that is gone is not.
  const bodies = new Map<number, MessageBody | null | Error>();
  for (const m of messages) {
    bodies.set(
      m.id,
      await openMessageBody(deps.env, m.body).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err)))),
    );
  }

  // A few sends at a time: the send API answers in tens of milliseconds, so a job of 50 takes
  // seconds, not minutes. Each delivery is still recorded right after its own send.
  const queue = [...claimed];
  let stopped = false;
  const sendNext = async (): Promise<void> => {
    while (!stopped && queue.length > 0) {
      const delivery = queue.shift()!;
      const msg = byId.get(delivery.messageId);
      const body = msg ? bodies.get(msg.id) : undefined;
      let update: Partial<typeof emailDeliveries.$inferInsert>;
      try {
        if (!msg) throw new Error('The message was deleted.');
        if (body === null || body === undefined) throw new Error(NO_BODY);
        if (body instanceof Error) throw body;
        // Optional emails: her own one-click unsubscribe link in the footer and in the headers.
        const extras = await unsubscribeExtras(deps.env, msg.kind, delivery.userId);
        const origin = deps.env.APP_ORIGIN;
        await sender.send({
          from: { email: deps.env.MAIL_FROM, name: deps.env.MAIL_FROM_NAME },
          // One recipient per email: members never see each other's addresses.
          to: delivery.toName ? { email: delivery.toEmail, name: delivery.toName } : delivery.toEmail,
          subject: msg.subject,
          html: fillUnsubscribe(personalize(body.html, delivery.toName, 'html'), extras?.url ?? null, origin),
          text: fillUnsubscribe(personalize(body.text, delivery.toName, 'text'), extras?.url ?? null, origin),
          ...(extras ? { headers: extras.headers } : {}),
          ...(body.attachments?.length
            ? {
                attachments: body.attachments.map(outgoingAttachment),
              }
            : {}),
        });
        update = { status: 'sent', sentAt: deps.now(), lastError: null };
        outcome.sent++;
      } catch (err) {
        const permanent = !msg || !body || isPermanentSendError(err);
        const final = permanent || lastTry;
        update = { status: final ? 'failed' : 'queued', lastError: reasonOf(err), claimedAt: null };
        if (final) outcome.failed++;
        else outcome.retryable++;
        if (final && !permanent) outcome.exhausted++;
      }
      try {
        await recordResult(deps, delivery.id, update);
      } catch (err) {
        stopped = true;
        throw err;
      }
    }
  };
  const runs = await Promise.allSettled(Array.from({ length: Math.min(SEND_CONCURRENCY, queue.length) }, sendNext));
  const broken = runs.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (broken) {
    // D1 became unreachable: hand the untried deliveries back so the retried message sends them,
    // instead of leaving them claimed until they go stale.
    const untried = queue.map((d) => d.id);
    if (untried.length > 0) {
      await deps.db
        .update(emailDeliveries)
        .set(lastTry ? { status: 'failed', lastError: 'Sending was interrupted.', claimedAt: null } : { status: 'queued', claimedAt: null })
        .where(and(inArray(emailDeliveries.id, untried), eq(emailDeliveries.status, 'sending'), eq(emailDeliveries.claimedAt, now)))
        .catch((err: unknown) => console.error('could not release mail claims', { untried, error: describeError(err) }));
    }
    throw broken.reason;
  }
  return outcome;
}
