import path from 'node:path';
import { ensureDevVars } from './dev-vars';
import { seedOptionsFromEnv, type SeedOptions } from './seed/options';
import { persistDir, ROOT, runAsync } from './wrangler';

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
  await runAsync(
    path.join(ROOT, 'node_modules/.bin/wrangler'),
    ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistDir()],
    {
      quiet: true,
    },
  );
  const seedOpts = { ...seedOptionsFromEnv(), ...opts };
  await (await seedModule).seedIfEmpty(seedOpts);
  return seedOpts;
}
