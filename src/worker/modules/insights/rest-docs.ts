import * as z from 'zod';
import { InsightsCsvInputSchema, InsightsInputSchema } from '../../../shared/schemas/insights';
import { IsoDate, IsoDateTime, describeRoutes } from '../../platform/openapi';
import type { insightsRoutes } from './rest';

const TotalSchema = z
  .object({ value: z.number(), previous: z.number().describe('The same figure over the previous period of the same length') })
  .meta({ id: 'InsightsTotal' });
const MaybeTotalSchema = z.object({ value: z.number().nullable(), previous: z.number().nullable() });
const SeriesSchema = z
  .array(z.object({ bucket: IsoDate.describe("The bucket's first day in the period (YYYY-MM-DD, in `tz`)"), value: z.number() }))
  .meta({ id: 'InsightsSeries' });
const LabelledSchema = z.array(z.object({ label: z.string(), value: z.number() }));

const EventFillSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  date: IsoDate,
  type: z.string(),
  capacity: z.number().int().nullable(),
  taken: z.number().int(),
  waitlist: z.number().int(),
  fill_rate: z.number().nullable().describe('Places taken over capacity, in percent; null without a capacity'),
});

const InsightsSchema = z
  .object({
    period: z.object({
      from: IsoDate,
      to: IsoDate,
      tz: z.string(),
      days: z.number().int(),
      bucket: z.enum(['week', 'month']).describe('Series per week (Monday to Sunday) up to 92 days, else per month'),
      previous: z.object({ from: IsoDate, to: IsoDate }),
    }),
    membership: z.object({
      status_now: z.object({ active: z.number().int(), grace: z.number().int(), lapsed: z.number().int() }),
      joined: TotalSchema,
      lapsed: TotalSchema,
      joined_series: SeriesSchema,
      lapsed_series: SeriesSchema,
      renewals_due: z.array(z.object({ days: z.number().int(), value: z.number().int() })),
      by_type: LabelledSchema,
      by_country: LabelledSchema.describe('The ten countries with most members (ISO 3166 codes), then "Other" and "Not given"'),
    }),
    applications: z.object({
      applied: TotalSchema,
      accepted: TotalSchema,
      registered: TotalSchema,
      rejected: TotalSchema,
      pending: TotalSchema,
      median_days_to_decision: MaybeTotalSchema,
      applied_series: SeriesSchema,
    }),
    events: z.object({
      held: TotalSchema,
      places_offered: TotalSchema,
      places_taken: TotalSchema,
      waitlist_at_start: TotalSchema,
      fill_rate: MaybeTotalSchema,
      places_taken_series: SeriesSchema,
      per_event: z.array(EventFillSchema),
      fullest: z.array(EventFillSchema),
      emptiest: z.array(EventFillSchema),
      by_type: LabelledSchema,
    }),
    engagement: z.object({
      active: TotalSchema,
      active_series: SeriesSchema,
      active_last_30_days: z.object({ active: z.number().int(), members: z.number().int(), share: z.number() }),
      inactive: z.object({
        days: z.number().int(),
        count: z.number().int(),
        members: z.array(
          z.object({
            user_id: z.number().int(),
            name: z.string(),
            email: z.string(),
            member_since: IsoDate,
            last_active_at: IsoDateTime.nullable(),
          }),
        ),
      }),
    }),
    mail: z.object({
      group_mails: TotalSchema,
      sent: TotalSchema,
      failed: TotalSchema,
      skipped: TotalSchema,
      per_mail: z.array(
        z.object({
          id: z.number().int(),
          subject: z.string(),
          sent_at: IsoDateTime,
          recipients: z.number().int(),
          sent: z.number().int(),
          failed: z.number().int(),
          skipped: z.number().int(),
          pending: z.number().int(),
        }),
      ),
      unsubscribes: z.array(z.object({ category: z.string(), label: z.string(), total: z.number().int(), in_period: TotalSchema })),
    }),
    homes: z.object({
      requested: TotalSchema,
      accepted: TotalSchema,
      declined: TotalSchema,
      nights: TotalSchema,
      per_home: z.array(
        z.object({
          id: z.number().int(),
          title: z.string(),
          host: z.string(),
          requested: z.number().int(),
          accepted: z.number().int(),
          declined: z.number().int(),
          nights: z.number().int(),
        }),
      ),
    }),
  })
  .meta({ id: 'Insights' });

/** Issue 42: the club's figures over a period. */
export const insightsRestDocs = describeRoutes<typeof insightsRoutes>()('Admin: insights', {
  'GET /api/admin/insights': {
    operationId: 'getInsights',
    summary: "The club's figures over a period, each beside the previous period's (issue 42)",
    description:
      'Days are counted in `tz`. 400 for a date that is not YYYY-MM-DD, a `to` before `from`, a period over five years, or an unknown zone.',
    access: 'admin',
    query: InsightsInputSchema,
    responses: { 200: InsightsSchema },
  },
  'GET /api/admin/insights.csv': {
    operationId: 'getInsightsCsv',
    summary: "One panel's figures as CSV (the tables of the page's panel)",
    description: 'BOM and CRLF; each table under its title, a blank line between them; formula cells prefixed with an apostrophe.',
    access: 'admin',
    query: InsightsCsvInputSchema,
    responses: {
      200: {
        description: "The panel's figures, as an attachment.",
        mediaType: 'text/csv; charset=utf-8',
        headers: { 'Content-Disposition': 'attachment; filename="owow-insights-PANEL-FROM-to-TO.csv"' },
      },
    },
  },
});
