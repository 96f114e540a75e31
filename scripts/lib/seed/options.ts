import { parseTotpSecret } from '../../../src/worker/modules/auth/totp';

export const SEED_DEFAULTS = {
  adminEmail: 'admin@club.example',
  adminPassword: 'club-admin-2026',
  adminName: 'Margaret Ellison',
  inviteCode: 'WELCOME-2026',
  demoPassword: 'club-member-2026',
  /**
   * The demo admin's TOTP secret (base32), documented in README so anyone running the demo can
   * sign in: an authenticator app, or `npx tsx scripts/totp.ts`, gives the code. Never for a real club.
   */
  adminTotpSecret: 'OWOWCLUBDEMOADMINTOTPSECRET2FA23',
};

export interface SeedOptions {
  adminEmail: string;
  adminPassword: string;
  adminName: string;
  inviteCode: string;
  demo: boolean;
  demoPassword: string;
  /** The seeded admin starts with 2FA on with this secret (base32); null: off (Settings sets it up). */
  adminTotpSecret: string | null;
  /** The origin the local server answers on: the links in the seeded emails point there. */
  appOrigin?: string;
}

/**
 * SEED_ADMIN_TOTP_SECRET when set (empty: no 2FA), else the documented demo secret when the demo
 * content is seeded, else none.
 */
function adminTotpSecretFromEnv(env: NodeJS.ProcessEnv, demo: boolean): string | null {
  const given = env.SEED_ADMIN_TOTP_SECRET;
  if (given === undefined) return demo ? SEED_DEFAULTS.adminTotpSecret : null;
  if (!given.trim()) return null;
  const secret = parseTotpSecret(given);
  if (!secret) throw new Error('SEED_ADMIN_TOTP_SECRET must be base32 (A-Z, 2-7) of at least 16 characters.');
  return secret;
}

export function seedOptionsFromEnv(env = process.env): SeedOptions {
  const demo = env.SEED_DEMO !== '0';
  return {
    adminEmail: (env.SEED_ADMIN_EMAIL ?? SEED_DEFAULTS.adminEmail).trim().toLowerCase(),
    adminPassword: env.SEED_ADMIN_PASSWORD ?? SEED_DEFAULTS.adminPassword,
    adminName: env.SEED_ADMIN_NAME ?? SEED_DEFAULTS.adminName,
    inviteCode: env.SEED_INVITE_CODE ?? SEED_DEFAULTS.inviteCode,
    demo,
    demoPassword: env.SEED_DEMO_PASSWORD ?? SEED_DEFAULTS.demoPassword,
    adminTotpSecret: adminTotpSecretFromEnv(env, demo),
  };
}
