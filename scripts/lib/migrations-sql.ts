// The migrations as one SQL text (what `wrangler d1 migrations apply` runs, without a workerd per file).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, sqlText } from './wrangler';

/** This checkout's migrations, in order. */
export function codeMigrations(): string[] {
  return readdirSync(path.join(ROOT, 'migrations'))
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/**
 * `migrations` (a backup's schema, this checkout's files of those names) as the SQL `wrangler d1
 * migrations apply` runs: its d1_migrations table, then each file followed by the row that records
 * it. Locally that command starts a new workerd for every file (about 1.5 s each, a minute for the
 * whole schema on a busy machine), so a local restore runs this text in one `d1 execute` instead.
 */
export function migrationsSql(migrations: string[]): string {
  const parts = [
    `CREATE TABLE IF NOT EXISTS "d1_migrations"(\n\t\tid         INTEGER PRIMARY KEY AUTOINCREMENT,\n\t\tname       TEXT UNIQUE,\n\t\tapplied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL\n);`,
  ];
  for (const name of migrations) {
    parts.push(
      `${readFileSync(path.join(ROOT, 'migrations', name), 'utf8')}\nINSERT INTO "d1_migrations" (name)\nvalues (${sqlText(name)});`,
    );
  }
  return `${parts.join('\n')}\n`;
}
