import type { Cell, DataTable as Table } from '../../../../shared/insights-tables';
import { i18n } from '../locales/i18n';

const show = (cell: Cell) => (cell === null ? '–' : typeof cell === 'number' ? i18n.number(cell, { maximumFractionDigits: 1 }) : cell);

/** A chart's figures as a table (the same rows as the panel's CSV), scrolling inside its card on a phone. */
export function DataTable({ table, captionHidden = false }: { table: Table; captionHidden?: boolean }) {
  return (
    <div className="table-wrap insights-table" tabIndex={0} role="region" aria-label={table.title}>
      <table>
        <caption className={captionHidden ? 'visually-hidden' : undefined}>{table.title}</caption>
        <thead>
          <tr>
            {table.columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.length === 0 ? (
            <tr>
              <td colSpan={table.columns.length}>{i18n.t('Nothing in this period.')}</td>
            </tr>
          ) : (
            table.rows.map((row, i) => (
              <tr key={i}>
                {row.map((cell, j) => (
                  <td key={j} className={typeof cell === 'number' ? 'num' : undefined}>
                    {show(cell)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
