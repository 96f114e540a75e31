import { sql, type SQL } from 'drizzle-orm';

/**
 * `column LIKE '%needle%'`, the needle's %, _ and \ matched as themselves. SQLite's LIKE ignores
 * the case of ASCII letters. A pattern that starts with % cannot seek an index: the query walks
 * its index in the list's order and tests each row, so pair it with a LIMIT.
 */
export function containsText(column: SQL, needle: string): SQL {
  return sql`${column} LIKE ${`%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} ESCAPE '\\'`;
}
