import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  FORGOT_PASSWORD_ANSWER,
  INVALID_RESET_TOKEN,
  PASSWORD_RESET_DONE,
  type ForgotPasswordInput,
  type ResetPasswordInput,
} from '../../../shared/schemas/membership';
import { tokens } from '../../db/schema/membership';
import { users } from '../../db/schema/users';
import { AppError } from '../../platform/app-error';
import { hashPassword } from '../../platform/crypto';
import { enforceRateLimit } from '../../platform/rate-limit';
import { describeError } from '../../platform/log-redaction';
import { enqueueRenderedEmail } from '../mail/enqueue';
import { appLink } from '../mail/layout';
import { passwordResetEmail } from './emails/password-reset-email';
import type { RequestMeta } from '../../platform/request-actor';
import type { Deps } from '../../platform/deps';
import { publicFormLimit } from './membership-common';
import { deleteUserSessionsQuery } from '../auth/sessions';
import { removeAllPasskeysQueries } from '../auth/passkeys';
import { consumeToken, findLiveToken, issueToken, retireTokensQuery } from './single-use-tokens';
import { assertPasswordAllowed } from '../auth/password-policy';
import { recheckLiveSockets } from '../notifications/live-publish';

/** A member asking again within this window gets no second email (the first is still good). */
const RESEND_AFTER_MS = 60 * 1000;

/** Issues a reset token for the account of this email, if there is one, and emails the link. */
async function sendResetLink(deps: Deps, email: string): Promise<void> {
  const [user] = await deps.db
    .select({ id: users.id, name: users.name, email: users.email, language: users.language })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (!user) return;
  const now = deps.now();
  const [recent] = await deps.db
    .select({ id: tokens.id })
    .from(tokens)
    .where(
      and(
        eq(tokens.userId, user.id),
        eq(tokens.purpose, 'password_reset'),
        isNull(tokens.usedAt),
        gt(tokens.createdAt, now - RESEND_AFTER_MS),
      ),
    )
    .limit(1);
  if (recent) return;
  const issued = await issueToken(deps, 'password_reset', { userId: user.id, email: user.email });
  // Only the newest link works.
  await deps.db.batch([retireTokensQuery(deps, 'password_reset', { userId: user.id }), issued.insert]);
  const link = appLink(deps.env.APP_ORIGIN, `/reset-password/${issued.token}`);
  await enqueueRenderedEmail(deps, {
    kind: 'password_reset',
    render: () => passwordResetEmail({ name: user.name, link }),
    recipients: [{ email: user.email, name: user.name, userId: user.id, language: user.language }],
  });
}

/**
 * POST /forgot-password. The answer is the same text whether or not the account exists, and the
 * lookup and email happen after the answer (waitUntil), so its timing tells nothing either.
 */
export async function requestPasswordReset(deps: Deps, meta: RequestMeta, input: ForgotPasswordInput): Promise<{ message: string }> {
  await enforceRateLimit(deps.env, 'PUBLIC_FORM_LIMITER', publicFormLimit('forgot-password', meta));
  deps.waitUntil(
    sendResetLink(deps, input.email).catch((err: unknown) => {
      console.error('password reset email failed', { error: describeError(err) });
    }),
  );
  return { message: FORGOT_PASSWORD_ANSWER };
}

/**
 * POST /reset-password: checks the new password against the policy while the token is still
 * unused (a refused password does not spend the link), then uses the token up (one conditional
 * UPDATE: a second use fails), sets the password, clears a pending forced change, ends every
 * session of the member and removes every passkey of hers.
 */
export async function resetPassword(deps: Deps, meta: RequestMeta, input: ResetPasswordInput): Promise<{ message: string }> {
  await enforceRateLimit(deps.env, 'PUBLIC_FORM_LIMITER', publicFormLimit('reset-password', meta));
  const live = await findLiveToken(deps, 'password_reset', input.token);
  if (!live?.userId) throw new AppError('BAD_REQUEST', INVALID_RESET_TOKEN);
  await assertPasswordAllowed(input.newPassword, { email: live.email, field: 'newPassword' });
  const passwordHash = await hashPassword(input.newPassword);
  const token = await consumeToken(deps, 'password_reset', input.token);
  if (!token?.userId) throw new AppError('BAD_REQUEST', INVALID_RESET_TOKEN);
  await deps.db.batch([
    deps.db.update(users).set({ passwordHash, mustChangePassword: false, updatedAt: deps.now() }).where(eq(users.id, token.userId)),
    deleteUserSessionsQuery(deps, token.userId),
    retireTokensQuery(deps, 'password_reset', { userId: token.userId }),
    // Issue 45: a passkey a thief added with her session must not outlive the reset.
    ...removeAllPasskeysQueries(deps, token.userId, 'password reset'),
  ]);
  recheckLiveSockets(deps, token.userId);
  return { message: PASSWORD_RESET_DONE };
}
