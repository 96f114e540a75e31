// What every local database starts with, demo or not: the first admin (as `npm run admin:create`
// makes one: no service creates admins) and the invitation code. Written as those rows are written
// by the command and by createInvitationCode; everything else goes through the services.
import { invitationCodes } from '../../../src/worker/db/schema/membership';
import { users } from '../../../src/worker/db/schema/users';
import { disableTwoFactor } from '../../../src/worker/modules/auth/two-factor';
import { newTotpSecret, totpCode } from '../../../src/worker/modules/auth/totp';
import { hashPassword } from '../../../src/worker/platform/crypto';
import { ensureStarterCircles } from '../../../src/worker/modules/circles/circles';
import { enableTwoFactorSql } from '../two-factor-sql';
import type { Seed } from './context';

/** When the club "began": the admin and the code predate every other row of the demo. */
export const CLUB_FOUNDED_DAYS_AGO = 400;

/**
 * The admin and the code. Returns the admin's TOTP secret: the demo's admin acts (accepts
 * applications, sends mail), which needs 2FA on, so with the demo she has one even when
 * SEED_ADMIN_TOTP_SECRET is empty; seedBootstrapEnd then turns it off again.
 */
export async function seedBootstrap(seed: Seed): Promise<string | null> {
  const { opts, env } = seed;
  const secret = opts.adminTotpSecret ?? (opts.demo ? newTotpSecret() : null);
  const at = seed.when(-CLUB_FOUNDED_DAYS_AGO);
  const { db } = seed.at(at);
  const passwordHash = await hashPassword(opts.adminPassword);
  const [admin] = await db
    .insert(users)
    .values({
      email: opts.adminEmail,
      name: opts.adminName,
      type: 'Founding',
      isAdmin: true,
      passwordHash,
      mustChangePassword: false,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: users.id });
  if (secret) {
    // Sealed as Settings seals a secret: with the local DATA_ENCRYPTION_KEY, bound to the admin's id.
    const twoFactor = await enableTwoFactorSql({
      userId: admin!.id,
      email: opts.adminEmail,
      secret,
      dataEncryptionKey: env.DATA_ENCRYPTION_KEY,
      recoveryCodes: false,
    });
    await env.DB.batch(twoFactor.statements.map((s) => env.DB.prepare(s)));
  }
  // Issue 39: a new club, demo or not, starts with SPEC's seven Gatherings, hosted by its first admin.
  await ensureStarterCircles(seed.at(at), admin!.id);
  await db.insert(invitationCodes).values({
    code: opts.inviteCode,
    note: 'Seeded code',
    expiresAt: null,
    maxUses: null,
    createdBy: admin!.id,
    createdAt: at,
  });
  return secret;
}

/** With SEED_ADMIN_TOTP_SECRET empty, the admin turns 2FA off once the demo is made: she starts without it, as asked. */
export async function seedBootstrapEnd(seed: Seed, secret: string | null): Promise<void> {
  if (seed.opts.adminTotpSecret || !secret) return;
  const deps = seed.at(seed.now);
  const code = await totpCode(secret, seed.now);
  await disableTwoFactor(deps, await seed.member(seed.opts.adminEmail), { password: seed.opts.adminPassword, code });
}
