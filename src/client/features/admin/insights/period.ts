import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { localTimeZone, todayInZone } from '../../../../shared/date-format';
import { addDays, addMonths, isIsoDate } from '../../../../shared/membership-term';
import type { InsightsPeriod } from '../../../../shared/schemas/insights';

// The Insights page's period (issue 42), kept in the URL (?period=90d, or ?from=…&to=… for two
// dates), so a reload or a shared link shows the same figures. Days are the admin's own: her
// browser's zone goes with every request.

export const PRESETS = [
  { key: '30d', label: 'Last 30 days' },
  { key: '90d', label: 'Last 90 days' },
  { key: '12m', label: 'Last 12 months' },
  { key: 'all', label: 'All time' },
] as const;
export type PresetKey = (typeof PRESETS)[number]['key'];
export const DEFAULT_PRESET: PresetKey = '90d';

export interface PeriodChoice {
  /** A preset, or 'custom' for two dates. */
  key: PresetKey | 'custom';
  from?: string;
  to?: string;
  tz: string;
}

function presetRange(key: PresetKey, today: string): { from?: string; to: string } {
  switch (key) {
    case '30d':
      return { from: addDays(today, -29), to: today };
    case '90d':
      return { from: addDays(today, -89), to: today };
    case '12m':
      return { from: addDays(addMonths(today, -12), 1), to: today };
    case 'all':
      return { to: today };
  }
}

export function usePeriod(): [PeriodChoice, (next: { key: PresetKey } | { key: 'custom'; from: string; to: string }) => void] {
  const search = new URLSearchParams(useSearch());
  const [location, navigate] = useLocation();
  const tz = localTimeZone();
  // Today as the page opened: a query key that does not move while she reads.
  const [today] = useState(() => todayInZone(Date.now(), tz));
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  let choice: PeriodChoice;
  if (isIsoDate(from) && isIsoDate(to)) choice = { key: 'custom', from, to, tz };
  else {
    const key = (PRESETS.find((p) => p.key === search.get('period'))?.key ?? DEFAULT_PRESET) as PresetKey;
    choice = { key, ...presetRange(key, today), tz };
  }
  const set = (next: { key: PresetKey } | { key: 'custom'; from: string; to: string }) =>
    navigate(next.key === 'custom' ? `${location}?from=${next.from}&to=${next.to}` : `${location}?period=${next.key}`, { replace: true });
  return [choice, set];
}

/** "the 90 days before", "the 12 months before" */
export function beforeLabel(choice: PeriodChoice, period: InsightsPeriod | undefined): string {
  if (choice.key === '12m') return 'the 12 months before';
  return `the ${period?.days ?? ''} days before`;
}

/** "+12% vs the 90 days before" */
export function comparison(value: number | null, previous: number | null, before: string): string {
  if (value === null || previous === null) return `none in ${before}`;
  if (previous === 0) return value === 0 ? `0 in ${before} too` : `up from 0 in ${before}`;
  const change = Math.round(((value - previous) / previous) * 100);
  if (change === 0) return `the same as ${before}`;
  return `${change > 0 ? '+' : '−'}${Math.abs(change)}% vs ${before}`;
}
