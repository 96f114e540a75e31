import * as z from 'zod';
import { describeRoutes } from '../../platform/openapi';
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
      queues: CheckSchema.describe('The mail and notifications queues'),
    }),
  })
  .meta({ id: 'Health' });

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
});
