import { emailDeliveries, emailMessages, type EMAIL_KINDS } from '../db/schema/email';
import type { Deps } from '../services/deps';
import type { MailJob } from './mail-job';
import { emailLayout, htmlToText } from './layout';

export interface EmailRecipient {
  email: string;
  name?: string | null;
  userId?: number | null;
}

export interface OutgoingEmail {
  kind: (typeof EMAIL_KINDS)[number];
  subject: string;
  /** Body HTML, already safe (escaped or sanitized); the layout is added here. */
  bodyHtml: string;
  recipients: EmailRecipient[];
  senderId?: number | null;
  recipientGroup?: string | null;
  eventId?: number | null;
  attachments?: { filename: string; contentType: string; content: string }[] | null;
}

// D1 binds at most 100 parameters per statement; a delivery row binds 5.
const DELIVERY_ROWS_PER_INSERT = 16;
// Delivery ids per queue message: small, so a retry re-sends little and no message nears 128 KB.
const DELIVERIES_PER_JOB = 50;
// Queue sendBatch takes at most 100 messages.
const JOBS_PER_SEND = 100;

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Records the message and one delivery per recipient in D1, then enqueues the delivery ids.
 * Two D1 round trips whatever the number of recipients. The consumer does the sending.
 */
export async function enqueueEmail(deps: Deps, email: OutgoingEmail): Promise<{ messageId: number; deliveryIds: number[] }> {
  const now = deps.now();
  const html = emailLayout(email.bodyHtml);
  const [message] = await deps.db
    .insert(emailMessages)
    .values({
      kind: email.kind,
      subject: email.subject,
      html,
      text: htmlToText(email.bodyHtml),
      recipientGroup: email.recipientGroup ?? null,
      senderId: email.senderId ?? null,
      eventId: email.eventId ?? null,
      attachments: email.attachments ?? null,
      createdAt: now,
    })
    .returning({ id: emailMessages.id });
  const messageId = message!.id;
  if (email.recipients.length === 0) return { messageId, deliveryIds: [] };

  const inserts = chunk(email.recipients, DELIVERY_ROWS_PER_INSERT).map((rows) =>
    deps.db
      .insert(emailDeliveries)
      .values(rows.map((r) => ({ messageId, userId: r.userId ?? null, toEmail: r.email, toName: r.name ?? null, createdAt: now })))
      .returning({ id: emailDeliveries.id }),
  );
  const results = await deps.db.batch(inserts as [(typeof inserts)[number], ...(typeof inserts)[number][]]);
  const deliveryIds = results.flat().map((r) => r.id);
  await enqueueDeliveries(deps, deliveryIds);
  return { messageId, deliveryIds };
}

/** Puts delivery ids on the mail queue (also used to retry failed deliveries). */
export async function enqueueDeliveries(deps: Deps, deliveryIds: number[]): Promise<void> {
  const jobs: MessageSendRequest<MailJob>[] = chunk(deliveryIds, DELIVERIES_PER_JOB).map((ids) => ({ body: { deliveryIds: ids } }));
  for (const group of chunk(jobs, JOBS_PER_SEND)) await deps.env.MAIL_QUEUE.sendBatch(group);
}
