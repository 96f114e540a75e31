import { and, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { CLUB_NAME } from '../../../shared/constants';
import type {
  TwoFactorCodeInput,
  TwoFactorDisableInput,
  TwoFactorEnabled,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../../../shared/schemas/auth';
import { recoveryCodes, twoFactorChallenges } from '../../db/schema/two-factor';
import { users, type User } from '../../db/schema/users';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import { auditEntry } from '../../platform/audit';
import { randomToken, sha256Hex, verifyPassword } from '../../platform/crypto';
import { open, seal } from '../../platform/data-encryption';
import type { Deps } from '../../platform/deps';
import type { Env } from '../../platform/env';
import { requireMember, requireSession } from '../../platform/guards';
import { enforceRateLimit } from '../../platform/rate-limit';
import type { RequestMeta } from '../../platform/request-actor';
import { newRecoveryCodes, normaliseRecoveryCode, recoveryCodeHash } from './recovery-codes';
import { refuseAdminWithUnusedPasskey } from './sessions';
import { matchTotp, newTotpSecret, normaliseTotpInput, otpauthUri } from './totp';

// DECISIONS "Privacy and trust": TOTP (RFC 6238) as a second factor any member may turn on and
// every admin must; ten single-use recovery codes. The REST contract is issue 11's.

/** How long the pending sign-in (the cookie and its row) lasts between the password and the code. */
export const TWO_FACTOR_CHALLENGE_SECONDS = 5 * 60;
/** Wrong codes one pending sign-in may take before the password must be entered again. */
export const TWO_FACTOR_MAX_ATTEMPTS = 5;

const WRONG_CODE =
  /*i18n*/ 'That code is not right. Enter the current 6-digit code from your authenticator app, or an unused recovery code.';
const WRONG_SETUP_CODE = /*i18n*/ 'That code is not right. Enter the 6-digit code your authenticator app shows now.';
const EXPIRED = /*i18n*/ 'Your sign-in has expired. Please enter your email and password again.';
const TOO_MANY_WRONG_CODES = /*i18n*/ 'Too many wrong codes. Your sign-in has expired. Please enter your email and password again.';

/** The sealed secret opens only as this member's (the context is AES-GCM's additional data). */
const secretContext = (userId: number) => `totp-secret:user:${userId}`;

/** The secret as D1 keeps it; scripts (seed, admin:create) seal with the same key from .dev.vars. */
export function sealTotpSecret(env: Pick<Env, 'DATA_ENCRYPTION_KEY'>, userId: number, secret: string): Promise<string> {
  return seal(env, secretContext(userId), secret);
}

function openTotpSecret(deps: Deps, userId: number, sealed: string): Promise<string> {
  return open(deps.env, secretContext(userId), sealed);
}

const codeError = (message: string) => new AppError('BAD_REQUEST', message, { fieldErrors: { code: [message] } });

type SecondFactorUser = Pick<User, 'id' | 'totpSecret' | 'totpEnabledAt' | 'totpLastStep'>;

/**
 * Accepts a TOTP code once: the step is recorded with a conditional UPDATE, so the same code (or
 * an older one) is refused afterwards, also when two requests carry it at once.
 */
async function useTotpCode(deps: Deps, user: SecondFactorUser, code: string): Promise<boolean> {
  const digits = normaliseTotpInput(code);
  if (!digits || !user.totpSecret || user.totpEnabledAt === null) return false;
  const step = await matchTotp(await openTotpSecret(deps, user.id, user.totpSecret), digits, deps.now(), user.totpLastStep);
  if (step === null) return false;
  const [row] = await deps.db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), isNotNull(users.totpEnabledAt), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return Boolean(row);
}

/** Uses up an unused recovery code with one conditional UPDATE (of two concurrent uses, one wins). */
async function useRecoveryCode(deps: Deps, userId: number, code: string): Promise<boolean> {
  const normalised = normaliseRecoveryCode(code);
  if (!normalised) return false;
  const [row] = await deps.db
    .update(recoveryCodes)
    .set({ usedAt: deps.now() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, await recoveryCodeHash(userId, normalised)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return Boolean(row);
}

/**
 * A TOTP code, else an unused recovery code: which one was used, or null for a wrong code. Also
 * the code check of deleting one's account (account/delete-account.ts).
 */
export async function useSecondFactor(deps: Deps, user: SecondFactorUser, code: string): Promise<'totp' | 'recovery_code' | null> {
  if (normaliseTotpInput(code)) return (await useTotpCode(deps, user, code)) ? 'totp' : null;
  return (await useRecoveryCode(deps, user.id, code)) ? 'recovery_code' : null;
}

async function secondFactorUser(deps: Deps, userId: number): Promise<SecondFactorUser> {
  const [row] = await deps.db
    .select({ id: users.id, totpSecret: users.totpSecret, totpEnabledAt: users.totpEnabledAt, totpLastStep: users.totpLastStep })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new AppError('UNAUTHORIZED', /*i18n*/ 'Please log in.');
  return row;
}

/**
 * A current TOTP code of hers, used up (recovery codes do not count): the "fresh code" that
 * confirms it is her before adding a passkey (reauthentication.ts). False when 2FA is off.
 */
export async function useFreshTotpCode(deps: Deps, userId: number, code: string): Promise<boolean> {
  return useTotpCode(deps, await secondFactorUser(deps, userId), code);
}

/** The inserts of a fresh set of recovery codes (the old ones are deleted in the same batch). */
async function recoveryCodeRows(deps: Deps, userId: number) {
  const codes = newRecoveryCodes();
  const now = deps.now();
  const rows = await Promise.all(
    codes.map(async (code) => ({ userId, codeHash: await recoveryCodeHash(userId, normaliseRecoveryCode(code)!), createdAt: now })),
  );
  return { codes, insert: deps.db.insert(recoveryCodes).values(rows) };
}

export function twoFactorStatus(actor: Actor): TwoFactorStatus {
  return { enabled: requireSession(actor).twoFactorEnabled };
}

/**
 * Draws a new secret and keeps it, sealed, until a first code proves the app has it. While 2FA
 * is on this is refused: the active secret is never replaced without turning 2FA off first.
 */
export async function setupTwoFactor(deps: Deps, actor: Actor): Promise<TwoFactorSetup> {
  const me = requireMember(actor);
  await enforceRateLimit(deps.env, 'MEMBER_WRITE_LIMITER', `member:${me.id}`);
  await refuseAdminWithUnusedPasskey(deps, me);
  const secret = newTotpSecret();
  const sealed = await sealTotpSecret(deps.env, me.id, secret);
  const [row] = await deps.db
    .update(users)
    .set({ totpSecret: sealed, totpLastStep: null, updatedAt: deps.now() })
    .where(and(eq(users.id, me.id), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  if (!row) throw new AppError('CONFLICT', /*i18n*/ 'Two-factor sign-in is already on. Turn it off first to set up a new authenticator.');
  return { secret, otpauthUri: otpauthUri(secret, me.email, CLUB_NAME) };
}

/** Turns 2FA on with a code of the set-up secret; answers the ten recovery codes, once. */
export async function enableTwoFactor(deps: Deps, actor: Actor, input: TwoFactorCodeInput): Promise<TwoFactorEnabled> {
  const me = requireMember(actor);
  await enforceRateLimit(deps.env, 'LOGIN_ACCOUNT_LIMITER', `account:${me.email}`);
  const user = await secondFactorUser(deps, me.id);
  if (user.totpEnabledAt !== null) throw new AppError('CONFLICT', /*i18n*/ 'Two-factor sign-in is already on.');
  if (!user.totpSecret) throw new AppError('BAD_REQUEST', /*i18n*/ 'Start the set-up first: a new secret is needed.');
  const digits = normaliseTotpInput(input.code);
  const step = digits ? await matchTotp(await openTotpSecret(deps, me.id, user.totpSecret), digits, deps.now(), null) : null;
  if (step === null) throw codeError(WRONG_SETUP_CODE);
  const now = deps.now();
  // Only the secret this code was checked against, and only if 2FA is still off.
  const [enabled] = await deps.db
    .update(users)
    .set({ totpEnabledAt: now, totpLastStep: step, updatedAt: now })
    .where(and(eq(users.id, me.id), isNull(users.totpEnabledAt), eq(users.totpSecret, user.totpSecret)))
    .returning({ id: users.id });
  if (!enabled) throw new AppError('CONFLICT', /*i18n*/ 'Two-factor sign-in changed meanwhile. Please start the set-up again.');
  const fresh = await recoveryCodeRows(deps, me.id);
  await deps.db.batch([
    deps.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, me.id)),
    fresh.insert,
    auditEntry(deps, me, 'two_factor.enable', { type: 'user', id: me.id }),
  ]);
  return { recoveryCodes: fresh.codes };
}

/** Turns 2FA off: the password and a current code (or a recovery code) are both needed. */
export async function disableTwoFactor(deps: Deps, actor: Actor, input: TwoFactorDisableInput): Promise<TwoFactorStatus> {
  const me = requireMember(actor);
  await enforceRateLimit(deps.env, 'LOGIN_ACCOUNT_LIMITER', `account:${me.email}`);
  const [row] = await deps.db.select().from(users).where(eq(users.id, me.id)).limit(1);
  if (!row) throw new AppError('UNAUTHORIZED', /*i18n*/ 'Please log in.');
  if (row.totpEnabledAt === null) throw new AppError('CONFLICT', /*i18n*/ 'Two-factor sign-in is not on.');
  if (!(await verifyPassword(input.password, row.passwordHash))) {
    throw new AppError('BAD_REQUEST', /*i18n*/ 'The password is not correct.', {
      fieldErrors: { password: [/*i18n*/ 'The password is not correct.'] },
    });
  }
  const method = await useSecondFactor(deps, row, input.code);
  if (!method) throw codeError(WRONG_CODE);
  await deps.db.batch([
    deps.db
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: deps.now() })
      .where(eq(users.id, me.id)),
    deps.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, me.id)),
    deps.db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, me.id)),
    auditEntry(deps, me, 'two_factor.disable', { type: 'user', id: me.id }, { method }),
  ]);
  return { enabled: false };
}

export interface PendingLogin {
  /** The pending cookie's value; only its SHA-256 is stored. */
  token: string;
  maxAgeSeconds: number;
}

/** After a right password for an account with 2FA on: a pending sign-in, no session. */
export async function startTwoFactorLogin(deps: Deps, userId: number): Promise<PendingLogin> {
  const token = randomToken();
  const now = deps.now();
  await deps.db.batch([
    // Old pending sign-ins of this member that ran out go with the new one.
    deps.db.delete(twoFactorChallenges).where(and(eq(twoFactorChallenges.userId, userId), lte(twoFactorChallenges.expiresAt, now))),
    deps.db.insert(twoFactorChallenges).values({
      id: await sha256Hex(token),
      userId,
      expiresAt: now + TWO_FACTOR_CHALLENGE_SECONDS * 1000,
      createdAt: now,
    }),
  ]);
  return { token, maxAgeSeconds: TWO_FACTOR_CHALLENGE_SECONDS };
}

/**
 * The second step of a 2FA login (POST /login/2fa): the pending cookie and a TOTP or unused
 * recovery code. Rate limited per IP and per account like passwords; a pending sign-in also ends
 * after TWO_FACTOR_MAX_ATTEMPTS codes. Answers the member and how she proved it; the caller opens
 * the session (account.loginTwoFactor).
 */
export async function passTwoFactorLogin(
  deps: Deps,
  meta: RequestMeta,
  pendingToken: string | null,
  input: TwoFactorCodeInput,
): Promise<{ user: User; method: 'totp' | 'recovery_code' }> {
  await enforceRateLimit(deps.env, 'LOGIN_IP_LIMITER', `ip:${meta.ip}`);
  if (!pendingToken) throw new AppError('UNAUTHORIZED', EXPIRED);
  const id = await sha256Hex(pendingToken);
  const [found] = await deps.db
    .select({ user: users })
    .from(twoFactorChallenges)
    .innerJoin(users, eq(users.id, twoFactorChallenges.userId))
    .where(and(eq(twoFactorChallenges.id, id), gt(twoFactorChallenges.expiresAt, deps.now())))
    .limit(1);
  if (!found) throw new AppError('UNAUTHORIZED', EXPIRED);
  const { user } = found;
  await enforceRateLimit(deps.env, 'LOGIN_ACCOUNT_LIMITER', `account:${user.email}`);
  // The attempt is counted before the code is checked, by the statement that checks the count:
  // of any number of codes sent at once with one pending sign-in, at most
  // TWO_FACTOR_MAX_ATTEMPTS are ever checked (issue 30).
  const [counted] = await deps.db
    .update(twoFactorChallenges)
    .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
    .where(
      and(
        eq(twoFactorChallenges.id, id),
        gt(twoFactorChallenges.expiresAt, deps.now()),
        lt(twoFactorChallenges.attempts, TWO_FACTOR_MAX_ATTEMPTS),
      ),
    )
    .returning({ attempts: twoFactorChallenges.attempts });
  if (!counted) throw new AppError('UNAUTHORIZED', TOO_MANY_WRONG_CODES);
  const method = await useSecondFactor(deps, user, input.code);
  if (!method) {
    // The last allowed wrong code ends the pending sign-in.
    if (counted.attempts >= TWO_FACTOR_MAX_ATTEMPTS) {
      await deps.db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id, id)).run();
      throw new AppError('UNAUTHORIZED', TOO_MANY_WRONG_CODES);
    }
    throw codeError(WRONG_CODE);
  }
  // A pending sign-in is used once: of two requests racing with it, one gets the row.
  const [used] = await deps.db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id, id)).returning({ id: twoFactorChallenges.id });
  if (!used) throw new AppError('UNAUTHORIZED', EXPIRED);
  return { user, method };
}
