import { eq } from 'drizzle-orm';
import type { Reauthentication } from '../../../shared/schemas/passkeys';
import { sessions, users } from '../../db/schema/users';
import type { MemberActor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import { verifyPassword } from '../../platform/crypto';
import type { Deps } from '../../platform/deps';
import { enforceRateLimit } from '../../platform/rate-limit';
import { useFreshTotpCode } from './two-factor';

/*
 * "Is it really her?" before a change that a stolen session must not make (issue 45): adding or
 * removing a passkey. A session cookie alone is not enough; she proves it with her password, a
 * current code of her authenticator app (2FA on), or a passkey sign-in of this very session within
 * the last five minutes. Passwords and codes are counted as sign-ins are (LOGIN_ACCOUNT_LIMITER),
 * on a key of their own per member, so checks made from her session neither use up nor share the
 * budget of her sign-ins.
 */

/** How recent a passkey sign-in of this session stands in for her password. */
export const RECENT_PASSKEY_MS = 5 * 60 * 1000;

export const WRONG_PASSWORD = /*i18n*/ 'The password is not correct.';
const WRONG_CODE = /*i18n*/ 'That code is not right. Enter the 6-digit code your authenticator app shows now.';
export const CONFIRM_IT_IS_YOU = /*i18n*/ 'Please confirm it is you: enter your password.';

const refused = (field: 'password' | 'code', message: string) =>
  new AppError('FORBIDDEN', message, { fieldErrors: { [field]: [message] } });

/**
 * Checks the proof and answers how she gave it; 403 naming the field (`password`, or `code`) when
 * it is wrong or missing.
 */
export async function confirmItIsHer(deps: Deps, me: MemberActor, proof: Reauthentication): Promise<'password' | 'totp' | 'passkey'> {
  const counted = () => enforceRateLimit(deps.env, 'LOGIN_ACCOUNT_LIMITER', `reauthentication:${me.id}`);
  if (proof.password) {
    await counted();
    const [row] = await deps.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, me.id)).limit(1);
    if (!row || !(await verifyPassword(proof.password, row.passwordHash))) throw refused('password', WRONG_PASSWORD);
    return 'password';
  }
  if (proof.code) {
    await counted();
    if (!(await useFreshTotpCode(deps, me.id, proof.code))) throw refused('code', WRONG_CODE);
    return 'totp';
  }
  const [session] = await deps.db
    .select({ passkey: sessions.passkey, createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, me.sessionId))
    .limit(1);
  if (session?.passkey === 'signed_in' && session.createdAt > deps.now() - RECENT_PASSKEY_MS) return 'passkey';
  throw refused('password', CONFIRM_IT_IS_YOU);
}
