import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { CLUB_NAME } from '../../../shared/constants';
import { utcDate } from '../../../shared/membership-term';
import {
  MAX_PASSKEYS,
  PASSKEY_NAME_MAX,
  type PasskeyAuthenticationInput,
  type PasskeyCreationOptions,
  type PasskeyRegistrationInput,
  type PasskeyRegistrationOptionsInput,
  type PasskeyRequestOptions,
  type PasskeyView,
  type RemovePasskeyInput,
  type RenamePasskeyInput,
} from '../../../shared/schemas/passkeys';
import { auditLog } from '../../db/schema/membership';
import { passkeys, passkeyUserHandles } from '../../db/schema/passkeys';
import { sessions, users } from '../../db/schema/users';
import type { Actor, MemberActor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import { relyingParty } from '../../platform/app-origin';
import { auditEntry, auditEntryIf } from '../../platform/audit';
import { randomToken, sha256Hex } from '../../platform/crypto';
import type { Deps } from '../../platform/deps';
import { requireMember } from '../../platform/guards';
import { enforceRateLimit } from '../../platform/rate-limit';
import type { RequestMeta } from '../../platform/request-actor';
import { accountOf, statusUser, type StatusUser } from './account';
import { addressGroup } from '../../platform/client-address';
import { PASSKEY_CHALLENGE_SECONDS, storeChallenge, takeChallenge } from './passkey-challenges';
import { createSession, refuseAdminWithUnusedPasskey, type NewSession } from './sessions';
import { confirmItIsHer } from './reauthentication';
import { passkeyAddedEmail } from './emails/passkey-added-email';
import { enqueueRenderedEmail } from '../mail/enqueue';
import { appLink } from '../mail/layout';
import { describeError } from '../../platform/log-redaction';
import { describeUserAgent } from './session-device';

/*
 * Passkeys (issue 25; DECISIONS "Notifications and sign-in"): every member may add up to ten and
 * sign in with one instead of her email and password. SimpleWebAuthn does every WebAuthn check
 * (CBOR, COSE keys, signatures, rp id hash, origin, flags); this file keeps what it cannot: the
 * challenges (passkey-challenges.ts), the stored credentials, the signature counter rule, the
 * limit, and who may do what. Discoverable credentials with user verification required, so a
 * passkey sign-in counts as two factors (sessions.hasAdminPowers). Audit entries name the member
 * as their target and the passkey in details.name, as the Audit log screen shows them.
 */

/** The one answer to a sign-in that fails, whatever failed: it tells nobody whether the credential exists. */
const SIGN_IN_REFUSED = /*i18n*/ 'That passkey could not be used to sign in. Please try again, or sign in with your email and password.';
const REGISTRATION_REFUSED = /*i18n*/ 'That passkey could not be added. Please try again.';
const TOO_MANY = `You have ${MAX_PASSKEYS} passkeys, the most an account can have. Remove one to add another.`;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function view(row: Pick<typeof passkeys.$inferSelect, 'id' | 'name' | 'createdAt' | 'lastUsedAt'>): PasskeyView {
  return { id: row.id, name: row.name, created_at: iso(row.createdAt)!, last_used_at: iso(row.lastUsedAt) };
}

/** The name a new passkey gets when she gives none: where she added it, e.g. "Chrome on macOS". */
export function defaultPasskeyName(userAgent: string | null | undefined): string {
  const { browser, os } = describeUserAgent(userAgent);
  const name = browser?.replace(/ \d+$/, '');
  if (name && os) return `${name} on ${os}`;
  return name ?? (os ? `Passkey on ${os}` : 'Passkey');
}

function passkeyCount(deps: Deps, userId: number) {
  return deps.db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
}

/** Her user handle: drawn once, on her first registration options, then the same for every passkey. */
async function userHandle(deps: Deps, userId: number): Promise<string> {
  const [, [row]] = await deps.db.batch([
    deps.db
      .insert(passkeyUserHandles)
      .values({ userId, handle: randomToken(32), createdAt: deps.now() })
      .onConflictDoNothing(),
    deps.db.select({ handle: passkeyUserHandles.handle }).from(passkeyUserHandles).where(eq(passkeyUserHandles.userId, userId)),
  ]);
  return row!.handle;
}

export interface IssuedOptions<T> {
  options: T;
  /** The challenge cookie's value (passkey-challenges.ts). */
  token: string;
}

/**
 * POST /api/passkeys/registration/options: what navigator.credentials.create() needs, once she
 * has shown it is her (issue 45: her password, a current code, or a passkey sign-in of this
 * session within five minutes; reauthentication.ts), so a stolen session cookie cannot add a
 * passkey of its own. Only a challenge issued here is accepted by the registration.
 */
export async function passkeyRegistrationOptions(
  deps: Deps,
  actor: Actor,
  input: PasskeyRegistrationOptionsInput,
): Promise<IssuedOptions<PasskeyCreationOptions>> {
  const me = requireMember(actor);
  await enforceRateLimit(deps.env, 'MEMBER_WRITE_LIMITER', `member:${me.id}`);
  await refuseAdminWithUnusedPasskey(deps, me);
  await confirmItIsHer(deps, me, input);
  const [existing, handle] = await Promise.all([
    deps.db
      .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
      .from(passkeys)
      .where(eq(passkeys.userId, me.id)),
    userHandle(deps, me.id),
  ]);
  if (existing.length >= MAX_PASSKEYS) throw new AppError('CONFLICT', TOO_MANY);
  const rp = relyingParty(deps.env);
  const options = await generateRegistrationOptions({
    rpName: CLUB_NAME,
    rpID: rp.id,
    // What her authenticator shows in its account list; the handle is what identifies her.
    userName: me.email,
    userDisplayName: me.name,
    userID: isoBase64URL.toBuffer(handle),
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
    attestationType: 'none',
    // The browser refuses to make a second passkey on an authenticator that has one of hers.
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports ?? undefined })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  });
  // The library's JSON type, spelled as the API documents it (extensions: only credProps is asked).
  return { options: options as PasskeyCreationOptions, token: await storeChallenge(deps, 'registration', options.challenge, me.id) };
}

/**
 * POST /api/passkeys/registration: checks the browser's answer against this browser's challenge
 * and keeps the credential. The limit of MAX_PASSKEYS is decided in the insert itself (one
 * conditional statement, so two at once cannot make eleven), with its audit entry in the same
 * batch. The first passkey added in a session counts for it as a second factor, as turning on
 * 2FA does.
 */
export async function registerPasskey(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  token: string | null,
  input: PasskeyRegistrationInput,
): Promise<PasskeyView> {
  const me = requireMember(actor);
  // Like passwords: every answer counts, right or wrong.
  await enforceRateLimit(deps.env, 'LOGIN_ACCOUNT_LIMITER', `account:${me.email}`);
  const challenge = await takeChallenge(deps, 'registration', token, me.id);
  if (!challenge) throw new AppError('BAD_REQUEST', REGISTRATION_REFUSED);
  await refuseAdminWithUnusedPasskey(deps, me);
  const rp = relyingParty(deps.env);
  let info;
  try {
    const result = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserPresence: true,
      requireUserVerification: true,
    });
    info = result.verified ? result.registrationInfo : null;
  } catch {
    info = null;
  }
  if (!info || !info.userVerified) throw new AppError('BAD_REQUEST', REGISTRATION_REFUSED);

  const now = deps.now();
  const name = (input.name || defaultPasskeyName(meta.userAgent)).slice(0, PASSKEY_NAME_MAX);
  const { credential } = info;
  const mine = sql`(select count(*) from ${passkeys} where ${passkeys.userId} = ${me.id})`;
  const allowed = sql`${mine} < ${MAX_PASSKEYS} and not exists (select 1 from ${passkeys} where ${passkeys.credentialId} = ${credential.id})`;
  const db = deps.db;
  const [, , inserted] = await db.batch([
    auditEntryIf(deps, me, 'passkey.add', { type: 'user', id: me.id }, { name }, allowed),
    // Before the insert: her first passkey, added here, stands behind this session.
    db
      .update(sessions)
      .set({ passkey: 'added' })
      .where(and(eq(sessions.id, me.sessionId), isNull(sessions.passkey), sql`${mine} = 0`, allowed)),
    db
      .insert(passkeys)
      .select(
        // Every column in table order (drizzle's insert … select); id is left to SQLite.
        db
          .select({
            id: sql<number>`null`.as('id'),
            userId: sql<number>`${me.id}`.as('user_id'),
            credentialId: sql<string>`${credential.id}`.as('credential_id'),
            publicKey: sql<string>`${isoBase64URL.fromBuffer(credential.publicKey)}`.as('public_key'),
            counter: sql<number>`${credential.counter}`.as('counter'),
            transports: sql<string | null>`${credential.transports ? JSON.stringify(credential.transports) : null}`.as('transports'),
            deviceType: sql<string>`${info.credentialDeviceType}`.as('device_type'),
            backedUp: sql<number>`${info.credentialBackedUp ? 1 : 0}`.as('backed_up'),
            aaguid: sql<string>`${info.aaguid}`.as('aaguid'),
            name: sql<string>`${name}`.as('name'),
            createdAt: sql<number>`${now}`.as('created_at'),
            lastUsedAt: sql<null>`null`.as('last_used_at'),
          })
          .from(sql`(select 1)`)
          .where(allowed),
      )
      .returning(),
  ]);
  const row = inserted[0];
  if (!row) {
    const [mineNow] = await passkeyCount(deps, me.id);
    if ((mineNow?.n ?? 0) >= MAX_PASSKEYS) throw new AppError('CONFLICT', TOO_MANY);
    throw new AppError('CONFLICT', /*i18n*/ 'That passkey is already registered.');
  }
  await tellHerAPasskeyWasAdded(deps, me, row.name, defaultPasskeyName(meta.userAgent));
  return view(row);
}

/**
 * The security email of a new passkey, to her account's address whoever added it (issue 45),
 * through the mail queue. The passkey is kept already: a message the queue refuses is marked
 * failed in Sent mail (where an admin retries it) and logged, never answered as an error.
 */
async function tellHerAPasskeyWasAdded(deps: Deps, me: MemberActor, passkeyName: string, device: string): Promise<void> {
  const link = appLink(deps.env.APP_ORIGIN, '/settings#passkeys');
  const at = deps.now();
  try {
    await enqueueRenderedEmail(deps, {
      kind: 'passkey_added',
      render: () => passkeyAddedEmail({ name: me.name, passkeyName, device, at, link }),
      recipients: [{ email: me.email, name: me.name, userId: me.id, language: me.language }],
    });
  } catch (err) {
    console.error('passkeys: could not queue the passkey-added email', { error: describeError(err) });
  }
}

/** GET /api/passkeys: hers, oldest first. */
export async function listPasskeys(deps: Deps, actor: Actor): Promise<PasskeyView[]> {
  const me = requireMember(actor);
  const rows = await deps.db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, me.id))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(view);
}

const NOT_FOUND = /*i18n*/ 'That passkey was not found.';

/** PATCH /api/passkeys/{id}: a new name for one of hers; another member's is 404. */
export async function renamePasskey(deps: Deps, actor: Actor, input: RenamePasskeyInput): Promise<PasskeyView> {
  const me = requireMember(actor);
  await enforceRateLimit(deps.env, 'MEMBER_WRITE_LIMITER', `member:${me.id}`);
  const [before] = await deps.db
    .select({ name: passkeys.name })
    .from(passkeys)
    .where(and(eq(passkeys.id, input.id), eq(passkeys.userId, me.id)))
    .limit(1);
  if (!before) throw new AppError('NOT_FOUND', NOT_FOUND);
  const hers = and(eq(passkeys.id, input.id), eq(passkeys.userId, me.id));
  const [[row]] = await deps.db.batch([
    deps.db.update(passkeys).set({ name: input.name }).where(hers).returning(),
    auditEntryIf(
      deps,
      me,
      'passkey.rename',
      { type: 'user', id: me.id },
      { from: before.name, to: input.name },
      sql`exists (select 1 from ${passkeys} where ${hers})`,
    ),
  ]);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return view(row);
}

/** DELETE /api/passkeys/{id}: one of hers, with her password (403 when it is wrong); another member's is 404. */
export async function removePasskey(deps: Deps, actor: Actor, input: RemovePasskeyInput): Promise<{ ok: true }> {
  const me = requireMember(actor);
  const [row] = await deps.db
    .select({ name: passkeys.name })
    .from(passkeys)
    .where(and(eq(passkeys.id, input.id), eq(passkeys.userId, me.id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  await refuseAdminWithUnusedPasskey(deps, me);
  await confirmItIsHer(deps, me, { password: input.password });
  const hers = and(eq(passkeys.id, input.id), eq(passkeys.userId, me.id));
  const [, deleted] = await deps.db.batch([
    // Before the delete: written only if there is still a passkey of hers to remove.
    auditEntryIf(
      deps,
      me,
      'passkey.remove',
      { type: 'user', id: me.id },
      { name: row.name },
      sql`exists (select 1 from ${passkeys} where ${hers})`,
    ),
    deps.db.delete(passkeys).where(hers).returning({ id: passkeys.id }),
  ]);
  if (deleted.length === 0) throw new AppError('NOT_FOUND', NOT_FOUND);
  return { ok: true };
}

/**
 * Every passkey of the member removed, each written to the audit log as removed (`via` says what
 * did it), for the batch of a password reset or of a password change that asks it (issue 45:
 * after either, a passkey a thief added with her session signs nobody in). Two statements; the
 * entries first, while the rows are there to name.
 *
 * A reset keeps the passkeys of an admin who has no other second factor: the reset link proves
 * only her email, and an admin left without a second factor may set one up from a password session
 * (as a new admin does), so removing them would turn access to her mailbox into admin powers.
 * Adding a passkey asks who she is (reauthentication.ts), so a thief's session cannot have added one.
 */
export function removeAllPasskeysQueries(deps: Deps, userId: number, via: 'password reset' | 'password change') {
  const removable =
    via === 'password reset'
      ? sql`${passkeys.userId} = ${userId} AND NOT EXISTS (SELECT 1 FROM ${users} AS "owner" WHERE "owner"."id" = ${userId} AND "owner"."is_admin" = 1 AND "owner"."totp_enabled_at" IS NULL)`
      : sql`${passkeys.userId} = ${userId}`;
  return [
    deps.db.insert(auditLog).select(
      sql`SELECT NULL, ${userId}, 'passkey.remove', 'user', ${String(userId)}, json_object('name', ${passkeys.name}, 'via', ${via}), ${deps.now()}
      FROM ${passkeys} WHERE ${removable}`,
    ),
    deps.db.delete(passkeys).where(removable),
  ] as const;
}

/**
 * POST /api/passkeys/authentication/options (anyone): a challenge and no allowCredentials, so
 * the browser offers whichever of her passkeys it holds (discoverable credentials). The login
 * page asks on every visit (for the email field's autofill), so it is counted per client address
 * on its own key of the 120-a-minute limiter, not in the public forms' or the logins' budgets:
 * enough for a busy office behind one address, and a bound on the challenge rows one can make.
 * An IPv6 client counts by its /64, as the login throttle counts it (addressGroup): one host
 * holds the whole /64, and a new address per request must not be a new budget (issue 45).
 */
export async function passkeyAuthenticationOptions(deps: Deps, meta: RequestMeta): Promise<IssuedOptions<PasskeyRequestOptions>> {
  await enforceRateLimit(deps.env, 'MEMBER_WRITE_LIMITER', `passkey-options:${addressGroup(meta.ip)}`);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps.env).id,
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
    userVerification: 'required',
  });
  return { options: options as PasskeyRequestOptions, token: await storeChallenge(deps, 'authentication', options.challenge, null) };
}

/**
 * POST /api/passkeys/authentication: a passkey sign-in. Opens a session exactly as a completed
 * login does (never asks for a TOTP code: user verification made it two factors), marked as
 * begun with a passkey. Every failure is the same 400. Rate limited like passwords: per client
 * address, then per account once the credential names one.
 *
 * The signature counter: SimpleWebAuthn's own check runs before the signature is verified, so it
 * is given 0 and the rule is applied here once the signature holds: a counter that does not move
 * forward (both 0 is allowed: many passkeys keep none) refuses the sign-in and is written to the
 * audit log as a possibly cloned authenticator. The new value is stored with a conditional
 * UPDATE, so two sign-ins racing with the same counter cannot both pass.
 */
export async function signInWithPasskey(
  deps: Deps,
  meta: RequestMeta,
  token: string | null,
  input: PasskeyAuthenticationInput,
): Promise<{ session: NewSession; user: StatusUser }> {
  await enforceRateLimit(deps.env, 'LOGIN_IP_LIMITER', `ip:${meta.ip}`);
  const refused = () => new AppError('BAD_REQUEST', SIGN_IN_REFUSED);
  const challenge = await takeChallenge(deps, 'authentication', token, null);
  if (!challenge) throw refused();
  const response = input.response as AuthenticationResponseJSON;
  const [found] = await deps.db
    .select({ passkey: passkeys, user: users, handle: passkeyUserHandles.handle })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .innerJoin(passkeyUserHandles, eq(passkeyUserHandles.userId, passkeys.userId))
    .where(eq(passkeys.credentialId, response.id))
    .limit(1);
  if (!found) throw refused();
  const { passkey, user } = found;
  await enforceRateLimit(deps.env, 'LOGIN_ACCOUNT_LIMITER', `account:${user.email}`);
  // A discoverable credential names its member; it must be the one this credential is hers for.
  if (response.response.userHandle !== found.handle) throw refused();
  const rp = relyingParty(deps.env);
  let info;
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: 0,
        transports: passkey.transports ?? undefined,
      },
      requireUserVerification: true,
    });
    info = result.verified ? result.authenticationInfo : null;
  } catch {
    info = null;
  }
  if (!info || !info.userVerified) throw refused();

  const member = { ...accountOf(user, utcDate(deps.now()), { passkeySession: true }), email: user.email };
  const presented = info.newCounter;
  const now = deps.now();
  const [moved] = await deps.db
    .update(passkeys)
    .set({ counter: presented, lastUsedAt: now, backedUp: info.credentialBackedUp })
    .where(and(eq(passkeys.id, passkey.id), sql`(${passkeys.counter} < ${presented} or (${passkeys.counter} = 0 and ${presented} = 0))`))
    .returning({ id: passkeys.id });
  if (!moved) {
    const actor: MemberActor = { kind: 'member', ...member, sessionId: '' };
    await auditEntry(
      deps,
      actor,
      'passkey.counter_rejected',
      { type: 'user', id: user.id },
      { name: passkey.name, storedCounter: passkey.counter, presentedCounter: presented },
    ).run();
    throw refused();
  }
  const session = await createSession(deps, user.id, meta.userAgent, { passkey: 'signed_in' });
  const actor: MemberActor = { kind: 'member', ...member, sessionId: await sha256Hex(session.token) };
  await auditEntry(deps, actor, 'auth.sign_in_passkey', { type: 'user', id: user.id }, { name: passkey.name }).run();
  return { session, user: statusUser(actor) };
}
