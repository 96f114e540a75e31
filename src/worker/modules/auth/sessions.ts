import { and, eq, fillPlaceholders, ne, sql, type SQL } from 'drizzle-orm';
import { isLanguage, isTheme } from '../../../shared/preferences';
import { QueryBuilder } from 'drizzle-orm/sqlite-core';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../../shared/constants';
import { SESSION_TOUCH_MS } from '../../../shared/schemas/account-sessions';
import { passkeys } from '../../db/schema/passkeys';
import { sessions, users } from '../../db/schema/users';
import { AppError } from '../../platform/app-error';
import { randomToken, sha256Hex } from '../../platform/crypto';
import type { MemberActor } from '../../platform/actor';
import type { Deps } from '../../platform/deps';
import { describeUserAgent } from './session-device';
import { recordActivityQuery } from '../insights/activity';
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
 * hasAdminPowers for a member outside any request (`memberId`, an SQL expression: a recipient
 * column, a bound id), as an SQL condition: the admin flag and a second factor of her account,
 * 2FA on or a passkey (which any session of hers may stand behind). Who is told about what only
 * admins see (the notifications' `application`, and what invite-only events' news reaches them).
 */
export function adminWithSecondFactorSql(memberId: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM ${users} AS "factor_admin" WHERE "factor_admin"."id" = ${memberId} AND "factor_admin"."is_admin" = 1
    AND ("factor_admin"."totp_enabled_at" IS NOT NULL
      OR EXISTS (SELECT 1 FROM ${passkeys} AS "factor_passkey" WHERE "factor_passkey"."user_id" = "factor_admin"."id")))`;
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
  /*i18n*/ 'Please sign in with your passkey first: an administrator who has one changes her passkeys and two-factor sign-in only after signing in with it.';

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
  // Her sign-in is also the day's activity for Insights (issue 42), in the same round trip.
  await deps.db.batch([
    deps.db.insert(sessions).values({
      id: await sha256Hex(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      browser,
      os,
      passkey: opts.passkey ?? null,
    }),
    recordActivityQuery(deps, userId, now, { signIn: true }),
  ]);
  return { token, expiresAt };
}

/**
 * The session's row and its member in one statement, built once per isolate. Its columns have
 * unique names: it also rides in a batch (session-hints.ts), whose rows come back as objects.
 */
const SESSION_ROW = new QueryBuilder()
  .select({
    session_id: sql<string>`${sessions.id}`.as('session_id'),
    last_seen_at: sessions.lastSeenAt,
    expires_at: sessions.expiresAt,
    user_id: sql<number>`${users.id}`.as('user_id'),
    name: users.name,
    email: users.email,
    type: users.type,
    is_admin: users.isAdmin,
    must_change_password: users.mustChangePassword,
    totp_enabled_at: users.totpEnabledAt,
    member_since: users.memberSince,
    renews_on: users.renewsOn,
    language: users.language,
    theme: users.theme,
    passkey: sessions.passkey,
    // Same statement, through passkeys_user_idx: a passkey counts only while she still has one.
    has_passkey: sql<number>`exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id})`.as('has_passkey'),
  })
  .from(sessions)
  .innerJoin(users, eq(users.id, sessions.userId))
  .where(eq(sessions.id, sql.placeholder('id')))
  .limit(1)
  .toSQL();

/** The statement that reads session `id` (its SHA-256 hex), as SQL and parameters. */
export function sessionRowStatement(id: string): { sql: string; params: unknown[] } {
  return { sql: SESSION_ROW.sql, params: fillPlaceholders(SESSION_ROW.params, { id }) };
}

/**
 * What a session row says at `now`: the member, or null when there is none, it is past its
 * absolute expiry or idle too long (`ended`: the row is there to delete). `touch`: a live session
 * seen longer ago than TOUCH_EVERY_MS, whose last-seen is to move.
 */
export function readSessionRow(
  row: Record<string, unknown> | null,
  now: number,
): { actor: MemberActor | null; ended: boolean; touch: boolean } {
  if (!row) return { actor: null, ended: false, touch: false };
  const lastSeenAt = Number(row.last_seen_at);
  if (Number(row.expires_at) <= now || lastSeenAt + SESSION_IDLE_MS <= now) return { actor: null, ended: true, touch: false };
  const totpOn = row.totp_enabled_at !== null && row.totp_enabled_at !== undefined;
  const adminFlag = Boolean(row.is_admin);
  const actor: MemberActor = {
    kind: 'member',
    id: Number(row.user_id),
    name: String(row.name),
    email: String(row.email),
    type: row.type as MemberActor['type'],
    isAdmin: hasAdminPowers(adminFlag, totpOn, row.passkey !== null && row.passkey !== undefined && Boolean(row.has_passkey)),
    hasAdminFlag: adminFlag,
    mustChangePassword: Boolean(row.must_change_password),
    twoFactorEnabled: totpOn,
    sessionId: String(row.session_id),
    language: isLanguage(row.language) ? row.language : null,
    theme: isTheme(row.theme) ? row.theme : 'system',
    membership: termOf({ member_since: String(row.member_since), renews_on: String(row.renews_on), admin: adminFlag }, utcDate(now)),
  };
  return { actor, ended: false, touch: now - lastSeenAt > TOUCH_EVERY_MS };
}

/**
 * Moves a session's last-seen after the answer (reads write nothing else, and this seldom), and
 * records her day's activity for Insights (issue 42) in the same batch: at most one write a
 * member an hour.
 */
export function touchSession(deps: Deps, member: Pick<MemberActor, 'id' | 'sessionId'>): void {
  const now = deps.now();
  deps.waitUntil(
    deps.db.batch([
      deps.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, member.sessionId)),
      recordActivityQuery(deps, member.id, now),
    ]),
  );
}

/** The member behind a session token, or null when it is unknown, expired or idle too long. */
export async function resolveSession(deps: Deps, token: string): Promise<MemberActor | null> {
  return resolveSessionById(deps, await sha256Hex(token));
}

async function readSession(deps: Deps, sessionId: string) {
  const { sql: query, params } = sessionRowStatement(sessionId);
  const row = await deps.d1
    .prepare(query)
    .bind(...params)
    .first<Record<string, unknown>>();
  return readSessionRow(row, deps.now());
}

/** The same by the session's id (the token's SHA-256), which the middleware has computed already. */
export async function resolveSessionById(deps: Deps, sessionId: string): Promise<MemberActor | null> {
  const { actor, ended, touch } = await readSession(deps, sessionId);
  if (ended) deps.waitUntil(deps.db.delete(sessions).where(eq(sessions.id, sessionId)).run());
  if (touch && actor) touchSession(deps, actor);
  return actor;
}

/**
 * The member behind session `sessionId` as D1 has it now, or null, and nothing else: no touch, no
 * delete (a live socket's check, issue 45, is no visit of hers).
 */
export async function sessionMember(deps: Deps, sessionId: string): Promise<MemberActor | null> {
  return (await readSession(deps, sessionId)).actor;
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
