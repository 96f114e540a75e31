import { CSV_BOM, csvRecord } from '../../../shared/csv';
import { PANEL_TITLES, panelTables, periodLabel } from '../../../shared/insights-tables';
import type { Insights, InsightsPanel, InsightsPeriod } from '../../../shared/schemas/insights';

/**
 * A panel as CSV for Excel and Numbers (the roster's writer: a BOM, CRLF, no cell that runs as a
 * formula): a heading naming the period, then each of the panel's tables under its title, a blank
 * line between them. The same tables as the page's "Show as table".
 */
export function insightsCsv<K extends InsightsPanel>(panel: K, data: Insights[K], period: InsightsPeriod): string {
  const lines = [
    csvRecord([`${PANEL_TITLES[panel]}: ${periodLabel(period)} (${period.tz})`]),
    csvRecord([`Previous period: ${periodLabel(period.previous)}`]),
  ];
  for (const table of panelTables(panel, data, period)) {
    lines.push('\r\n', csvRecord([table.title]), csvRecord(table.columns), ...table.rows.map((row) => csvRecord(row)));
  }
  return CSV_BOM + lines.join('');
}
