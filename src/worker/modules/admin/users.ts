import { and, asc, eq, sql } from 'drizzle-orm';
import type { ChangePrivilegeInput, SetAdminInput, UserView } from '../../../shared/schemas/membership';
import type { Actor } from '../../platform/actor';
import { users } from '../../db/schema/users';
import { AppError } from '../../platform/app-error';
import { hashPassword, randomPassword } from '../../platform/crypto';
import { requireAdmin } from '../../platform/guards';
import { userAdminPolicy } from './policies';
import { auditEntry } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { guardedAuditQuery } from '../membership/membership-common';
import { deleteUserSessionsQuery } from '../auth/sessions';

/** GET /api/users: every member, by name, with what the viewing admin may do with each. */
export async function listUsers(deps: Deps, actor: Actor): Promise<UserView[]> {
  const admin = requireAdmin(actor);
  const rows = await deps.db
    .select({
      user_id: users.id,
      name: users.name,
      email: users.email,
      type: users.type,
      admin: users.isAdmin,
      must_change_password: users.mustChangePassword,
      createdAt: users.createdAt,
    })
    .from(users)
    .orderBy(asc(sql`${users.name} COLLATE NOCASE`), asc(users.id));
  return rows.map(({ createdAt, ...u }) => {
    const target = { id: u.user_id };
    return {
      ...u,
      created_at: new Date(createdAt).toISOString(),
      can_change_admin: userAdminPolicy.setAdmin(admin, target, !u.admin),
      can_reset_password: userAdminPolicy.resetPassword(admin, target),
    };
  });
}

async function loadUser(deps: Deps, id: number) {
  const [row] = await deps.db
    .select({ id: users.id, name: users.name, email: users.email, type: users.type, isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Member not found.');
  return row;
}

/** PUT /api/users/{id}/privilege: Founding, Standard or Travel Host. */
export async function changePrivilege(
  deps: Deps,
  actor: Actor,
  input: ChangePrivilegeInput,
): Promise<{ ok: true; type: ChangePrivilegeInput['type'] }> {
  const admin = requireAdmin(actor);
  const target = await loadUser(deps, input.id);
  if (target.type === input.type) return { ok: true, type: input.type };
  await deps.db.batch([
    deps.db.update(users).set({ type: input.type, updatedAt: deps.now() }).where(eq(users.id, target.id)),
    auditEntry(deps, admin, 'user.privilege', { type: 'user', id: target.id }, { from: target.type, to: input.type }),
  ]);
  return { ok: true, type: input.type };
}

/**
 * Grants or removes the admin flag. An admin cannot remove their own, and the last admin cannot
 * be demoted: the UPDATE itself requires another admin to remain, so two demotions racing
 * cannot leave the club without one.
 */
export async function setAdmin(deps: Deps, actor: Actor, input: SetAdminInput): Promise<{ ok: true; admin: boolean }> {
  const admin = requireAdmin(actor);
  if (!userAdminPolicy.setAdmin(admin, input, input.admin)) throw new AppError('CONFLICT', 'You cannot remove your own admin rights.');
  const target = await loadUser(deps, input.id);
  if (target.isAdmin === input.admin) return { ok: true, admin: input.admin };
  const now = deps.now();
  const keepsAnAdmin = sql`(SELECT count(*) FROM ${users} WHERE ${users.isAdmin} = 1 AND ${users.id} <> ${target.id}) > 0`;
  const [[changed]] = await deps.db.batch([
    deps.db
      .update(users)
      .set({ isAdmin: input.admin, updatedAt: now })
      .where(input.admin ? eq(users.id, target.id) : and(eq(users.id, target.id), keepsAnAdmin))
      .returning({ id: users.id }),
    guardedAuditQuery(
      deps,
      admin,
      {
        action: input.admin ? 'user.grant_admin' : 'user.revoke_admin',
        target: { type: 'user', id: target.id },
        details: { email: target.email },
        at: now,
      },
      users,
      and(eq(users.id, target.id), eq(users.isAdmin, input.admin), eq(users.updatedAt, now)),
    ),
  ]);
  if (!changed) throw new AppError('CONFLICT', 'The last admin cannot be demoted.');
  return { ok: true, admin: input.admin };
}

/**
 * PUT /api/users/{id}/reset-password-to-temp. DECISIONS: a random temporary password, shown once
 * to the admin; the member's sessions end and they must choose a new password at next login.
 */
export async function resetPasswordToTemp(deps: Deps, actor: Actor, input: { id: number }): Promise<{ temporaryPassword: string }> {
  const admin = requireAdmin(actor);
  if (!userAdminPolicy.resetPassword(admin, input)) throw new AppError('CONFLICT', 'Change your own password in Settings.');
  const target = await loadUser(deps, input.id);
  const temporaryPassword = randomPassword();
  const passwordHash = await hashPassword(temporaryPassword);
  await deps.db.batch([
    deps.db.update(users).set({ passwordHash, mustChangePassword: true, updatedAt: deps.now() }).where(eq(users.id, target.id)),
    deleteUserSessionsQuery(deps, target.id),
    auditEntry(deps, admin, 'user.reset_password', { type: 'user', id: target.id }, { email: target.email }),
  ]);
  return { temporaryPassword };
}
