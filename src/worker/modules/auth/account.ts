import { eq } from 'drizzle-orm';
import type {
  AccountCapabilities,
  AuthStatus,
  LoginAnswer,
  LoginInput,
  TwoFactorCodeInput,
  UpdatePasswordInput,
  UpdateUserInput,
  UserDetails,
} from '../../../shared/schemas/auth';
import { users } from '../../db/schema/users';
import type { Actor, MemberActor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import { dummyPasswordHash, hashPassword, sha256Hex, verifyPassword } from '../../platform/crypto';
import { enforceRateLimit } from '../../platform/rate-limit';
import { isAdmin, needsTwoFactorSetup, requireMember, requireSession } from '../../platform/guards';
import { eventPolicy } from '../events/policies';
import { userAdminPolicy } from '../admin/policies';
import { accountPolicy } from './policies';
import { auditEntry } from '../../platform/audit';
import { termOf, utcDate } from '../../../shared/membership-term';
import type { Deps } from '../../platform/deps';
import type { RequestMeta } from '../../platform/request-actor';
import { assertPasswordAllowed } from './password-policy';
import {
  createSession,
  deleteSessionQuery,
  deleteUserSessionsQuery,
  hasAdminPowers,
  refuseAdminWithUnusedPasskey,
  type NewSession,
} from './sessions';
import { removeAllPasskeysQueries } from './passkeys';
import { loginAttemptLimits, recentFailuresQuery, recordLoginFailure, refuseThrottledAddress } from './login-throttle';
import { passTwoFactorLogin, startTwoFactorLogin, type PendingLogin } from './two-factor';
import { recheckLiveSockets } from '../notifications/live-publish';

const INVALID_LOGIN = /*i18n*/ 'Invalid email or password.';

/** A login's outcome: a session, or (2FA on) only a pending sign-in that POST /login/2fa completes. */
export type LoginResult = { session: NewSession; user: StatusUser; pending?: never } | { pending: PendingLogin; session?: never };

/**
 * Unknown email and wrong password answer the same and cost the same scrypt work. Throttled per
 * client IP, and per account and address together (login-throttle.ts): failing at her account
 * from elsewhere never refuses her own correct password. With 2FA on, a right password opens no
 * session yet.
 */
export async function login(deps: Deps, meta: RequestMeta, input: LoginInput): Promise<LoginResult> {
  const keys = await loginAttemptLimits(deps, meta, input.email);
  const [[user], [failures]] = await deps.db.batch([
    deps.db.select().from(users).where(eq(users.email, input.email)).limit(1),
    recentFailuresQuery(deps, keys),
  ]);
  refuseThrottledAddress(deps, failures);
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !ok) {
    await recordLoginFailure(deps, keys).run();
    throw new AppError('UNAUTHORIZED', INVALID_LOGIN);
  }
  if (user.totpEnabledAt !== null) return { pending: await startTwoFactorLogin(deps, user.id) };
  return { session: await createSession(deps, user.id, meta.userAgent), user: statusUser(accountOf(user, utcDate(deps.now()))) };
}

/**
 * POST /login/2fa: after the pending sign-in and its code pass, the session opens exactly as a
 * login's does; the sign-in is written to the audit log with how the second factor was given.
 */
export async function loginTwoFactor(
  deps: Deps,
  meta: RequestMeta,
  pendingToken: string | null,
  input: TwoFactorCodeInput,
): Promise<{ session: NewSession; user: StatusUser }> {
  const { user, method } = await passTwoFactorLogin(deps, meta, pendingToken, input);
  const session = await createSession(deps, user.id, meta.userAgent);
  const actor: MemberActor = {
    kind: 'member',
    ...accountOf(user, utcDate(deps.now())),
    email: user.email,
    sessionId: await sha256Hex(session.token),
  };
  await auditEntry(deps, actor, 'auth.sign_in_two_factor', { type: 'user', id: user.id }, { method }).run();
  return { session, user: statusUser(actor) };
}

/** The JSON answer of a login, REST and tRPC alike. */
export function loginAnswer(result: LoginResult): LoginAnswer {
  return result.pending ? { twoFactorRequired: true } : { ok: true, user: result.user };
}

/**
 * The account fields of a users row (what a session's actor also carries), her term as of `today`;
 * `passkeySession` for a session that a passkey sign-in opens.
 */
export function accountOf(u: typeof users.$inferSelect, today: string, opts: { passkeySession?: boolean } = {}): Account {
  return {
    membership: termOf({ member_since: u.memberSince, renews_on: u.renewsOn, admin: u.isAdmin }, today),
    id: u.id,
    name: u.name,
    isAdmin: hasAdminPowers(u.isAdmin, u.totpEnabledAt !== null, opts.passkeySession ?? false),
    hasAdminFlag: u.isAdmin,
    type: u.type,
    mustChangePassword: u.mustChangePassword,
    twoFactorEnabled: u.totpEnabledAt !== null,
    language: u.language,
    theme: u.theme,
  };
}

export async function logout(deps: Deps, actor: Actor): Promise<void> {
  if (actor.kind !== 'member') return;
  await deleteSessionQuery(deps, actor.sessionId).run();
  recheckLiveSockets(deps, actor.id);
}

type Account = Pick<
  MemberActor,
  'id' | 'name' | 'isAdmin' | 'hasAdminFlag' | 'type' | 'mustChangePassword' | 'twoFactorEnabled' | 'membership' | 'language' | 'theme'
>;
export type StatusUser = NonNullable<AuthStatus['user']>;

/**
 * What the member may do, each flag from the policy its service enforces (requireAdmin,
 * createEvent, updateUser), so the client shows exactly what the server allows.
 */
function capabilities(u: Pick<MemberActor, 'isAdmin' | 'hasAdminFlag' | 'type'>): AccountCapabilities {
  return { admin: isAdmin(u), create_event: eventPolicy.create(u), change_account_type: accountPolicy.changeOwnType(u) };
}

export function statusUser(u: Account): StatusUser {
  return {
    user_id: u.id,
    name: u.name,
    admin: u.hasAdminFlag,
    type: u.type,
    must_change_password: u.mustChangePassword,
    two_factor_enabled: u.twoFactorEnabled,
    needs_two_factor_setup: needsTwoFactorSetup(u),
    can: capabilities(u),
    language: u.language,
    theme: u.theme,
    ...u.membership,
  };
}

function details(u: Account & { email: string }): UserDetails {
  return {
    user_id: u.id,
    name: u.name,
    email: u.email,
    type: u.type,
    admin: u.hasAdminFlag,
    must_change_password: u.mustChangePassword,
    two_factor_enabled: u.twoFactorEnabled,
    needs_two_factor_setup: needsTwoFactorSetup(u),
    can: capabilities(u),
    ...u.membership,
  };
}

export function authStatus(actor: Actor): AuthStatus {
  if (actor.kind !== 'member') return { authenticated: false, user: null };
  return { authenticated: true, user: statusUser(actor) };
}

export function userDetails(actor: Actor): UserDetails {
  return details(requireSession(actor));
}

/**
 * A member changes their own name. Type and the admin flag change only when an admin asks
 * (a member's request carrying them changes neither), and an admin cannot drop their own flag,
 * which also protects the last admin.
 */
export async function updateUser(deps: Deps, actor: Actor, input: UpdateUserInput): Promise<UserDetails> {
  const me = requireMember(actor);
  const patch: Partial<typeof users.$inferInsert> = { name: input.name, updatedAt: deps.now() };
  if (accountPolicy.changeOwnType(me) && input.type) patch.type = input.type;
  if (me.isAdmin && input.admin === false && !userAdminPolicy.setAdmin(me, me, false)) {
    throw new AppError('CONFLICT', /*i18n*/ 'You cannot remove your own admin rights.');
  }
  const changes: Record<string, unknown> = {};
  if (patch.type && patch.type !== me.type) changes.type = { from: me.type, to: patch.type };
  const update = deps.db.update(users).set(patch).where(eq(users.id, me.id));
  if (Object.keys(changes).length) {
    await deps.db.batch([update, auditEntry(deps, me, 'user.update_self', { type: 'user', id: me.id }, changes)]);
  } else {
    await update.run();
  }
  return details({ ...me, name: input.name, type: patch.type ?? me.type, mustChangePassword: false });
}

/**
 * Changes the password after checking the old one; every other session of the member ends and
 * the caller gets a fresh session for this browser. With `remove_passkeys` (the default; issue 45)
 * her passkeys go in the same batch, so one a thief added with her session stops signing in; an
 * admin whose session a passkey does not stand behind may not do that by the back door
 * (refuseAdminWithUnusedPasskey), as she may not remove one.
 */
export async function changePassword(
  deps: Deps,
  actor: Actor,
  input: UpdatePasswordInput,
  meta: Pick<RequestMeta, 'userAgent'> = {},
): Promise<NewSession> {
  const me = requireSession(actor);
  await enforceRateLimit(deps.env, 'LOGIN_ACCOUNT_LIMITER', `account:${me.email}`);
  const [row] = await deps.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, me.id)).limit(1);
  if (!row || !(await verifyPassword(input.oldPassword, row.passwordHash))) {
    throw new AppError('BAD_REQUEST', /*i18n*/ 'The old password is not correct.', {
      fieldErrors: { oldPassword: [/*i18n*/ 'The old password is not correct.'] },
    });
  }
  await assertPasswordAllowed(input.newPassword, { email: me.email, field: 'newPassword' });
  if (input.remove_passkeys) await refuseAdminWithUnusedPasskey(deps, me);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.batch([
    deps.db.update(users).set({ passwordHash, mustChangePassword: false, updatedAt: deps.now() }).where(eq(users.id, me.id)),
    deleteUserSessionsQuery(deps, me.id),
    ...(input.remove_passkeys ? removeAllPasskeysQueries(deps, me.id, 'password change') : []),
  ]);
  recheckLiveSockets(deps, me.id);
  return createSession(deps, me.id, meta.userAgent);
}
