import * as z from 'zod';
import {
  DEAD_LETTER_KINDS,
  DEAD_LETTER_STATUSES,
  DeadLetterIdInputSchema,
  ListDeadLettersInputSchema,
} from '../../../shared/schemas/operations';
import { describeRoutes, IsoDateTime } from '../../platform/openapi';
import type { operationsRoutes } from './rest';

const CheckSchema = z
  .object({
    status: z.enum(['ok', 'degraded', 'down']).describe('down: failed, or no answer within 1 second'),
    duration_ms: z.number().int().describe('How long the check took'),
  })
  .meta({ id: 'HealthCheck' });

const HealthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']).describe('ok when every check is ok'),
    version: z.string().describe('The build: its git commit and the commit’s date, e.g. "520e8dd 2026-11-27T08:31:12Z"'),
    checks: z.object({
      d1: CheckSchema.describe('One statement on the database'),
      r2: CheckSchema.describe('One lookup in the image bucket'),
      queues: CheckSchema.describe(
        'The mail and notifications queues: degraded while a message that used up its retries waits for an admin',
      ),
    }),
  })
  .meta({ id: 'Health' });

const DeadLetterSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(DEAD_LETTER_KINDS).describe('The queue it died on'),
    message_id: z.string().describe('The queue message’s id'),
    summary: z.string().describe('What it was, e.g. "“Spring dinner” to 12 recipients, 12 failed"'),
    payload: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.number())]))
      .describe('The message’s body as queued: ids and kinds, never an address, a token or a text'),
    last_error: z.string().nullable().describe('The last failure, redacted; null when none was recorded'),
    dead_at: IsoDateTime.describe('When it reached the dead-letter queue'),
    status: z.enum(DEAD_LETTER_STATUSES),
    handled_at: IsoDateTime.nullable(),
    handled_by: z.object({ id: z.number().int(), name: z.string() }).nullable().describe('The admin who retried or discarded it'),
    can_retry: z.boolean(),
    can_discard: z.boolean(),
  })
  .meta({ id: 'DeadLetter' });

const ID_PARAMS = DeadLetterIdInputSchema;

/** The REST routes of issue 44, described for GET /api/openapi.json. */
export const operationsRestDocs = describeRoutes<typeof operationsRoutes>()('Operations', {
  'GET /healthz': {
    operationId: 'getHealth',
    summary: 'The club’s health: the database, the image bucket and the queues, each checked and timed',
    description:
      'No personal data, never cached; cheap enough to poll every 30 seconds. 200 while D1 and R2 answer within a second (status `degraded` when another check is not ok), 503 otherwise.',
    access: 'public',
    responses: { 200: HealthSchema, 503: HealthSchema },
  },
  'GET /api/admin/dead-letters': {
    operationId: 'listDeadLetters',
    summary: 'Queue messages that used up their retries, newest first (status=waiting|retried|discarded to filter)',
    access: 'admin',
    query: ListDeadLettersInputSchema,
    paged: true,
    responses: { 200: z.array(DeadLetterSchema) },
  },
  'POST /api/admin/dead-letters/:id/retry': {
    operationId: 'retryDeadLetter',
    summary: 'Put a waiting one back on its queue (an email’s failed deliveries are queued again; sent ones are not sent twice)',
    description: 'Audit-logged. 409 when it was already retried or discarded.',
    access: 'admin',
    params: ID_PARAMS,
    responses: { 200: DeadLetterSchema },
    errors: [404, 409],
  },
  'POST /api/admin/dead-letters/:id/discard': {
    operationId: 'discardDeadLetter',
    summary: 'Let a waiting one go: it stays listed as discarded until the housekeeping deletes it 90 days later',
    description: 'Audit-logged. 409 when it was already retried or discarded.',
    access: 'admin',
    params: ID_PARAMS,
    responses: { 200: DeadLetterSchema },
    errors: [404, 409],
  },
});
