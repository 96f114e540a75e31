import * as z from 'zod';
import { RECIPIENT_GROUPS } from '../constants';
import { IdSchema } from './common';
import { PageQuerySchema } from './page';

/** A line break in a subject would let the text write its own mail headers. */
export const MailSubjectSchema = z
  .string({ error: /*i18n*/ 'Subject and body are required.' })
  .refine((s) => !/[\r\n]/.test(s), /*i18n*/ 'The subject must be a single line.')
  .transform((s) => s.trim())
  .pipe(z.string().min(1, /*i18n*/ 'Subject and body are required.').max(200, /*i18n*/ 'The subject must be at most 200 characters.'));

/** HTML allowed; sanitized on the server. 100 000 characters is far beyond any real letter. */
export const MailBodySchema = z
  .string({ error: /*i18n*/ 'Subject and body are required.' })
  .refine((s) => s.trim().length > 0, /*i18n*/ 'Subject and body are required.')
  .refine((s) => s.length <= 100_000, /*i18n*/ 'The body must be at most 100,000 characters.');

export const RecipientGroupSchema = z.enum(RECIPIENT_GROUPS, { error: /*i18n*/ 'Choose who receives the email.' });

/** The chosen member ids of the 'selected' group (ignored for the other groups). */
const SelectedMemberIdsSchema = z.array(IdSchema).max(5000, /*i18n*/ 'At most 5,000 members can be selected.').default([]);

function needsSelection(input: { recipientGroup: string; selectedMemberIds: number[] }, ctx: z.RefinementCtx) {
  if (input.recipientGroup === 'selected' && input.selectedMemberIds.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['selectedMemberIds'], message: /*i18n*/ 'Choose at least one member.' });
  }
}

export const RecipientsInputSchema = z
  .object({ recipientGroup: RecipientGroupSchema, selectedMemberIds: SelectedMemberIdsSchema })
  .superRefine(needsSelection);
export type RecipientsInput = z.input<typeof RecipientsInputSchema>;

/** POST /api/admin/send-email and mail.send. */
export const SendGroupMailInputSchema = z
  .object({
    subject: MailSubjectSchema,
    body: MailBodySchema,
    recipientGroup: RecipientGroupSchema,
    selectedMemberIds: SelectedMemberIdsSchema,
  })
  .superRefine(needsSelection);
export type SendGroupMailInput = z.input<typeof SendGroupMailInputSchema>;

/** GET /api/admin/sent-mail and mail.sent: newest first, a page at a time (issue 13). */
export const SentMailListInputSchema = z
  .object({
    /** 'group' lists the admins' group mail; 'all' every email the club sent. */
    kind: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.enum(['group', 'all'], { error: /*i18n*/ 'Unknown kind of email.' }).default('group'),
    ),
  })
  .extend(PageQuerySchema.shape);

export const SentMailIdSchema = z.object({ id: IdSchema });

export const DELIVERY_STATUS_LABELS = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Skipped (opted out)',
} as const;
export type DeliveryStatus = keyof typeof DELIVERY_STATUS_LABELS;

export const RECIPIENT_GROUP_LABELS: Record<(typeof RECIPIENT_GROUPS)[number], string> = {
  all: 'All members',
  founding: 'Founding members',
  standard: 'Standard members',
  travel: 'Travel Hosts',
  admins: 'Administrators',
  testing: 'Testing (only me)',
  selected: 'Selected members',
};

/** A member in the 'selected' picker (GET /api/admin/get-members). */
export interface MailMember {
  user_id: number;
  name: string;
  email: string;
  type: string;
  admin: boolean;
}

/** Written as {{name}} in a body; each member receives their own (escaped) name. */
export const NAME_PLACEHOLDER = '{{name}}';
