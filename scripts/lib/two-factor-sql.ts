import { CLUB_NAME } from '../../src/shared/constants';
import { newRecoveryCodes, normaliseRecoveryCode, recoveryCodeHash } from '../../src/worker/modules/auth/recovery-codes';
import { otpauthUri } from '../../src/worker/modules/auth/totp';
import { sealTotpSecret } from '../../src/worker/modules/auth/two-factor';
import { sqlText } from './wrangler';

/**
 * SQL that turns 2FA on for a member with a given secret, stored exactly as the Settings flow
 * stores it (sealed under DATA_ENCRYPTION_KEY, bound to the member's id), replacing any recovery
 * codes and pending sign-ins. With `recoveryCodes`, ten new ones are made and answered once.
 */
export async function enableTwoFactorSql(opts: {
  userId: number;
  email: string;
  secret: string;
  dataEncryptionKey: string;
  recoveryCodes: boolean;
}): Promise<{ sql: string; statements: string[]; otpauthUri: string; recoveryCodes: string[] }> {
  const now = Date.now();
  const sealed = await sealTotpSecret({ DATA_ENCRYPTION_KEY: opts.dataEncryptionKey }, opts.userId, opts.secret);
  const codes = opts.recoveryCodes ? newRecoveryCodes() : [];
  const lines = [
    `UPDATE users SET totp_secret = ${sqlText(sealed)}, totp_enabled_at = ${now}, totp_last_step = NULL, updated_at = ${now} WHERE id = ${opts.userId};`,
    `DELETE FROM two_factor_recovery_codes WHERE user_id = ${opts.userId};`,
    `DELETE FROM two_factor_challenges WHERE user_id = ${opts.userId};`,
  ];
  for (const code of codes) {
    const hash = await recoveryCodeHash(opts.userId, normaliseRecoveryCode(code)!);
    lines.push(
      `INSERT INTO two_factor_recovery_codes (user_id, code_hash, used_at, created_at) VALUES (${opts.userId}, '${hash}', NULL, ${now});`,
    );
  }
  return { sql: lines.join('\n'), statements: lines, otpauthUri: otpauthUri(opts.secret, opts.email, CLUB_NAME), recoveryCodes: codes };
}
