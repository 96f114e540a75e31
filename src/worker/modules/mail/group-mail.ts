import type * as z from 'zod';
import type { SendGroupMailInputSchema } from '../../../shared/schemas/mail';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import { enforceRateLimit } from '../../platform/rate-limit';
import { enqueueEmail } from './enqueue';
import { emailBodyHtml } from './sanitize';
import { requireAdmin } from '../../platform/guards';
import { auditEntry } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { resolveRecipients } from './mail-recipients';

export type SendGroupMailData = z.output<typeof SendGroupMailInputSchema>;

export interface SendGroupMailResult {
  message: string;
  message_id: number;
  recipient_count: number;
  /** Members of the group who turned group mail off: recorded as skipped, not sent. */
  skipped: number;
}

/**
 * An admin emails a group. The body (plain text in paragraphs, or HTML) is sanitized before it is stored; the message, one delivery
 * per member and the audit entry are written in one batch and the deliveries queued. The
 * request answers at once; the queue consumer sends one email per member.
 */
export async function sendGroupMail(deps: Deps, actor: Actor, input: SendGroupMailData): Promise<SendGroupMailResult> {
  const admin = requireAdmin(actor);
  await enforceRateLimit(deps.env, 'MAIL_SEND_LIMITER', `mail:${admin.id}`);
  const bodyHtml = emailBodyHtml(input.body);
  if (!bodyHtml) throw new AppError('BAD_REQUEST', /*i18n*/ 'The body has no content left once unsafe HTML is removed.');
  const recipients = await resolveRecipients(deps, admin, input);
  if (recipients.length === 0) throw new AppError('BAD_REQUEST', /*i18n*/ 'No members are in this group.');

  const { messageId, deliveryIds, skipped } = await enqueueEmail(
    deps,
    { kind: 'group', subject: input.subject, bodyHtml, recipients, senderId: admin.id, recipientGroup: input.recipientGroup },
    {
      alsoWrite: [
        auditEntry(
          deps,
          admin,
          'mail.send',
          { type: 'recipient_group', id: input.recipientGroup },
          {
            subject: input.subject,
            recipients: recipients.length,
            skipped: recipients.filter((r) => r.optedOut).length,
          },
        ),
      ],
    },
  );
  return { message: 'Email sent successfully.', message_id: messageId, recipient_count: deliveryIds.length, skipped };
}
