import { env } from 'cloudflare:workers';
import { expect } from 'vitest';

/** The EXPLAIN QUERY PLAN lines of a Drizzle query, run on the test D1 with its own SQL and parameters. */
export async function planOf(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql, params } = query.toSQL();
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((r) => r.detail).join('\n');
}

/**
 * A paged read served by its indexes: each `uses` pattern is in the plan, no table is read whole
 * (a SCAN without an index; json_each, a row's own tags, and the constant row of a
 * select of counts are no table) and no temporary B-tree
 * sorts the rows (the index gives the order).
 */
export function expectIndexed(plan: string, uses: RegExp[]): void {
  for (const pattern of uses) expect(plan).toMatch(pattern);
  expect(plan).not.toMatch(/\bSCAN (?!json_each\b|CONSTANT ROW\b)\w+\b(?! USING)/);
  expect(plan).not.toMatch(/USE TEMP B-TREE/);
}

/** The path of a response's Link rel="next", or null on the last page. */
export function nextLink(res: Response): string | null {
  return /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('Link') ?? '')?.[1] ?? null;
}
