import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { AccountType } from '../../../shared/constants';
import type {
  ChangePrivilegeInput,
  ListUsersInput,
  MemberProfile,
  SetAdminInput,
  UsersPage,
  UserStatusFilter,
} from '../../../shared/schemas/membership';
import { columnRef } from '../../db/column-ref';
import { containsText } from '../../db/like';
import { decodeCursor, pageSize, toPage } from '../../platform/keyset';
import type { Actor } from '../../platform/actor';
import { properties, users } from '../../db/schema/users';
import { AppError } from '../../platform/app-error';
import { hashPassword, randomPassword } from '../../platform/crypto';
import { requireAdmin } from '../../platform/guards';
import { userAdminPolicy } from './policies';
import { auditEntry } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { guardedAuditQuery } from '../membership/membership-common';
import { deleteUserSessionsQuery } from '../auth/sessions';
import { listHomes } from '../homes/homes';
import { memberStatusCondition, renewalHistoryQuery, todayOf, toRenewalView } from '../membership/terms';
import { membershipStatus, termOf } from '../../../shared/membership-term';
import { recheckLiveSockets } from '../notifications/live-publish';
import { noShowCountSql } from '../events/attendance';

type UserCursor = [name: string, id: number];

/**
 * One page (size + 1 rows) of members by name as the screen sorts it (case-insensitively), then
 * by id, after the cursor's [name, id]: a walk of users_name_idx (name COLLATE NOCASE, then the
 * rowid). The cursor's name carries the collation, so the row value seeks the index.
 * A search is a substring of the name or the email, which no index can find: the walk tests each
 * member in name order and stops once the page is full, so a page reads at most every member
 * once, never sorts them, and the search text is at most 100 characters. A status filter
 * (issue 24) is tested the same way, on the same walk.
 */
export function userPageQuery(
  deps: Deps,
  search: string | undefined,
  after: UserCursor | undefined,
  size: number,
  status?: { filter: UserStatusFilter; today: string },
) {
  const name = columnRef(users.name);
  const needle = search?.trim();
  return deps.db
    .select({
      user_id: users.id,
      name: users.name,
      email: users.email,
      type: users.type,
      admin: users.isAdmin,
      must_change_password: users.mustChangePassword,
      member_since: users.memberSince,
      renews_on: users.renewsOn,
      createdAt: users.createdAt,
      // Issue 43: events she joined and did not come to in the last 12 months.
      no_shows: noShowCountSql(columnRef(users.id), deps.now()).mapWith(Number),
    })
    .from(users)
    .where(
      and(
        needle ? or(containsText(name, needle), containsText(columnRef(users.email), needle)) : undefined,
        status ? memberStatusCondition(status.filter, status.today, { indexed: false }) : undefined,
        after ? sql`(${name}, ${columnRef(users.id)}) > (${after[0]} COLLATE NOCASE, ${after[1]})` : undefined,
      ),
    )
    .orderBy(asc(sql`${name} COLLATE NOCASE`), asc(users.id))
    .limit(size + 1);
}

/** How many members of each type: three ranges of users_type_idx counted in the index, no row read. */
export function memberCountsQuery(deps: Deps) {
  const ofType = (type: AccountType, name: string) =>
    sql<number>`(SELECT count(*) FROM ${users} WHERE ${columnRef(users.type)} = ${type})`.mapWith(Number).as(name);
  return deps.db
    .select({
      Founding: ofType('Founding', 'founding_count'),
      Standard: ofType('Standard', 'standard_count'),
      'Travel Host': ofType('Travel Host', 'travel_host_count'),
    })
    .from(sql`(SELECT 1)`);
}

/**
 * GET /api/users and admin.users.list: the members by name a page at a time (issue 13), with what
 * the viewing admin may do with each. A first page brings the member counts in the same D1
 * round trip (one batch).
 */
export async function listUsers(deps: Deps, actor: Actor, input: ListUsersInput = {}): Promise<UsersPage> {
  const admin = requireAdmin(actor);
  const size = pageSize(input.limit);
  const after = decodeCursor(input.cursor, ['s', 'n']) as UserCursor | undefined;
  const today = todayOf(deps);
  const pageQuery = userPageQuery(deps, input.search, after, size, input.status ? { filter: input.status, today } : undefined);
  const [rows, counted] = after ? [await pageQuery, undefined] : await deps.db.batch([pageQuery, memberCountsQuery(deps)]);
  const c = counted?.[0];
  return {
    ...toPage(
      rows,
      size,
      (u) => [u.name, u.user_id],
      ({ createdAt, ...u }) => {
        const target = { id: u.user_id };
        return {
          ...u,
          status: membershipStatus(u, today),
          created_at: new Date(createdAt).toISOString(),
          can_change_admin: userAdminPolicy.setAdmin(admin, target, !u.admin),
          can_reset_password: userAdminPolicy.resetPassword(admin, target),
        };
      },
    ),
    counts: c ? { ...c, total: c.Founding + c.Standard + c['Travel Host'] } : null,
  };
}

async function loadUser(deps: Deps, id: number) {
  const [row] = await deps.db
    .select({ id: users.id, name: users.name, email: users.email, type: users.type, isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', /*i18n*/ 'Member not found.');
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
  if (!userAdminPolicy.setAdmin(admin, input, input.admin))
    throw new AppError('CONFLICT', /*i18n*/ 'You cannot remove your own admin rights.');
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
  if (!changed) throw new AppError('CONFLICT', /*i18n*/ 'The last admin cannot be demoted.');
  // A demoted admin whose term has passed is lapsed from now: her open pages stop following the club.
  if (!input.admin) recheckLiveSockets(deps, target.id);
  return { ok: true, admin: input.admin };
}

/**
 * PUT /api/users/{id}/reset-password-to-temp. DECISIONS: a random temporary password, shown once
 * to the admin; the member's sessions end and they must choose a new password at next login.
 */
export async function resetPasswordToTemp(deps: Deps, actor: Actor, input: { id: number }): Promise<{ temporary_password: string }> {
  const admin = requireAdmin(actor);
  if (!userAdminPolicy.resetPassword(admin, input)) throw new AppError('CONFLICT', /*i18n*/ 'Change your own password in Settings.');
  const target = await loadUser(deps, input.id);
  const temporaryPassword = randomPassword();
  const passwordHash = await hashPassword(temporaryPassword);
  await deps.db.batch([
    deps.db.update(users).set({ passwordHash, mustChangePassword: true, updatedAt: deps.now() }).where(eq(users.id, target.id)),
    deleteUserSessionsQuery(deps, target.id),
    auditEntry(deps, admin, 'user.reset_password', { type: 'user', id: target.id }, { email: target.email }),
  ]);
  recheckLiveSockets(deps, target.id);
  return { temporary_password: temporaryPassword };
}

/** How many of her renewals the profile shows, newest first (the audit log keeps them all). */
const RENEWALS_SHOWN = 20;

/** How many of her homes the profile shows; the homes screens page through the rest. */
const PROFILE_HOMES = 12;

/**
 * GET /api/users/{id} and admin.users.profile: a member's profile in User Management (issue 14),
 * with the properties of her Travel Host application and her homes, through the homes module's
 * own list (every state, as admins see them there).
 */
export async function getMemberProfile(deps: Deps, actor: Actor, input: { id: number }): Promise<MemberProfile> {
  const admin = requireAdmin(actor);
  const [[user], props, renewals] = await deps.db.batch([
    deps.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        type: users.type,
        admin: users.isAdmin,
        memberSince: users.memberSince,
        renewsOn: users.renewsOn,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.id, input.id))
      .limit(1),
    deps.db
      .select({
        id: properties.id,
        address: properties.address,
        type: properties.type,
        description: properties.description,
        availability: properties.availability,
      })
      .from(properties)
      .where(eq(properties.userId, input.id))
      .orderBy(asc(properties.id)),
    renewalHistoryQuery(deps, input.id, RENEWALS_SHOWN),
  ]);
  if (!user) throw new AppError('NOT_FOUND', /*i18n*/ 'Member not found.');
  const homes = await listHomes(deps, admin, { scope: 'all', host: user.id, limit: PROFILE_HOMES });
  return {
    user_id: user.id,
    name: user.name,
    email: user.email,
    type: user.type,
    admin: user.admin,
    created_at: new Date(user.createdAt).toISOString(),
    ...termOf({ member_since: user.memberSince, renews_on: user.renewsOn, admin: user.admin }, todayOf(deps)),
    renewals: renewals.map(toRenewalView),
    properties: props,
    homes: homes.items,
    more_homes: homes.nextCursor !== null,
  };
}
