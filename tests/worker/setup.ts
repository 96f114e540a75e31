import { applyD1Migrations, env } from 'cloudflare:test';
import { drawDefaultIp } from './helpers';

// Runs before each test file. Vitest reuses a workerd runtime (and so its D1, R2 and rate limiters)
// for many files one after another (isolate: false in vitest.config.ts, minutes faster than a
// runtime per file), so each file starts from empty tables and objects, as it would alone.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

const { results: all } = await env.DB.prepare(
  "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations'",
).all<{ name: string; sql: string | null }>();
// A full-text index (FTS5: the members' search) is emptied through its virtual table; its shadow
// tables (<name>_data, _idx, _config, …) belong to it and must not be touched.
const virtual = all.filter((t) => t.sql?.startsWith('CREATE VIRTUAL TABLE')).map((t) => t.name);
const tables = all.filter((t) => !virtual.some((v) => t.name.startsWith(`${v}_`)));
// AUTOINCREMENT counters keep counting, so ids (and the rate-limit keys made of them) never repeat.
await env.DB.batch([
  env.DB.prepare('PRAGMA defer_foreign_keys = ON'),
  ...tables.map(({ name }) => env.DB.prepare(`DELETE FROM "${name}"`)),
]);

for (let cursor: string | undefined; ;) {
  const listed = await env.IMAGES.list({ cursor });
  if (listed.objects.length) await env.IMAGES.delete(listed.objects.map((o) => o.key));
  if (!listed.truncated) break;
  cursor = listed.cursor;
}

drawDefaultIp();
