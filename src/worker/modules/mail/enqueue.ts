import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { emailDeliveries, emailMessages, type EMAIL_KINDS } from '../../db/schema/email';
import { AppError } from '../../platform/app-error';
import type { Deps } from '../../platform/deps';
import type { MailJob } from '../../platform/mail-job';
import { emailLayout, footerText, htmlToText, type FooterReason } from './layout';
import { sealMessageBody, type MailAttachment } from './message-body';
import { describeError } from '../../platform/log-redaction';
import { categoryOfKind } from './email-preferences';
import { isNotificationKind } from '../../../shared/notifications';
import { instantEmailOffSql } from '../notifications/preferences';
import { inLanguage } from '../../platform/i18n';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/preferences';

export interface EmailRecipient {
  email: string;
  name?: string | null;
  userId?: number | null;
  /**
   * She turned this kind of email off: recorded as 'skipped', never queued. For a kind that is a
   * notification kind's instant email (a stay's steps, a waitlist place), her choice for that kind
   * decides too, read in the insert itself.
   */
  optedOut?: boolean;
  /** Her language (users.language; null: English): a rendered email is written in it (issue 41). */
  language?: Language | null;
}

/** What an email's template makes: its subject and its body's HTML, already safe (escaped or sanitized). */
export interface EmailText {
  subject: string;
  bodyHtml: string;
}

export interface OutgoingEmail extends EmailText {
  kind: (typeof EMAIL_KINDS)[number];
  /** The language of the subject and body; the layout's footer is written in it too (English by default). */
  language?: Language;
  recipients: EmailRecipient[];
  senderId?: number | null;
  recipientGroup?: string | null;
  eventId?: number | null;
  attachments?: MailAttachment[] | null;
}

export interface EnqueueOptions {
  /**
   * Writes that must commit together with the message (an audit entry, a token row): they run
   * in the same D1 batch, so either all of it is recorded or none.
   */
  alsoWrite?: BatchItem<'sqlite'>[];
}

// D1 binds at most 100 parameters per statement. A delivery row binds 3 (user id, address,
// name); the message id, status, attempts and time are SQL literals, so 33 rows fit. A row whose
// status asks her email choice binds 4 more.
const DELIVERY_ROWS_PER_INSERT = 33;
const CHOICE_ROWS_PER_INSERT = 14;
// Delivery ids per queue message: small, so a retry re-sends little and no message nears 128 KB.
export const DELIVERIES_PER_JOB = 50;
// Queue sendBatch takes at most 100 messages (and 256 KB) per call.
const JOBS_PER_SEND = 100;

export function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Refuses a subject that could inject mail headers, whoever built it. */
function assertSingleLine(subject: string): void {
  if (/[\r\n]/.test(subject)) throw new AppError('BAD_REQUEST', /*i18n*/ 'The subject must be a single line.');
}

// The paths whose last segment is a single-use secret (registration, reset, event invitation).
const TOKEN_LINK = /\/(register|reset-password|events\/invite)\/[A-Za-z0-9_-]{16,}/i;

/** The subject is stored in clear (the Sent mail list needs it): it must never carry a link's token. */
function assertNoTokenInSubject(subject: string): void {
  if (TOKEN_LINK.test(subject))
    throw new AppError('BAD_REQUEST', /*i18n*/ 'The subject cannot contain a registration, reset or invitation link.');
}

/** One row per address: the same member twice in a list still receives one email. */
function uniqueRecipients(recipients: EmailRecipient[]): EmailRecipient[] {
  const seen = new Set<string>();
  return recipients.filter((r) => {
    const key = r.email.trim().toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The emails to someone who is not a member (yet): their footer says why she receives them (issue 46). */
const FOOTER_REASONS: Partial<Record<OutgoingEmail['kind'], FooterReason>> = {
  registration: 'invited',
  application_received: 'applicant',
  application_rejected: 'applicant',
};

/**
 * The message's subject checked and its body laid out and sealed: the body holds the live links,
 * so only its sealed form reaches D1 (DECISIONS "No secret at rest").
 */
export async function sealedBody(
  deps: Deps,
  email: Pick<OutgoingEmail, 'kind' | 'subject' | 'bodyHtml' | 'attachments' | 'language'>,
): Promise<string> {
  assertSingleLine(email.subject);
  assertNoTokenInSubject(email.subject);
  const origin = deps.env.APP_ORIGIN;
  // Optional emails end with an unsubscribe link, filled in per recipient by the consumer.
  const unsubscribe = categoryOfKind(email.kind) !== null;
  const reason = FOOTER_REASONS[email.kind] ?? 'member';
  const laidOut = await inLanguage(email.language ?? DEFAULT_LANGUAGE, () => ({
    html: emailLayout(email.bodyHtml, { appOrigin: origin, unsubscribe, reason }),
    text: `${htmlToText(email.bodyHtml)}\n\n${footerText(origin, { unsubscribe, reason })}`,
  }));
  return sealMessageBody(deps.env, { ...laidOut, attachments: email.attachments?.length ? email.attachments : null });
}

/** An email whose template is rendered in each recipient's own language. */
export type RenderedEmail = Omit<OutgoingEmail, 'subject' | 'bodyHtml' | 'language'> & { render: () => EmailText };

/**
 * Issue 41: her emails in her language. The recipients are grouped by language and each group is
 * one message, its template rendered in that language (dates too); the caller's writes go with
 * the first. What the club's members or admins wrote (an event's title, a note) stays as written.
 */
export async function enqueueRenderedEmail(
  deps: Deps,
  email: RenderedEmail,
  opts: EnqueueOptions = {},
): Promise<{ messageId: number; deliveryIds: number[]; skipped: number }> {
  const { render, ...rest } = email;
  const groups = new Map<Language, EmailRecipient[]>();
  for (const r of email.recipients) {
    const language = r.language ?? DEFAULT_LANGUAGE;
    groups.set(language, [...(groups.get(language) ?? []), r]);
  }
  if (groups.size === 0) groups.set(DEFAULT_LANGUAGE, []);
  const out = { messageId: 0, deliveryIds: [] as number[], skipped: 0 };
  for (const [language, recipients] of groups) {
    const text = await inLanguage(language, render);
    const sent = await enqueueEmail(deps, { ...rest, ...text, language, recipients }, out.messageId ? {} : opts);
    out.messageId ||= sent.messageId;
    out.deliveryIds.push(...sent.deliveryIds);
    out.skipped += sent.skipped;
  }
  return out;
}

/**
 * Records the message, one delivery per recipient and the caller's own writes in ONE D1 batch
 * (atomic, a single round trip whatever the number of recipients), then enqueues the delivery
 * ids. The consumer does the sending; the request answers at once.
 */
export async function enqueueEmail(
  deps: Deps,
  email: OutgoingEmail,
  opts: EnqueueOptions = {},
): Promise<{ messageId: number; deliveryIds: number[]; skipped: number }> {
  const now = deps.now();
  const recipients = uniqueRecipients(email.recipients);
  const body = await sealedBody(deps, email);

  const insertMessage = deps.db
    .insert(emailMessages)
    .values({
      kind: email.kind,
      subject: email.subject.trim(),
      body,
      recipientGroup: email.recipientGroup ?? null,
      senderId: email.senderId ?? null,
      eventId: email.eventId ?? null,
      createdAt: now,
    })
    .returning({ id: emailMessages.id });

  // The batch is one transaction on a database that runs one at a time, so the newest message
  // row inside it is the one just inserted (AUTOINCREMENT ids only grow).
  const newMessageId: SQL<number> = sql`(SELECT max(${emailMessages.id}) FROM ${emailMessages})`;
  const literalNow = sql.raw(String(Math.trunc(now)));
  // A kind's instant email sent by its own module (issue 23: a stay's steps, a waitlist place):
  // skipped unless she wants that kind at once. The notifications' own emails chose their
  // recipients by it already.
  const category = categoryOfKind(email.kind);
  const choiceKind = category && isNotificationKind(category) && !email.kind.startsWith('notification_') ? category : null;
  const statusOf = (r: EmailRecipient) => {
    if (r.optedOut) return sql`'skipped'`;
    if (choiceKind && r.userId) {
      return sql`CASE WHEN ${instantEmailOffSql(sql`${r.userId}`, choiceKind)} THEN 'skipped' ELSE 'queued' END`;
    }
    return sql`'queued'`;
  };
  const insertDeliveries = chunk(recipients, choiceKind ? CHOICE_ROWS_PER_INSERT : DELIVERY_ROWS_PER_INSERT).map((rows) =>
    deps.db
      .insert(emailDeliveries)
      .values(
        rows.map((r) => ({
          messageId: newMessageId,
          userId: r.userId ?? null,
          toEmail: r.email.trim(),
          toName: r.name ?? null,
          status: statusOf(r),
          attempts: sql`0`,
          createdAt: literalNow,
        })),
      )
      .returning({ id: emailDeliveries.id, status: emailDeliveries.status }),
  );

  const results = await deps.db.batch([insertMessage, ...(opts.alsoWrite ?? []), ...insertDeliveries]);
  const messageId = (results[0] as { id: number }[])[0]!.id;
  const rows = (results.slice(1 + (opts.alsoWrite?.length ?? 0)) as { id: number; status: string }[][]).flat();
  // Skipped deliveries (opted out) are recorded for Sent mail but never queued.
  const deliveryIds = rows.filter((r) => r.status !== 'skipped').map((r) => r.id);
  if (deliveryIds.length > 0) await enqueueOrMarkFailed(deps, messageId, deliveryIds);
  return { messageId, deliveryIds, skipped: rows.length - deliveryIds.length };
}

/** A delivery's last_error when the queue refused it (Sent mail offers Retry). */
export const NOT_QUEUED = 'Could not be queued for sending. Use Retry.';

/**
 * If the queue refuses, the recorded deliveries would wait forever as 'queued': mark them failed
 * with the reason, so the Sent mail view offers Retry, and let the caller see the error.
 */
async function enqueueOrMarkFailed(deps: Deps, messageId: number, deliveryIds: number[]): Promise<void> {
  try {
    await enqueueDeliveries(deps, deliveryIds);
  } catch (err) {
    console.error('mail enqueue failed', { messageId, error: describeError(err) });
    await deps.db
      .update(emailDeliveries)
      .set({ status: 'failed', lastError: NOT_QUEUED })
      .where(and(eq(emailDeliveries.messageId, messageId), eq(emailDeliveries.status, 'queued')));
    throw err;
  }
}

/** Puts delivery ids on the mail queue (also used to retry failed deliveries). */
export async function enqueueDeliveries(deps: Deps, deliveryIds: number[]): Promise<void> {
  const jobs: MessageSendRequest<MailJob>[] = chunk(deliveryIds, DELIVERIES_PER_JOB).map((ids) => ({
    body: { deliveryIds: ids },
    contentType: 'json',
  }));
  for (const group of chunk(jobs, JOBS_PER_SEND)) await deps.env.MAIL_QUEUE.sendBatch(group);
}
