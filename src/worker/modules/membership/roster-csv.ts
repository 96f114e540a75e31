import { CsvError, parse } from 'csv-parse/sync';
import {
  ROSTER_IMPORT_COLUMNS,
  ROSTER_LIMITS_MESSAGE,
  ROSTER_MAX_COLUMNS,
  ROSTER_MAX_ROWS,
  type RosterImportColumn,
} from '../../../shared/schemas/roster-import';
import { AppError } from '../../platform/app-error';
import { columnKey } from './roster-values';

/*
 * Reading a roster file (issue 24) with csv-parse, a maintained RFC 4180 parser: its sync API is
 * plain JavaScript over a Buffer (workerd's nodejs_compat has one), so it runs in the Worker as it
 * does in Node; it strips a BOM, takes a chosen delimiter, keeps quoted commas, quotes and line
 * breaks, and reports each record's byte offset, from which the file's line numbers are counted
 * here (its own line count is off after a quoted CRLF). papaparse would do as well; csv-parse
 * was chosen for the offsets and for stopping after a given number of records (the 5,000 limit is
 * enforced without parsing the rest of a file that is too long).
 */

export interface RosterCsvRow {
  /** The line of the file the row starts on (the header is line 1). */
  line: number;
  cells: Partial<Record<RosterImportColumn, string>>;
}

export interface RosterCsv {
  rows: RosterCsvRow[];
  /** Header names the import does not read, as written in the file. */
  unknownColumns: string[];
}

const CR = 0x0d;
const LF = 0x0a;

/**
 * The header line's separator, comma or semicolon (whichever it has more of outside quotes, a
 * comma when neither), and so its number of columns: read before any row is parsed.
 */
function readHeaderLine(text: string): { delimiter: ',' | ';'; columns: number } {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? { delimiter: ';', columns: semicolons + 1 } : { delimiter: ',', columns: commas + 1 };
}

/** Line numbers of byte offsets: counts CRLF, LF and a lone CR as one break each, walking forward once. */
function lineCounter(bytes: Uint8Array) {
  let at = 0;
  let line = 1;
  return (offset: number): number => {
    for (; at < offset; at++) {
      if (bytes[at] === LF || (bytes[at] === CR && bytes[at + 1] !== LF)) line++;
    }
    return line;
  };
}

/** Skips the empty lines between records: the offset where the record's own text begins. */
function skipBreaks(bytes: Uint8Array, from: number): number {
  let i = from;
  while (i < bytes.length && (bytes[i] === CR || bytes[i] === LF)) i++;
  return i;
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('BAD_REQUEST', /*i18n*/ 'The file must be a CSV saved as UTF-8 text.');
  }
}

const KNOWN: ReadonlySet<string> = new Set(ROSTER_IMPORT_COLUMNS);

/**
 * The rows of a roster CSV with the columns the import reads. 413 with the limits past 5,000
 * rows; 400 with the reason for a file that is not CSV, lacks the email or name column, or has
 * more than 50 columns (counted on the header line before anything is parsed).
 */
export function readRosterCsv(bytes: Uint8Array): RosterCsv {
  const text = decodeUtf8(bytes);
  const { delimiter, columns: headerColumns } = readHeaderLine(text.replace(/^\uFEFF/, ''));
  if (headerColumns > ROSTER_MAX_COLUMNS) {
    throw new AppError(
      'BAD_REQUEST',
      `A roster file may have at most ${ROSTER_MAX_COLUMNS} columns; this one has ${headerColumns.toLocaleString('en-US')}.`,
    );
  }
  let records: { record: string[]; info: { bytes: number } }[];
  try {
    records = parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      bom: true,
      delimiter,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // The header and one row past the limit are enough to know a file is too long.
      to: ROSTER_MAX_ROWS + 2,
    }) as unknown as { record: string[]; info: { bytes: number } }[];
  } catch (err) {
    if (err instanceof CsvError) {
      const lines = (err as unknown as { lines?: number }).lines;
      const where = typeof lines === 'number' ? ` (near line ${lines})` : '';
      const reason = err.code === 'CSV_QUOTE_NOT_CLOSED' ? 'a quoted field is never closed' : 'it is not valid CSV';
      throw new AppError('BAD_REQUEST', `The file could not be read: ${reason}${where}.`);
    }
    throw err;
  }
  const [header, ...body] = records;
  if (!header) throw new AppError('BAD_REQUEST', /*i18n*/ 'The file is empty: it needs a header row and one row per member.');
  if (body.length > ROSTER_MAX_ROWS) throw new AppError('PAYLOAD_TOO_LARGE', ROSTER_LIMITS_MESSAGE);

  // 'Member Since', 'member-since' and 'MEMBER_SINCE' are all member_since (issue 46).
  const names = header.record.map(columnKey);
  const columns = new Map<RosterImportColumn, number>();
  const unknownColumns: string[] = [];
  names.forEach((name, i) => {
    if (KNOWN.has(name)) {
      if (!columns.has(name as RosterImportColumn)) columns.set(name as RosterImportColumn, i);
    } else if (name) unknownColumns.push(header.record[i]!.trim());
  });
  if (!columns.has('email') || !columns.has('name')) {
    throw new AppError('BAD_REQUEST', /*i18n*/ 'The file needs a header row with an email and a name column.');
  }

  const lineAt = lineCounter(bytes);
  let previousEnd = header.info.bytes;
  const rows: RosterCsvRow[] = [];
  for (const { record, info } of body) {
    const line = lineAt(skipBreaks(bytes, previousEnd));
    previousEnd = info.bytes;
    // A row of empty cells (a spreadsheet's trailing ";;;") is no member.
    if (record.every((cell) => cell.trim() === '')) continue;
    const cells: RosterCsvRow['cells'] = {};
    for (const [column, index] of columns) cells[column] = record[index] ?? '';
    rows.push({ line, cells });
  }
  return { rows, unknownColumns };
}
