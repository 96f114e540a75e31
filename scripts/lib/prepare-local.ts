import { ensureDevVars } from './dev-vars';
import { seedIfEmpty } from './seed';
import { seedOptionsFromEnv, type SeedOptions } from './seed/options';
import { persistDir, wrangler } from './wrangler';

/**
 * Generates the local Worker secrets (.dev.vars) if missing, applies the migrations to the local
 * D1 and seeds it when it holds no member yet. `appOrigin`: where the server will answer (the
 * seeded emails link there).
 */
export async function prepareLocalDatabase(opts: { appOrigin?: string } = {}): Promise<SeedOptions> {
  ensureDevVars();
  console.log('Applying migrations to the local D1…');
  wrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistDir()], { quiet: true });
  const seedOpts = { ...seedOptionsFromEnv(), ...opts };
  await seedIfEmpty(seedOpts);
  return seedOpts;
}
