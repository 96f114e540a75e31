import { count, eq, or } from 'drizzle-orm';
import type * as z from 'zod';
import type { AdminDeleteUserInputSchema, DeleteAccountInputSchema } from '../../../shared/schemas/account';
import { comments } from '../../db/schema/comments';
import { emailDeliveries } from '../../db/schema/email';
import { images } from '../../db/schema/images';
import { applications, tokens } from '../../db/schema/membership';
import { users } from '../../db/schema/users';
import type { Actor, MemberActor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import { auditEntry } from '../../platform/audit';
import { verifyPassword } from '../../platform/crypto';
import type { Deps } from '../../platform/deps';
import { requireAdmin, requireSession } from '../../platform/guards';
import { describeError } from '../../platform/log-redaction';
import { enforceRateLimit } from '../../platform/rate-limit';
import { useSecondFactor } from '../auth/two-factor';

/*
 * DECISIONS "The member's own data": deleting an account removes her profile, sessions, tokens,
 * likes, comments, images, participations, properties, homes and stay requests; events she
 * created stay, hosted by 'Former member' (events.created_by is set null). D1 rows go in ONE
 * atomic batch; the R2 objects after it, so a failure never leaves a row pointing at a missing
 * object (at worst an orphaned object, logged). Rows that reference users with ON DELETE CASCADE
 * (sessions, participations, likes, tokens, 2FA, properties, homes, stays, email opt-outs) go with
 * the users row; those that would only be set null (comments, images, deliveries to her) and
 * those keyed by her address (her application, registration tokens) are deleted explicitly.
 */

export const LAST_ADMIN_MESSAGE =
  'You are the last administrator: the club would have nobody to run it. Make another member an admin first, then delete your account.';

/** What goes: one batch of D1 deletes, then the R2 objects of her images. */
async function deleteMember(deps: Deps, target: { id: number; email: string; isAdmin: boolean }, audit: ReturnType<typeof auditEntry>) {
  const db = deps.db;
  const [adminCount, imageRows] = await db.batch([
    db.select({ n: count() }).from(users).where(eq(users.isAdmin, true)),
    db
      .select({ id: images.id, r2Key: images.r2Key, displayKey: images.displayKey, thumbKey: images.thumbKey })
      .from(images)
      .where(eq(images.uploadedBy, target.id)),
  ]);
  if (target.isAdmin && (adminCount[0]?.n ?? 0) <= 1) throw new AppError('CONFLICT', LAST_ADMIN_MESSAGE);

  await db.batch([
    // First: its actor_id is set null by the users delete below, so the entry keeps no link to her.
    audit,
    db.delete(comments).where(eq(comments.userId, target.id)),
    db.delete(images).where(eq(images.uploadedBy, target.id)),
    db.delete(emailDeliveries).where(eq(emailDeliveries.userId, target.id)),
    db.delete(applications).where(eq(applications.email, target.email)),
    db.delete(tokens).where(or(eq(tokens.userId, target.id), eq(tokens.email, target.email))),
    db.delete(users).where(eq(users.id, target.id)),
  ]);

  const keys = imageRows.flatMap((r) => [r.r2Key, r.displayKey, r.thumbKey]).filter((k): k is string => Boolean(k));
  for (let i = 0; i < keys.length; i += 1000) {
    try {
      await deps.env.IMAGES.delete(keys.slice(i, i + 1000));
    } catch (err) {
      // The rows are gone already: only unreachable objects are left behind.
      console.error('account deletion: R2 delete failed', { objects: keys.length, error: describeError(err) });
    }
  }
  return { deletedImages: imageRows.length };
}

export type DeleteAccountInput = z.output<typeof DeleteAccountInputSchema>;

/** DELETE /api/account: her password, and a 2FA code when two-factor sign-in is on. */
export async function deleteMyAccount(deps: Deps, actor: Actor, input: DeleteAccountInput): Promise<{ ok: true }> {
  const me = requireSession(actor);
  await enforceRateLimit(deps.env.LOGIN_ACCOUNT_LIMITER, `account:${me.email}`);
  const [row] = await deps.db.select().from(users).where(eq(users.id, me.id)).limit(1);
  if (!row) throw new AppError('UNAUTHORIZED', 'Please log in.');
  if (!(await verifyPassword(input.password, row.passwordHash))) {
    throw new AppError('BAD_REQUEST', 'The password is not correct.', { fieldErrors: { password: ['The password is not correct.'] } });
  }
  if (row.totpEnabledAt !== null) {
    const message = 'Enter the current code from your authenticator app, or an unused recovery code.';
    if (!input.code) throw new AppError('BAD_REQUEST', message, { fieldErrors: { code: [message] } });
    if (!(await useSecondFactor(deps, row, input.code))) {
      throw new AppError('BAD_REQUEST', 'That code is not right.', { fieldErrors: { code: ['That code is not right.'] } });
    }
  }
  await deleteMember(deps, row, auditEntry(deps, me, 'account.delete', { type: 'user', id: me.id }));
  return { ok: true };
}

export type AdminDeleteUserInput = z.output<typeof AdminDeleteUserInputSchema>;

/** User Management's Delete: the same deletion, by an admin (audited with her id only). */
export async function adminDeleteUser(deps: Deps, actor: Actor, input: AdminDeleteUserInput): Promise<{ ok: true; message: string }> {
  const admin: MemberActor = requireAdmin(actor);
  const [row] = await deps.db
    .select({ id: users.id, email: users.email, isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'That member was not found.');
  await deleteMember(deps, row, auditEntry(deps, admin, 'user.delete', { type: 'user', id: row.id }));
  return { ok: true, message: 'The member’s account was deleted.' };
}
