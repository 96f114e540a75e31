// Writing CSV for spreadsheets (issue 24's roster): RFC 4180 quoting, and no cell that a
// spreadsheet would run as a formula (CSV injection, OWASP): a cell that begins with =, +, -, @,
// a tab or a carriage return is prefixed with an apostrophe, which Excel, Numbers and Sheets
// show as text.
//
// Issue 45: Excel in a locale whose list separator is ";" (German, French…) splits a line at
// every ";" (and a tab) whatever the quotes, so "Milan;=cmd|…" would give it a cell "=cmd|…". A
// cell that holds a ";", a tab, a comma or a line break is quoted, and every part a spreadsheet
// could split off there begins defused too: after such a separator (and any spaces or quotes), a
// leading =, +, -, @ gets the same apostrophe ("Milan;'=cmd|…"). An ordinary value reads as it
// was; a phone "+44 …" alone in its cell reads "'+44 …" as before.

const FORMULA_START = /^[=+\-@\t\r]/;
/** A part a spreadsheet could split off (at ; , a tab or a line break) that would begin a formula. */
const SPLIT_OFF_FORMULA = /([;,\t\r\n][\s"]*)(?=[=+\-@])/g;
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** One cell: defused, then quoted when it holds a separator, a quote, a tab or a line break. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  text = text.replace(SPLIT_OFF_FORMULA, "$1'");
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF-terminated as RFC 4180 writes them (Excel and Numbers open it as is). */
export function csvRecord(cells: (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The UTF-8 byte order mark: Excel reads the file as UTF-8 only with it. */
export const CSV_BOM = '\uFEFF';
