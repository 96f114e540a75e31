import { drizzle } from 'drizzle-orm/d1';

/**
 * Drizzle over the D1 binding, or over a D1 session of it (read replication, ADR 0012). Drizzle
 * only prepares and batches statements, which a session does as the binding does; its types
 * just do not name sessions yet.
 */
export function createDb(d1: D1Database | D1DatabaseSession) {
  return drizzle(d1 as D1Database);
}
export type Db = ReturnType<typeof createDb>;
