import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { SESSION_IDLE_MS } from '../../../shared/constants';
import type {
  AccountSessionList,
  AccountSessionView,
  EndOtherSessionsResult,
  EndSessionInput,
  EndSessionResult,
} from '../../../shared/schemas/account-sessions';
import { sessions } from '../../db/schema/users';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import { auditEntry } from '../../platform/audit';
import { sha256Hex } from '../../platform/crypto';
import type { Deps } from '../../platform/deps';
import { requireMember } from '../../platform/guards';
import { recheckLiveSockets } from '../notifications/live-publish';

// DECISIONS "Privacy and trust": a member sees her active sessions (device, last seen) in
// Settings and can end any of them, or all others. Each end is written to the audit log.

/** More than any member has; the oldest beyond it are still ended by "all other devices". */
const MAX_LISTED = 100;

/**
 * The id Settings uses for a session: a one-way, domain-separated digest of the stored id. The
 * stored id is the SHA-256 of the cookie's token and this one cannot be turned back into it, so
 * the page never holds the key of the sessions table, and neither signs anyone in. Only the
 * owner's own sessions are ever matched against it.
 */
export async function sessionPublicId(sessionId: string): Promise<string> {
  return (await sha256Hex(`session-public-id:${sessionId}`)).slice(0, 32);
}

const deviceLabel = (s: { browser: string | null; os: string | null }) =>
  `${s.browser ?? 'Unknown browser'} on ${s.os ?? 'an unknown system'}`;

/** Her sessions that still sign her in (not past the absolute or the idle limit). */
function activeSessionsOf(deps: Deps, userId: number) {
  const now = deps.now();
  return deps.db
    .select({
      id: sessions.id,
      browser: sessions.browser,
      os: sessions.os,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      passkey: sessions.passkey,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, now - SESSION_IDLE_MS)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
    .limit(MAX_LISTED);
}

/** GET /api/account/sessions: this device first, then the others by last activity. */
export async function listMySessions(deps: Deps, actor: Actor): Promise<AccountSessionList> {
  const me = requireMember(actor);
  const rows = await activeSessionsOf(deps, me.id);
  const list: AccountSessionView[] = await Promise.all(
    rows.map(async (r) => ({
      id: await sessionPublicId(r.id),
      browser: r.browser,
      os: r.os,
      created_at: new Date(r.createdAt).toISOString(),
      last_seen_at: new Date(r.lastSeenAt).toISOString(),
      current: r.id === me.sessionId,
      signed_in_with_passkey: r.passkey === 'signed_in',
    })),
  );
  list.sort((a, b) => Number(b.current) - Number(a.current));
  return { sessions: list };
}

/**
 * DELETE /api/account/sessions/{id}: ends one of her own sessions; another member's id, or one
 * that already ended, is 404. Ending the current one is a logout (the adapter clears the cookie).
 */
export async function endSession(deps: Deps, actor: Actor, input: EndSessionInput): Promise<EndSessionResult> {
  const me = requireMember(actor);
  const rows = await activeSessionsOf(deps, me.id);
  const ids = await Promise.all(rows.map((r) => sessionPublicId(r.id)));
  const target = rows[ids.indexOf(input.id)];
  if (!target) throw new AppError('NOT_FOUND', /*i18n*/ 'This session has already ended.');
  const current = target.id === me.sessionId;
  await deps.db.batch([
    deps.db.delete(sessions).where(and(eq(sessions.id, target.id), eq(sessions.userId, me.id))),
    auditEntry(deps, me, 'session.end', { type: 'user', id: me.id }, { device: deviceLabel(target), current }),
  ]);
  recheckLiveSockets(deps, me.id);
  return { ok: true, current };
}

/** POST /api/account/sessions/end-others: every session of hers but the one asking. */
export async function endOtherSessions(deps: Deps, actor: Actor): Promise<EndOtherSessionsResult> {
  const me = requireMember(actor);
  const others = and(eq(sessions.userId, me.id), ne(sessions.id, me.sessionId));
  const [found] = await deps.db.select({ id: sessions.id }).from(sessions).where(others).limit(1);
  if (!found) return { ended: 0 };
  const now = deps.now();
  const [deleted] = await deps.db.batch([
    // Lapsed rows not yet swept go too; only the ones that still signed in are counted.
    deps.db.delete(sessions).where(others).returning({ expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt }),
    auditEntry(deps, me, 'session.end_others', { type: 'user', id: me.id }),
  ]);
  recheckLiveSockets(deps, me.id);
  return { ended: deleted.filter((r) => r.expiresAt > now && r.lastSeenAt > now - SESSION_IDLE_MS).length };
}
