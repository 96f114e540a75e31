import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';

/**
 * "table"."column", always qualified. Drizzle writes a column bare in the selected fields of a
 * one-table query, and a bare name inside a correlated subquery may bind to the subquery's own
 * table instead of the outer row: conditions shared between queries (policies) use this instead.
 */
export function columnRef(column: AnySQLiteColumn, tableAlias?: string): SQL {
  return sql`${sql.identifier(tableAlias ?? getTableName(column.table))}.${sql.identifier(column.name)}`;
}
