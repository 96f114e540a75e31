import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { localTimeZone, todayInZone } from '../../../../shared/date-format';
import { addDays, addMonths, isIsoDate } from '../../../../shared/membership-term';
import type { InsightsPeriod } from '../../../../shared/schemas/insights';
import { i18n } from '../locales/i18n';

// The Insights page's period (issue 42), kept in the URL (?period=90d, or ?from=…&to=… for two
// dates), so a reload or a shared link shows the same figures. Days are the admin's own: her
// browser's zone goes with every request.

export const PRESETS = ['30d', '90d', '12m', 'all'] as const;
export type PresetKey = (typeof PRESETS)[number];

/** A preset's button, in the page's language. */
export const presetLabel = (key: PresetKey) =>
  ({ '30d': i18n.t('Last 30 days'), '90d': i18n.t('Last 90 days'), '12m': i18n.t('Last 12 months'), all: i18n.t('All time') })[key];
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
    const key = PRESETS.find((p) => p === search.get('period')) ?? DEFAULT_PRESET;
    choice = { key, ...presetRange(key, today), tz };
  }
  const set = (next: { key: PresetKey } | { key: 'custom'; from: string; to: string }) =>
    navigate(next.key === 'custom' ? `${location}?from=${next.from}&to=${next.to}` : `${location}?period=${next.key}`, { replace: true });
  return [choice, set];
}

/** "the 90 days before", "the 12 months before" */
export function beforeLabel(choice: PeriodChoice, period: InsightsPeriod | undefined): string {
  if (choice.key === '12m') return i18n.t('the 12 months before');
  return i18n.t('{count, plural, one {the # day before} other {the # days before}}', { count: period?.days ?? 0 });
}

/** "+12% vs the 90 days before" */
export function comparison(value: number | null, previous: number | null, before: string): string {
  if (value === null || previous === null) return i18n.t('none in {before}', { before });
  if (previous === 0) return value === 0 ? i18n.t('0 in {before} too', { before }) : i18n.t('up from 0 in {before}', { before });
  const change = Math.round(((value - previous) / previous) * 100);
  if (change === 0) return i18n.t('the same as {before}', { before });
  const percent = i18n.number(Math.abs(change) / 100, { style: 'percent' });
  return i18n.t('{change} vs {before}', { change: `${change > 0 ? '+' : '−'}${percent}`, before });
}
