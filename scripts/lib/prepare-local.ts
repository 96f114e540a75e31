import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureDevVars, readDevVars } from './dev-vars';
import { seedDemoImages } from './seed-images';
import { buildSeedSql, seedOptionsFromEnv, type SeedOptions } from './seed-sql';
import { enableTwoFactorSql } from './two-factor-sql';
import { d1File, d1Query, persistDir, ROOT, sqlText, wrangler } from './wrangler';

/**
 * Generates the local Worker secrets (.dev.vars) if missing, applies the migrations to the local
 * D1 and seeds it when it holds no user yet.
 */
export async function prepareLocalDatabase(): Promise<SeedOptions> {
  ensureDevVars();
  const state = persistDir();
  console.log('Applying migrations to the local D1…');
  wrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state], { quiet: true });
  const opts = seedOptionsFromEnv();
  const [{ n }] = d1Query<{ n: number }>('SELECT count(*) AS n FROM users');
  if (n === 0) {
    console.log(`Seeding an empty database${opts.demo ? ' with demo content' : ''}…`);
    mkdirSync(path.join(ROOT, '.wrangler/tmp'), { recursive: true });
    const file = path.join(ROOT, '.wrangler/tmp', `seed-${process.pid}.sql`);
    writeFileSync(file, await buildSeedSql(opts));
    try {
      d1File(file);
      if (opts.adminTotpSecret) {
        // Sealed like a secret set up in Settings: with the .dev.vars key, bound to the admin's id.
        const [admin] = d1Query<{ id: number }>(`SELECT id FROM users WHERE email = ${sqlText(opts.adminEmail)}`);
        const twoFactor = await enableTwoFactorSql({
          userId: admin!.id,
          email: opts.adminEmail,
          secret: opts.adminTotpSecret,
          dataEncryptionKey: readDevVars().DATA_ENCRYPTION_KEY!,
          recoveryCodes: false,
        });
        writeFileSync(file, twoFactor.sql);
        d1File(file);
      }
    } finally {
      rmSync(file, { force: true });
    }
    if (opts.demo) seedDemoImages();
  }
  return opts;
}
