import * as z from 'zod';
import { IdSchema } from './common';
import { PageQuerySchema, type Page } from './page';
import './zod-config';

/** The queues whose dead letters are kept (issue 44): the mail queue and the notifications queue. */
export const DEAD_LETTER_KINDS = ['mail', 'notifications'] as const;
export type DeadLetterKind = (typeof DEAD_LETTER_KINDS)[number];

/** waiting: nobody decided yet; retried: put back on its queue; discarded: let go. */
export const DEAD_LETTER_STATUSES = ['waiting', 'retried', 'discarded'] as const;
export type DeadLetterStatus = (typeof DEAD_LETTER_STATUSES)[number];

/** GET /api/admin/dead-letters?status=&limit=&cursor= and operations.deadLetters.list: newest first. */
export const ListDeadLettersInputSchema = PageQuerySchema.extend({
  status: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(DEAD_LETTER_STATUSES, { error: 'status must be waiting, retried or discarded.' }).optional(),
  ),
});
export type ListDeadLettersInput = z.output<typeof ListDeadLettersInputSchema>;

/** POST /api/admin/dead-letters/{id}/retry and /discard. */
export const DeadLetterIdInputSchema = z.object({ id: IdSchema });

/** A queue message's body (platform/mail-job.ts, platform/notification-job.ts): ids and kinds. */
export type DeadLetterPayload = Record<string, string | number | boolean | null | number[]>;

/** One dead letter as admins see it (REST and tRPC alike). */
export interface DeadLetterView {
  id: number;
  kind: DeadLetterKind;
  message_id: string;
  summary: string;
  /** The queue message's body: ids and kinds only. */
  payload: DeadLetterPayload;
  last_error: string | null;
  dead_at: string;
  status: DeadLetterStatus;
  handled_at: string | null;
  handled_by: { id: number; name: string } | null;
  can_retry: boolean;
  can_discard: boolean;
}
export type DeadLettersPage = Page<DeadLetterView>;
