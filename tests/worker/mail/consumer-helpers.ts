import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { emailDeliveries, emailMessages } from '../../../src/worker/db/schema/email';
import type { createMailBatchHandler, MailSender } from '../../../src/worker/modules/mail/consumer';
import { emailLayout } from '../../../src/worker/modules/mail/layout';
import { sealMessageBody } from '../../../src/worker/modules/mail/message-body';
import type { MailJob } from '../../../src/worker/platform/mail-job';
import { deps, unique } from '../helpers';

// The mail consumer driven as the queue drives it (tests/worker/mail, tests/worker/operations).

/**
 * The real send_email binding, watched: every call is recorded, and chosen addresses are refused
 * the way Cloudflare refuses them (a transient outage, or an address it will never accept).
 */
export function watchedSender(opts: { transient?: string[]; permanent?: string[] } = {}) {
  const calls: EmailMessageBuilder[] = [];
  const sender = (): MailSender => ({
    async send(message) {
      calls.push(message);
      const to = typeof message.to === 'string' ? message.to : (message.to as EmailAddress).email;
      if (opts.transient?.includes(to)) throw new Error('Service temporarily unavailable');
      if (opts.permanent?.includes(to)) throw Object.assign(new Error(`email to ${to} not allowed`), { code: 'E_RECIPIENT_NOT_ALLOWED' });
      return env.EMAIL.send(message);
    },
  });
  const to = (m: EmailMessageBuilder) => (typeof m.to === 'string' ? m.to : (m.to as EmailAddress).email);
  return { sender, calls, recipients: () => calls.map(to) };
}

/** A message and its deliveries written straight to D1 (not queued, so only our batches send them). */
export async function recordMessage(recipients: { email: string; name?: string }[], body = '<p>Dear {{name}}, welcome.</p>') {
  const db = deps().db;
  const [msg] = await db
    .insert(emailMessages)
    .values({
      kind: 'group',
      subject: `Consumer ${unique()}`,
      body: await sealMessageBody(env, { html: emailLayout(body), text: 'Dear {{name}}, welcome.', attachments: null }),
      recipientGroup: 'selected',
    })
    .returning();
  const rows = await db
    .insert(emailDeliveries)
    .values(recipients.map((r) => ({ messageId: msg!.id, toEmail: r.email, toName: r.name ?? null })))
    .returning();
  return { message: msg!, ids: rows.map((r) => r.id) };
}

let seq = 0;
/** One batch of jobs through the handler, as the queue delivers it (a job may name its message id, as a retry keeps it). */
export async function runBatch(
  handler: ReturnType<typeof createMailBatchHandler>,
  jobs: { ids: number[]; attempts?: number; id?: string }[],
) {
  const batch = createMessageBatch<MailJob>(
    'owow-club-mail',
    jobs.map((j) => ({ id: j.id ?? `msg-${++seq}`, timestamp: new Date(), attempts: j.attempts ?? 1, body: { deliveryIds: j.ids } })),
  );
  const ctx = createExecutionContext();
  await handler(batch, env, ctx);
  const result = await getQueueResult(batch, ctx);
  return { batch, result };
}
