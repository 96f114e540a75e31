import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { PAGE_SIZE } from '../../src/shared/schemas/page';
import { encodeCursor } from '../../src/worker/platform/keyset';
import { ORIGIN, request, type TestUser } from './helpers';
import { nextLink } from './query-plan';

// What every paged REST list of issue 13 promises, checked the same way for each: pages followed
// through Link rel="next" in one D1 round trip each, the page size's bounds, refused cursors,
// and how many rows a page's statement reads.

/**
 * Follows a REST list's Link rel="next" from `first` to the end. Every page answers 200 with one
 * D1 round trip in Server-Timing; a page with a Link is full, the last one has none. `between`
 * runs after each page (to add rows while the walk is under way).
 */
export async function walkLinks<T>(
  as: TestUser,
  first: string,
  opts: { items?: (body: unknown) => T[]; between?: (page: number) => Promise<void> } = {},
): Promise<{ items: T[]; sizes: number[] }> {
  const size = Number(new URL(first, ORIGIN).searchParams.get('limit') ?? PAGE_SIZE);
  const items: T[] = [];
  const sizes: number[] = [];
  let path: string | null = first;
  for (let page = 0; path; page++) {
    if (page > 200) throw new Error('the pages never end');
    const res = await request(path, { as });
    expect(res.status, path).toBe(200);
    expect(res.headers.get('Server-Timing')).toContain('d1;desc="D1 round trips: 1"');
    const body = await res.json();
    const got = opts.items ? opts.items(body) : (body as T[]);
    items.push(...got);
    sizes.push(got.length);
    path = nextLink(res);
    if (path) expect(got.length, 'a page with a next one is full').toBe(size);
    await opts.between?.(page);
  }
  return { items, sizes };
}

/**
 * A list takes 1 to 100 rows a page and refuses anything else, and refuses a cursor that is not
 * one of its own (malformed, of another shape, too long) with 400 'Invalid cursor.'.
 */
export async function expectPageInputChecked(as: TestUser, path: string, foreignCursors: string[]) {
  const sep = path.includes('?') ? '&' : '?';
  for (const limit of ['0', '101', 'ten', '1.5', '-3']) {
    const res = await request(`${path}${sep}limit=${limit}`, { as });
    expect(res.status, `limit=${limit}`).toBe(400);
    expect((await res.json<{ error: string }>()).error).toMatch(/page size/);
  }
  for (const limit of ['1', '100']) expect((await request(`${path}${sep}limit=${limit}`, { as })).status).toBe(200);
  for (const cursor of ['nonsense', '%25%25', 'x'.repeat(600), encodeCursor([]), encodeCursor([{ a: 1 } as never]), ...foreignCursors]) {
    const res = await request(`${path}${sep}cursor=${cursor}`, { as });
    expect(res.status, `cursor=${cursor}`).toBe(400);
    expect((await res.json<{ error: string }>()).error).toMatch(/Invalid cursor\./);
  }
}

/** How many rows a statement reads (D1's rows_read), run with its own SQL and parameters. */
export async function rowsRead(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<number> {
  const { sql, params } = query.toSQL();
  const { meta } = await env.DB.prepare(sql)
    .bind(...params)
    .all();
  return meta.rows_read;
}

/** Newest first: each key is before the previous one in [time, id] descending order. */
export function expectNewestFirst(keys: [number, number][]) {
  for (let i = 1; i < keys.length; i++) {
    const [a, b] = [keys[i - 1]!, keys[i]!];
    expect(a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]), `${a} then ${b}`).toBe(true);
  }
}

/**
 * A REST list's answer (a bare array, issue 47) as the page tRPC answers: its items, and the
 * cursor its Link rel="next" carries (null on the last page).
 */
export async function restPageOf<T>(res: Response): Promise<{ items: T[]; nextCursor: string | null }> {
  const items = await res.json<T[]>();
  expect(Array.isArray(items), 'a REST list answers a bare array').toBe(true);
  const next = nextLink(res);
  return { items, nextCursor: next ? new URL(next, ORIGIN).searchParams.get('cursor') : null };
}
