import { eq } from 'drizzle-orm';
import type { AuthStatus, LoginInput, UpdatePasswordInput, UpdateUserInput, UserDetails } from '../../../shared/schemas/auth';
import { users } from '../../db/schema/users';
import type { Actor, MemberActor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/crypto';
import { enforceRateLimit } from '../../platform/rate-limit';
import { requireMember, requireSession } from '../../platform/guards';
import { auditEntry } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { RequestMeta } from '../../platform/request-actor';
import { createSession, deleteSessionQuery, deleteUserSessionsQuery, type NewSession } from './sessions';

const INVALID_LOGIN = 'Invalid email or password.';

/**
 * Unknown email and wrong password answer the same and cost the same scrypt work.
 * Rate limited per client IP and per account.
 */
export async function login(deps: Deps, meta: RequestMeta, input: LoginInput): Promise<NewSession & { user: AuthStatus['user'] }> {
  await enforceRateLimit(deps.env.LOGIN_IP_LIMITER, `ip:${meta.ip}`);
  await enforceRateLimit(deps.env.LOGIN_ACCOUNT_LIMITER, `account:${input.email}`);
  const [user] = await deps.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !ok) throw new AppError('UNAUTHORIZED', INVALID_LOGIN);
  const session = await createSession(deps, user.id);
  return { ...session, user: statusUser(user) };
}

export async function logout(deps: Deps, actor: Actor): Promise<void> {
  if (actor.kind === 'member') await deleteSessionQuery(deps, actor.sessionId).run();
}

function statusUser(u: { id: number; name: string; isAdmin: boolean; type: MemberActor['type']; mustChangePassword: boolean }) {
  return { user_id: u.id, name: u.name, admin: u.isAdmin, type: u.type, mustChangePassword: u.mustChangePassword };
}

export function authStatus(actor: Actor): AuthStatus {
  if (actor.kind !== 'member') return { authenticated: false, user: null };
  return { authenticated: true, user: statusUser(actor) };
}

export function userDetails(actor: Actor): UserDetails {
  const me = requireSession(actor);
  return { user_id: me.id, name: me.name, email: me.email, type: me.type, admin: me.isAdmin, mustChangePassword: me.mustChangePassword };
}

/**
 * A member changes their own name. Type and the admin flag change only when an admin asks
 * (a member's request carrying them changes neither), and an admin cannot drop their own flag,
 * which also protects the last admin.
 */
export async function updateUser(deps: Deps, actor: Actor, input: UpdateUserInput): Promise<UserDetails> {
  const me = requireMember(actor);
  const patch: Partial<typeof users.$inferInsert> = { name: input.name, updatedAt: deps.now() };
  if (me.isAdmin) {
    if (input.type) patch.type = input.type;
    if (input.admin === false) throw new AppError('CONFLICT', 'You cannot remove your own admin rights.');
  }
  const changes: Record<string, unknown> = {};
  if (patch.type && patch.type !== me.type) changes.type = { from: me.type, to: patch.type };
  const update = deps.db.update(users).set(patch).where(eq(users.id, me.id));
  if (Object.keys(changes).length) {
    await deps.db.batch([update, auditEntry(deps, me, 'user.update_self', { type: 'user', id: me.id }, changes)]);
  } else {
    await update.run();
  }
  const type = patch.type ?? me.type;
  return { user_id: me.id, name: input.name, email: me.email, type, admin: me.isAdmin, mustChangePassword: false };
}

/**
 * Changes the password after checking the old one; every other session of the member ends and
 * the caller gets a fresh session for this browser.
 */
export async function changePassword(deps: Deps, actor: Actor, input: UpdatePasswordInput): Promise<NewSession> {
  const me = requireSession(actor);
  await enforceRateLimit(deps.env.LOGIN_ACCOUNT_LIMITER, `account:${me.email}`);
  const [row] = await deps.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, me.id)).limit(1);
  if (!row || !(await verifyPassword(input.oldPassword, row.passwordHash))) {
    throw new AppError('BAD_REQUEST', 'The old password is not correct.', {
      fieldErrors: { oldPassword: ['The old password is not correct.'] },
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.batch([
    deps.db.update(users).set({ passwordHash, mustChangePassword: false, updatedAt: deps.now() }).where(eq(users.id, me.id)),
    deleteUserSessionsQuery(deps, me.id),
  ]);
  return createSession(deps, me.id);
}
