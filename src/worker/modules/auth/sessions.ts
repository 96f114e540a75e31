import { and, eq, ne, sql } from 'drizzle-orm';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../../shared/constants';
import { SESSION_TOUCH_MS } from '../../../shared/schemas/account-sessions';
import { passkeys } from '../../db/schema/passkeys';
import { sessions, users } from '../../db/schema/users';
import { AppError } from '../../platform/app-error';
import { randomToken, sha256Hex } from '../../platform/crypto';
import type { MemberActor } from '../../platform/actor';
import type { Deps } from '../../platform/deps';
import { describeUserAgent } from './session-device';
import { termOf, utcDate } from '../../../shared/membership-term';

/** Touch last_seen at most this often, so ordinary requests do not write (Settings shows it as such). */
const TOUCH_EVERY_MS = SESSION_TOUCH_MS;

export interface NewSession {
  token: string;
  expiresAt: number;
}

/**
 * Admin powers (MemberActor.isAdmin): the admin flag and a second factor, which is 2FA on, or a
 * passkey of hers behind this session (DECISIONS "Notifications and sign-in": a passkey sign-in,
 * user verification required, counts as two factors). A password alone never gives them, also
 * to an admin who has a passkey.
 */
export function hasAdminPowers(adminFlag: boolean, totpEnabled: boolean, passkeySession: boolean): boolean {
  return adminFlag && (totpEnabled || passkeySession);
}

/**
 * An admin who has a passkey but signed in with her password alone has no admin powers in that
 * session (hasAdminPowers), and must not get them by the back door: adding a passkey (then
 * signing in with it), removing hers (then adding one as her first) or setting up two-factor
 * sign-in would each turn a stolen password into an administrator. She signs in with her passkey
 * first (passkeys.ts and two-factor.ts ask this).
 */
export async function refuseAdminWithUnusedPasskey(deps: Deps, me: MemberActor): Promise<void> {
  if (!me.hasAdminFlag || me.isAdmin) return;
  const [row] = await deps.db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, me.id)).limit(1);
  if (row) throw new AppError('FORBIDDEN', PASSKEY_SIGN_IN_FIRST);
}

export const PASSKEY_SIGN_IN_FIRST =
  'Please sign in with your passkey first: an administrator who has one changes her passkeys and two-factor sign-in only after signing in with it.';

/**
 * A new session; `userAgent` is the request's, of which only the browser and OS are kept.
 * `passkey` when it begins with a passkey sign-in (passkeys.ts).
 */
export async function createSession(
  deps: Deps,
  userId: number,
  userAgent?: string | null,
  opts: { passkey?: 'signed_in' } = {},
): Promise<NewSession> {
  const token = randomToken();
  const now = deps.now();
  const expiresAt = now + SESSION_ABSOLUTE_MS;
  const { browser, os } = describeUserAgent(userAgent);
  await deps.db
    .insert(sessions)
    .values({ id: await sha256Hex(token), userId, createdAt: now, lastSeenAt: now, expiresAt, browser, os, passkey: opts.passkey ?? null });
  return { token, expiresAt };
}

/** The member behind a session token, or null when it is unknown, expired or idle too long. */
export async function resolveSession(deps: Deps, token: string): Promise<MemberActor | null> {
  const id = await sha256Hex(token);
  const [row] = await deps.db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      name: users.name,
      email: users.email,
      type: users.type,
      isAdmin: users.isAdmin,
      mustChangePassword: users.mustChangePassword,
      totpEnabledAt: users.totpEnabledAt,
      memberSince: users.memberSince,
      renewsOn: users.renewsOn,
      passkey: sessions.passkey,
      // Same statement, through passkeys_user_idx: a passkey counts only while she still has one.
      hasPasskey: sql<number>`exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1);
  if (!row) return null;
  const now = deps.now();
  if (row.expiresAt <= now || row.lastSeenAt + SESSION_IDLE_MS <= now) {
    deps.waitUntil(deps.db.delete(sessions).where(eq(sessions.id, id)).run());
    return null;
  }
  if (now - row.lastSeenAt > TOUCH_EVERY_MS) {
    deps.waitUntil(deps.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id)).run());
  }
  return {
    kind: 'member',
    id: row.userId,
    name: row.name,
    email: row.email,
    type: row.type,
    isAdmin: hasAdminPowers(row.isAdmin, row.totpEnabledAt !== null, row.passkey !== null && Boolean(row.hasPasskey)),
    hasAdminFlag: row.isAdmin,
    mustChangePassword: row.mustChangePassword,
    twoFactorEnabled: row.totpEnabledAt !== null,
    sessionId: row.sessionId,
    membership: termOf({ member_since: row.memberSince, renews_on: row.renewsOn, admin: row.isAdmin }, utcDate(now)),
  };
}

export function deleteSessionQuery(deps: Deps, sessionId: string) {
  return deps.db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Every session of a member (password change, admin reset), optionally keeping one. */
export function deleteUserSessionsQuery(deps: Deps, userId: number, keepSessionId?: string) {
  return deps.db
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId));
}
