import { and, eq, ne } from 'drizzle-orm';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../../shared/constants';
import { SESSION_TOUCH_MS } from '../../../shared/schemas/account-sessions';
import { sessions, users } from '../../db/schema/users';
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

/** A new session; `userAgent` is the request's, of which only the browser and OS are kept. */
export async function createSession(deps: Deps, userId: number, userAgent?: string | null): Promise<NewSession> {
  const token = randomToken();
  const now = deps.now();
  const expiresAt = now + SESSION_ABSOLUTE_MS;
  const { browser, os } = describeUserAgent(userAgent);
  await deps.db.insert(sessions).values({ id: await sha256Hex(token), userId, createdAt: now, lastSeenAt: now, expiresAt, browser, os });
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
    isAdmin: row.isAdmin && row.totpEnabledAt !== null,
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
