// Writing CSV for spreadsheets (issue 24's roster): RFC 4180 quoting, and no cell that a
// spreadsheet would run as a formula (CSV injection, OWASP): a cell that begins with =, +, -, @,
// a tab or a carriage return is prefixed with an apostrophe, which Excel, Numbers and Sheets
// show as text.

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: defused, then quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF-terminated as RFC 4180 writes them (Excel and Numbers open it as is). */
export function csvRecord(cells: (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The UTF-8 byte order mark: Excel reads the file as UTF-8 only with it. */
export const CSV_BOM = '\uFEFF';
