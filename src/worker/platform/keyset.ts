import { PAGE_SIZE } from '../../shared/schemas/page';
import { AppError } from './app-error';

/**
 * Keyset pagination. A cursor carries the sort key of a page's last row (e.g. [startsAt, id]);
 * the next page is the rows strictly after it in the list's order, read through the index of
 * that order, so a page costs one statement however deep it is and inserted rows never shift it.
 * The cursor is base64url JSON: opaque to clients, and checked here before it reaches SQL.
 */
export type CursorKey = (string | number)[];

const te = new TextEncoder();
const td = new TextDecoder();

function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

export function encodeCursor(key: CursorKey): string {
  return toBase64Url(te.encode(JSON.stringify(key)));
}

/**
 * The sort key of a cursor, shaped as `shape` says ('n' a finite number, 's' a string), or a 400
 * 'Invalid cursor.' for anything else (a cursor of another list, a hand-made one).
 */
export function decodeCursor(cursor: string | undefined, shape: readonly ('n' | 's')[]): CursorKey | undefined {
  if (cursor === undefined) return undefined;
  let key: unknown;
  try {
    key = JSON.parse(td.decode(fromBase64Url(cursor)));
  } catch {
    throw new AppError('BAD_REQUEST', /*i18n*/ 'Invalid cursor.');
  }
  const fits =
    Array.isArray(key) &&
    key.length === shape.length &&
    key.every((v, i) => (shape[i] === 'n' ? typeof v === 'number' && Number.isFinite(v) : typeof v === 'string' && v.length <= 256));
  if (!fits) throw new AppError('BAD_REQUEST', /*i18n*/ 'Invalid cursor.');
  return key as CursorKey;
}

export function pageSize(limit: number | undefined): number {
  return limit ?? PAGE_SIZE;
}

/**
 * Cuts the rows of a query that asked for `size + 1` rows into a page: the extra row only says
 * there is a next page, whose cursor is the key of the page's last row.
 */
export function toPage<Row, Item = Row>(
  rows: Row[],
  size: number,
  keyOf: (row: Row) => CursorKey,
  view: (row: Row) => Item = (row) => row as unknown as Item,
): { items: Item[]; nextCursor: string | null } {
  const more = rows.length > size;
  const kept = more ? rows.slice(0, size) : rows;
  return { items: kept.map(view), nextCursor: more ? encodeCursor(keyOf(kept[kept.length - 1]!)) : null };
}
