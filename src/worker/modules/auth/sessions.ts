import { and, eq, ne } from 'drizzle-orm';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../../shared/constants';
import { sessions, users } from '../../db/schema/users';
import { randomToken, sha256Hex } from '../../platform/crypto';
import type { MemberActor } from '../../platform/actor';
import type { Deps } from '../../platform/deps';

/** Touch last_seen at most this often, so ordinary requests do not write. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export interface NewSession {
  token: string;
  expiresAt: number;
}

export async function createSession(deps: Deps, userId: number): Promise<NewSession> {
  const token = randomToken();
  const now = deps.now();
  const expiresAt = now + SESSION_ABSOLUTE_MS;
  await deps.db.insert(sessions).values({ id: await sha256Hex(token), userId, createdAt: now, lastSeenAt: now, expiresAt });
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
    isAdmin: row.isAdmin,
    mustChangePassword: row.mustChangePassword,
    sessionId: row.sessionId,
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
