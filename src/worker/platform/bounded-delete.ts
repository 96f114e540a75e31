import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Deps } from './deps';

/** How much one housekeeping run may delete of one kind: rows per statement, statements per run. */
export interface BatchBounds {
  rows: number;
  statements: number;
}

/**
 * 500 rows a statement keeps each one short (D1 runs one statement at a time, and members wait
 * behind it); 4 statements a run drain 2,000 rows every 10 minutes, far more than a club makes,
 * so a pile-up (a first run, a cron that was off) is gone within a few runs.
 */
export const HOUSEKEEPING_BOUNDS: BatchBounds = { rows: 500, statements: 4 };

/**
 * One bounded statement: `DELETE ... WHERE rowid IN (SELECT rowid ... WHERE <where> LIMIT n)`.
 * SQLite takes DELETE ... LIMIT only when built with SQLITE_ENABLE_UPDATE_DELETE_LIMIT, which D1
 * does not promise, hence the subquery. `where` should be served by an index, so a run reads the
 * rows it deletes and not the table.
 */
export function boundedDeleteQuery(deps: Deps, table: SQLiteTable, where: SQL | undefined, rows: number) {
  return deps.db.delete(table).where(sql`rowid IN (SELECT rowid FROM ${table} WHERE ${where} LIMIT ${rows})`);
}

/**
 * Deletes the rows of `table` matching `where`, `bounds.rows` at a time, until a statement deletes
 * fewer (nothing left) or `bounds.statements` ran; what remains waits for the next run. Answers
 * how many rows went.
 */
export async function deleteInBatches(deps: Deps, table: SQLiteTable, where: SQL | undefined, bounds: BatchBounds): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < bounds.statements; i++) {
    const { meta } = await boundedDeleteQuery(deps, table, where, bounds.rows).run();
    deleted += meta.changes;
    if (meta.changes < bounds.rows) break;
  }
  return deleted;
}
