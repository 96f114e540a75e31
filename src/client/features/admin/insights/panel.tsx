import { useState, type ReactNode } from 'react';
import { PANEL_TITLES, panelTables, type DataTable } from '../../../../shared/insights-tables';
import type { Insights, InsightsPanel, InsightsPeriod, Total } from '../../../../shared/schemas/insights';
import { useToast } from '../../../components/toast';
import { downloadFrom } from '../../../lib/download';
import { comparison } from './period';
import { formatNumber } from '../../../i18n/intl-locale';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A bucket's first day as an axis shows it: "May 18", or "May 2026" for a month. */
export function bucketLabel(date: string, bucket: InsightsPeriod['bucket']): string {
  const month = MONTHS[Number(date.slice(5, 7)) - 1];
  return bucket === 'month' ? `${month} ${date.slice(0, 4)}` : `${month} ${Number(date.slice(8, 10))}`;
}

export const xTitleOf = (p: InsightsPeriod) => (p.bucket === 'week' ? 'Week starting' : 'Month');

/** What every panel gets: its figures, the period, how to say "the 90 days before", and its tables by id. */
export interface PanelProps<K extends InsightsPanel> {
  data: Insights[K];
  period: InsightsPeriod;
  before: string;
  tables: Record<string, DataTable>;
}

export function tablesOf<K extends InsightsPanel>(panel: K, data: Insights[K], period: InsightsPeriod): Record<string, DataTable> {
  return Object.fromEntries(panelTables(panel, data, period).map((t) => [t.id, t]));
}

/** One figure, and how it compares with the previous period. */
export function Figure({
  label,
  total,
  before,
  unit = '',
}: {
  label: string;
  total: Total | { value: number | null; previous: number | null };
  before?: string;
  unit?: string;
}) {
  return (
    <div className="figure">
      <dt>{label}</dt>
      <dd>
        <span className="figure-value">{total.value === null ? '–' : `${formatNumber(total.value)}${unit}`}</span>
        {before ? <span className="figure-compare">{comparison(total.value, total.previous, before)}</span> : null}
      </dd>
    </div>
  );
}

export function Figures({ children }: { children: ReactNode }) {
  return <dl className="figures">{children}</dl>;
}

/** A panel: its title, "Download CSV" (the panel's tables, from the server), its figures and charts. */
export function Panel({ panel, period, children }: { panel: InsightsPanel; period: InsightsPeriod; children: ReactNode }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const query = new URLSearchParams({ panel, from: period.from, to: period.to, tz: period.tz });
      const failed = await downloadFrom(`/api/admin/insights.csv?${query}`, `owow-insights-${panel}.csv`);
      if (failed) toast(failed.error ?? 'The download failed. Please try again.', 'error');
    } catch {
      toast('The download failed. Please check your connection.', 'error');
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="card insights-panel" aria-labelledby={`panel-${panel}`} id={panel}>
      <div className="insights-panel-head">
        <h2 id={`panel-${panel}`}>{PANEL_TITLES[panel]}</h2>
        <button type="button" className="button button-ghost button-small" onClick={download} disabled={busy}>
          Download CSV
        </button>
      </div>
      {children}
    </section>
  );
}
