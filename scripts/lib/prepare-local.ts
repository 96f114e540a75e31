import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureDevVars } from './dev-vars';
import { codeMigrations, migrationsSql } from './migrations-sql';
import { seedOptionsFromEnv, type SeedOptions } from './seed/options';
import { persistDir, ROOT, runAsync } from './wrangler';

const WRANGLER = path.join(ROOT, 'node_modules/.bin/wrangler');

/**
 * Generates the local Worker secrets (.dev.vars) if missing, applies the migrations to the local
 * D1 and seeds it when it holds no member yet. `appOrigin`: where the server will answer (the
 * seeded emails link there).
 */
export async function prepareLocalDatabase(opts: { appOrigin?: string } = {}): Promise<SeedOptions> {
  ensureDevVars();
  console.log('Applying migrations to the local D1…');
  // The seed's modules (wrangler's among them: seconds to load) load while wrangler applies the migrations.
  const seedModule = import('./seed');
  await applyLocalMigrations();
  const seedOpts = { ...seedOptionsFromEnv(), ...opts };
  await (await seedModule).seedIfEmpty(seedOpts);
  return seedOpts;
}

/**
 * A state with no D1 yet (a fresh clone, each test run's own state) gets every migration in one
 * `d1 execute` (one workerd; `migrations apply` starts one per file, about a minute for the whole
 * schema on a busy machine), recorded in d1_migrations as `migrations apply` records them; a state
 * that has a database gets what it lacks from `migrations apply`.
 */
async function applyLocalMigrations(): Promise<void> {
  const local = ['--local', '--persist-to', persistDir()];
  if (existsSync(path.join(persistDir(), 'v3', 'd1'))) {
    await runAsync(WRANGLER, ['d1', 'migrations', 'apply', 'DB', ...local], { quiet: true });
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'owow-schema-'));
  try {
    const file = path.join(dir, 'schema.sql');
    writeFileSync(file, migrationsSql(codeMigrations()));
    await runAsync(WRANGLER, ['d1', 'execute', 'DB', ...local, '--file', file], { quiet: true });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
