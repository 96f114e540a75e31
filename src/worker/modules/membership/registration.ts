import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { INVALID_REGISTRATION_TOKEN, type RegisterInput, type RegistrationInvite } from '../../../shared/schemas/membership';
import { applications, tokens } from '../../db/schema/membership';
import { properties, users } from '../../db/schema/users';
import { rosterImportRows } from '../../db/schema/roster-imports';
import { AppError } from '../../platform/app-error';
import { hashPassword, sha256Hex } from '../../platform/crypto';
import { enforceRateLimit } from '../../platform/rate-limit';
import type { RequestMeta } from '../../platform/request-actor';
import type { Actor } from '../../platform/actor';
import { createSession, type NewSession } from '../auth/sessions';
import type { Deps } from '../../platform/deps';
import { publicFormLimit } from './membership-common';
import { consumeToken } from './single-use-tokens';
import { assertPasswordAllowed } from '../auth/password-policy';
import { profileFromApplication, profileFromRosterRow } from '../members/profiles';
import { firstTerm, utcDate } from '../../../shared/membership-term';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/preferences';

const nonEnglish = (language: Language | null | undefined) => (language && language !== DEFAULT_LANGUAGE ? language : null);

function termOfInvite(imported: { memberSince: string | null; renewsOn: string | null } | null, now: number) {
  if (imported?.memberSince && imported.renewsOn) return { memberSince: imported.memberSince, renewsOn: imported.renewsOn };
  const term = firstTerm(utcDate(now));
  return { memberSince: term.member_since, renewsOn: term.renews_on };
}

/**
 * A live registration token with its application (for the name and the property) or its roster
 * import row (for the name and the term, issue 24).
 */
async function findInvite(deps: Deps, token: string) {
  const [row] = await deps.db
    .select({ token: tokens, app: applications, imported: rosterImportRows })
    .from(tokens)
    .leftJoin(applications, eq(applications.id, tokens.applicationId))
    .leftJoin(rosterImportRows, eq(rosterImportRows.id, tokens.importRowId))
    .where(
      and(
        eq(tokens.tokenHash, await sha256Hex(token)),
        eq(tokens.purpose, 'registration'),
        isNull(tokens.usedAt),
        gt(tokens.expiresAt, deps.now()),
      ),
    )
    .limit(1);
  return row?.token.email ? { ...row, email: row.token.email, allowedTypes: row.token.allowedTypes ?? [] } : null;
}

/**
 * GET /api/register/validate-token/{token}. Unknown, expired and used tokens get the same 404,
 * and the check is rate limited per IP, so tokens cannot be probed.
 */
export async function registrationInvite(deps: Deps, meta: RequestMeta, input: { token: string }): Promise<RegistrationInvite> {
  await enforceRateLimit(deps.env, 'PUBLIC_FORM_LIMITER', publicFormLimit('registration-token', meta));
  const invite = await findInvite(deps, input.token);
  if (!invite) throw new AppError('NOT_FOUND', INVALID_REGISTRATION_TOKEN);
  return { email: invite.email, name: invite.app?.fullName ?? invite.imported?.name ?? '', allowed_types: invite.allowedTypes };
}

const EMAIL_TAKEN = /*i18n*/ 'An account with this email already exists. Please log in.';

/**
 * POST /api/register: creates the member from the invitation and uses the token up. The token is
 * consumed by one conditional UPDATE, so of two concurrent registrations exactly one succeeds.
 * A Travel Host application's property becomes the member's first property, in the same batch.
 */
export async function register(deps: Deps, meta: RequestMeta, input: RegisterInput): Promise<{ ok: true; email: string; userId: number }> {
  await enforceRateLimit(deps.env, 'PUBLIC_FORM_LIMITER', publicFormLimit('register', meta));
  const invite = await findInvite(deps, input.token);
  if (!invite) throw new AppError('BAD_REQUEST', INVALID_REGISTRATION_TOKEN);
  if (!invite.allowedTypes.includes(input.type)) {
    const message = 'This account type is not available with your invitation.';
    throw new AppError('BAD_REQUEST', message, { fieldErrors: { type: [message] } });
  }
  const [existing] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, invite.email)).limit(1);
  if (existing) throw new AppError('CONFLICT', EMAIL_TAKEN);
  await assertPasswordAllowed(input.password, { email: invite.email, field: 'password' });

  // Hash before taking the token, so the token is held for as short a time as possible.
  const passwordHash = await hashPassword(input.password);
  const consumed = await consumeToken(deps, 'registration', input.token);
  if (!consumed) throw new AppError('BAD_REQUEST', INVALID_REGISTRATION_TOKEN);

  const now = deps.now();
  const app = invite.app;
  const insertUser = deps.db
    .insert(users)
    // DECISIONS "Membership terms": she starts on her registration day and renews twelve months
    // later, or (imported, issue 24) with the dates of her row.
    .values({
      email: invite.email,
      name: input.name,
      type: input.type,
      passwordHash,
      // The language she applied in (or her roster row's), unless English: an English account
      // keeps none chosen, so her device decides (the default before issue 41).
      language: nonEnglish(app?.language ?? invite.imported?.language),
      ...termOfInvite(invite.imported, now),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  // The member inserted just before, in the same atomic batch.
  const userId = sqlUserIdByEmail(invite.email);
  const alongside = [
    ...(app?.propertyAddress
      ? [
          deps.db.insert(properties).values({
            userId,
            address: app.propertyAddress,
            type: app.propertyType ?? '',
            description: app.propertyDescription ?? '',
            availability: app.propertyAvailability ?? '',
            createdAt: now,
          }),
        ]
      : []),
    // Her profile starts with what the application (issue 22) or the roster's row (issue 24) said.
    ...(app ? [profileFromApplication(deps, userId, app)] : []),
    ...(!app && invite.imported ? [profileFromRosterRow(deps, userId, invite.imported)] : []),
  ];
  let newId: number;
  try {
    const [[inserted]] = await deps.db.batch([insertUser, ...alongside]);
    newId = inserted!.id;
  } catch (err) {
    // Most likely the email was registered in the meantime: give the token back, refuse.
    await deps.db.update(tokens).set({ usedAt: null }).where(eq(tokens.id, consumed.id)).run();
    const [taken] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, invite.email)).limit(1);
    if (taken) throw new AppError('CONFLICT', EMAIL_TAKEN);
    throw err;
  }
  return { ok: true, email: invite.email, userId: newId };
}

/**
 * POST /api/register and membership.register (issue 46): she is signed in at once, no login form
 * right after choosing her password, unless this browser is signed in already (an admin's own
 * session is never replaced by hers). The demo seed registers without a session.
 */
export async function registerAndSignIn(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  input: RegisterInput,
): Promise<{ email: string; session: NewSession | null }> {
  const { email, userId } = await register(deps, meta, input);
  return { email, session: actor.kind === 'member' ? null : await createSession(deps, userId, meta.userAgent) };
}

function sqlUserIdByEmail(email: string) {
  return sql<number>`(SELECT ${users.id} FROM ${users} WHERE ${users.email} = ${email})`;
}
