import * as z from 'zod';
import { isValidTimeZone } from '../date-format';
import { addMonths } from '../membership-term';
import { IsoDateSchema } from './membership-terms';
import { withValues } from '../message';

// Insights (issue 42): the club's figures over a period, in the admin's time zone. The period is
// two calendar dates (both days included) in that zone; the figures compare with the period of
// the same length just before it.

/** The longest period: five years (from 2021-03-01, `to` may be 2026-02-28 at most). */
export const INSIGHTS_MAX_YEARS = 5;
export const INSIGHTS_PANELS = ['membership', 'applications', 'events', 'engagement', 'mail', 'homes'] as const;
export type InsightsPanel = (typeof INSIGHTS_PANELS)[number];
/** Active in the last 30 days; inactive after 90 (the issue's two windows). */
export const RECENTLY_ACTIVE_DAYS = 30;
export const INACTIVE_AFTER_DAYS = 90;
/** The inactive members listed (the count covers them all). */
export const INACTIVE_LISTED = 100;
/** Renewals due within each of these many days. */
export const RENEWAL_WINDOWS = [30, 60, 90] as const;

const optionalDate = (label: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), IsoDateSchema.optional()).describe(`${label} (YYYY-MM-DD)`);

const TimeZoneSchema = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? 'UTC' : v),
  z
    .string({ error: /*i18n*/ 'The time zone must be a name such as Europe/Paris.' })
    .max(64, /*i18n*/ 'Unknown time zone.')
    .refine(isValidTimeZone, /*i18n*/ 'Unknown time zone: use a name such as Europe/Paris.'),
);

const periodShape = {
  from: optionalDate('The first day; without it, the club’s first day (at most five years back)'),
  to: optionalDate('The last day, included; without it, today in `tz`'),
  tz: TimeZoneSchema.describe('The IANA time zone the days are counted in (default UTC)'),
};

function checkRange(input: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (!input.from || !input.to) return;
  if (input.to < input.from) ctx.addIssue({ code: 'custom', path: ['to'], message: /*i18n*/ 'The period ends before it starts.' });
  else if (input.to >= addMonths(input.from, INSIGHTS_MAX_YEARS * 12)) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: withValues(/*i18n*/ 'A period is at most {max} years long.', { max: INSIGHTS_MAX_YEARS }),
    });
  }
}

/** GET /api/admin/insights and admin.insights.get. */
export const InsightsInputSchema = z.object(periodShape).superRefine(checkRange);
export type InsightsInput = z.output<typeof InsightsInputSchema>;

/** GET /api/admin/insights.csv: one panel's figures. */
export const InsightsCsvInputSchema = z
  .object({
    ...periodShape,
    panel: z.enum(INSIGHTS_PANELS, { error: withValues(/*i18n*/ 'The panel is one of {panels}.', { panels: INSIGHTS_PANELS.join(', ') }) }),
  })
  .superRefine(checkRange);
export type InsightsCsvInput = z.output<typeof InsightsCsvInputSchema>;

// The answer. Every total says the previous period's figure beside its own.

export interface Total {
  value: number;
  previous: number;
}
/** One bucket of a series: its first day in the period (YYYY-MM-DD, in the admin's zone). */
export interface SeriesPoint {
  bucket: string;
  value: number;
}
export interface LabelledCount {
  label: string;
  value: number;
}

export interface InsightsPeriod {
  from: string;
  to: string;
  tz: string;
  days: number;
  /** Series come per week (Monday to Sunday) up to 92 days, else per month. */
  bucket: 'week' | 'month';
  previous: { from: string; to: string };
}

export interface EventFill {
  id: number;
  title: string;
  date: string;
  type: string;
  capacity: number | null;
  taken: number;
  waitlist: number;
  /** taken / capacity in percent; null without a capacity. */
  fill_rate: number | null;
}

export interface InactiveMember {
  user_id: number;
  name: string;
  email: string;
  member_since: string;
  /** ISO instant; null: nothing recorded since she joined. */
  last_active_at: string | null;
}

export interface MailStats {
  id: number;
  subject: string;
  sent_at: string;
  recipients: number;
  sent: number;
  failed: number;
  skipped: number;
  pending: number;
}

export interface HomeStats {
  id: number;
  title: string;
  host: string;
  requested: number;
  accepted: number;
  declined: number;
  nights: number;
}

export interface Insights {
  period: InsightsPeriod;
  membership: {
    status_now: { active: number; grace: number; lapsed: number };
    joined: Total;
    lapsed: Total;
    joined_series: SeriesPoint[];
    lapsed_series: SeriesPoint[];
    renewals_due: { days: number; value: number }[];
    by_type: LabelledCount[];
    /** Top ten (ISO 3166 codes), then "Other" and "Not given". */
    by_country: LabelledCount[];
  };
  applications: {
    applied: Total;
    accepted: Total;
    registered: Total;
    rejected: Total;
    pending: Total;
    /** Of the decisions taken in the period; null when there were none. */
    median_days_to_decision: { value: number | null; previous: number | null };
    applied_series: SeriesPoint[];
  };
  events: {
    held: Total;
    places_offered: Total;
    places_taken: Total;
    waitlist_at_start: Total;
    /** Places taken over places offered, of the events with a capacity, in percent. */
    fill_rate: { value: number | null; previous: number | null };
    places_taken_series: SeriesPoint[];
    per_event: EventFill[];
    fullest: EventFill[];
    emptiest: EventFill[];
    by_type: LabelledCount[];
  };
  engagement: {
    active: Total;
    active_series: SeriesPoint[];
    /** Members active in the 30 days to now, over the members now (active or in grace). */
    active_last_30_days: { active: number; members: number; share: number };
    inactive: { days: number; count: number; members: InactiveMember[] };
  };
  mail: {
    group_mails: Total;
    sent: Total;
    failed: Total;
    skipped: Total;
    per_mail: MailStats[];
    unsubscribes: { category: string; label: string; total: number; in_period: Total }[];
  };
  homes: {
    requested: Total;
    accepted: Total;
    declined: Total;
    nights: Total;
    per_home: HomeStats[];
  };
}
