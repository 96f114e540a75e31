import { useState, type ReactNode } from 'react';
import { panelTables, type DataTable } from '../../../../shared/insights-tables';
import type { Insights, InsightsPanel, InsightsPeriod, Total } from '../../../../shared/schemas/insights';
import { useToast } from '../../../components/toast';
import { downloadFrom } from '../../../lib/download';
import { formatList } from '../../../i18n/intl-locale';
import { i18n } from '../locales/i18n';
import { comparison } from './period';
import { panelTitle, translatedTable } from './table-texts';

/** A calendar day (yyyy-mm-dd) short, in the page's language: "May 18", "18 mai", "5月18日". */
export const shortDay = (date: string) => i18n.date(`${date.slice(0, 10)}T00:00:00Z`, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A bucket's first day as an axis shows it: "May 18", or "May 2026" for a month (Intl, in the page's language). */
export function bucketLabel(date: string, bucket: InsightsPeriod['bucket']): string {
  return bucket === 'month'
    ? i18n.date(`${date.slice(0, 10)}T00:00:00Z`, { month: 'short', year: 'numeric', timeZone: 'UTC' })
    : shortDay(date);
}

export const xTitleOf = (p: InsightsPeriod) => (p.bucket === 'week' ? i18n.t('Week starting') : i18n.t('Month'));

/** Items as a list in the page's language: "Social 4, Travel 2" (Intl.ListFormat). */
export const listText = (items: string[]) => formatList(items, 'unit');

/** A named figure of a chart's summary: "Social 4". */
export const namedFigure = (name: string, value: number) => i18n.t('{name} {value}', { name, value: figureText(value) });

/** A figure in the page's language: "1,234", a percentage "45%" ("45 %" in French). */
export const figureText = (value: number | null, unit = '') =>
  value === null
    ? '–'
    : unit === '%'
      ? i18n.number(value / 100, { style: 'percent', maximumFractionDigits: 1 })
      : i18n.number(value, { maximumFractionDigits: 1 }) + unit;

/** What every panel gets: its figures, the period, how to say "the 90 days before", and its tables by id. */
export interface PanelProps<K extends InsightsPanel> {
  data: Insights[K];
  period: InsightsPeriod;
  before: string;
  tables: Record<string, DataTable>;
}

export function tablesOf<K extends InsightsPanel>(panel: K, data: Insights[K], period: InsightsPeriod): Record<string, DataTable> {
  return Object.fromEntries(panelTables(panel, data, period).map((t) => [t.id, translatedTable(t)]));
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
        <span className="figure-value">{figureText(total.value, unit)}</span>
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
      if (failed) toast(failed.error ?? i18n.t('The download failed. Please try again.'), 'error');
    } catch {
      toast(i18n.t('The download failed. Please check your connection.'), 'error');
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="card insights-panel" aria-labelledby={`panel-${panel}`} id={panel}>
      <div className="insights-panel-head">
        <h2 id={`panel-${panel}`}>{panelTitle(panel)}</h2>
        <button type="button" className="button button-ghost button-small" onClick={download} disabled={busy}>
          {i18n.t('Download CSV')}
        </button>
      </div>
      {children}
    </section>
  );
}
