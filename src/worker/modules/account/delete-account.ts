import { and, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type * as z from 'zod';
import type { AdminDeleteUserInputSchema, DeleteAccountInputSchema } from '../../../shared/schemas/account';
import { comments } from '../../db/schema/comments';
import { eventParticipants } from '../../db/schema/events';
import { emailDeliveries } from '../../db/schema/email';
import { images } from '../../db/schema/images';
import { applications, auditLog, tokens } from '../../db/schema/membership';
import { users } from '../../db/schema/users';
import type { Actor, MemberActor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import { verifyPassword } from '../../platform/crypto';
import type { Deps } from '../../platform/deps';
import { requireAdmin, requireMember } from '../../platform/guards';
import { enforceRateLimit } from '../../platform/rate-limit';
import { useSecondFactor } from '../auth/two-factor';
import { fillFreePlaces, notifyPromoted } from '../events/waitlist';
import { finishObjectDeletions, objectDeletionWrites } from '../images/object-deletions';
import { profilePhotoKeys } from '../members/photos';
import { recheckLiveSockets } from '../notifications/live-publish';
import { circleCountsBeforeAccountDeletion } from '../circles/circle-data';
import { messagesOfDeletedMember } from '../messages/member-data';

/*
 * DECISIONS "The member's own data": deleting an account removes her profile (its row, its search
 * entry and its photo's objects: issue 22), sessions, tokens,
 * likes, comments, images, participations, properties, homes and stay requests; events she
 * created stay, hosted by 'Former member' (events.created_by is set null). D1 rows go in ONE
 * atomic batch, which also notes her R2 objects for deletion; the objects go after it, so a
 * failure never leaves a row pointing at a missing object, and what R2 refuses then is deleted
 * by the housekeeping (images/object-deletions.ts, issue 44). Rows that reference users with ON DELETE CASCADE
 * (sessions, participations, waitlist places, reminder records, likes, tokens, 2FA, passkeys and
 * their user handle and challenges, properties, homes, stays, email opt-outs) go with the users row; those that would only be set null
 * (comments, images, deliveries to her) and those keyed by her address (her application,
 * registration tokens) are deleted explicitly; her messages lose their text (issue 38: the
 * conversations stay for the others, her part of them "Message deleted" by "Deleted member").
 * The places she held at events go, in the same batch, to the first members waiting, who are
 * emailed. Her circles' posts stay, by a former member, as her events do (issue 39); the counts
 * of her circles and of posts she commented on or liked are corrected in the same batch.
 */

export const LAST_ADMIN_MESSAGE =
  /*i18n*/ 'You are the last administrator: the club would have nobody to run it. Make another member an admin first, then delete your account.';

/** The last-admin rule (DECISIONS "The member's own data"): deleting her would leave the club without one. */
export function leavesNoAdmin(target: { isAdmin: boolean }, otherAdmins: number): boolean {
  return target.isAdmin && otherAdmins === 0;
}

/**
 * The same rule inside the batch, in SQL: she is no admin now, or another admin exists now. Every
 * statement of the deletion carries it, so the batch (one transaction) does all of it or none:
 * a promotion or demotion between the first read and the batch cannot leave the club adminless.
 */
function stillAllowedSql(targetId: number) {
  return sql`(not exists (select 1 from ${users} where ${users.id} = ${targetId} and ${users.isAdmin} = 1)
    or exists (select 1 from ${users} where ${users.isAdmin} = 1 and ${users.id} <> ${targetId}))`;
}

/** What goes: one batch of D1 deletes, then the R2 objects of her images. */
async function deleteMember(
  deps: Deps,
  target: { id: number; email: string; isAdmin: boolean },
  actor: MemberActor,
  action: 'account.delete' | 'user.delete',
) {
  const db = deps.db;
  const [otherAdmins, imageRows, placesHeld] = await db.batch([
    db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.isAdmin, true), ne(users.id, target.id))),
    db
      .select({ id: images.id, r2Key: images.r2Key, displayKey: images.displayKey, thumbKey: images.thumbKey })
      .from(images)
      .where(eq(images.uploadedBy, target.id)),
    // The events where her place frees up for the first member waiting.
    db.select({ eventId: eventParticipants.eventId }).from(eventParticipants).where(eq(eventParticipants.userId, target.id)),
  ]);
  // The clear answer in the usual case; the guarded batch below holds the rule under races.
  if (leavesNoAdmin(target, otherAdmins[0]?.n ?? 0)) throw new AppError('CONFLICT', LAST_ADMIN_MESSAGE);
  // Her profile row and its search entry go with her users row (cascade, trigger); its photo after.
  const photoKeys = await profilePhotoKeys(deps, target.id);

  // Her bytes are noted for deletion in the same batch as her rows (images/object-deletions.ts).
  const keys = [...imageRows.flatMap((r) => [r.r2Key, r.displayKey, r.thumbKey]), ...photoKeys].filter((k): k is string => Boolean(k));
  const allowed = stillAllowedSql(target.id);
  const [promote, forget] = fillFreePlaces(
    deps,
    placesHeld.map((p) => p.eventId),
    deps.now(),
  );
  const [circleMembers, postComments, postLikes] = circleCountsBeforeAccountDeletion(deps, target.id, allowed);
  const [, , , audit, , , , , , , , deleted, promoted] = await db.batch([
    // Issue 39: the counts kept on her circles and the posts she commented on or liked lose hers.
    circleMembers,
    postComments,
    postLikes,
    // First: its actor_id is set null by the users delete below, so the entry keeps no link to her.
    db
      .insert(auditLog)
      .select(
        // Every column in table order (drizzle's insert … select); id is left to SQLite.
        db
          .select({
            id: sql<number>`null`.as('id'),
            actorId: sql<number>`${actor.id}`.as('actor_id'),
            action: sql<string>`${action}`.as('action'),
            targetType: sql<string>`'user'`.as('target_type'),
            targetId: sql<string>`${String(target.id)}`.as('target_id'),
            details: sql<null>`null`.as('details'),
            createdAt: sql<number>`${deps.now()}`.as('created_at'),
          })
          .from(sql`(select 1)`)
          .where(allowed),
      )
      .returning({ id: auditLog.id }),
    // Others' replies to her comments go with them, as they do when she deletes one (issue 46 point 11).
    db
      .delete(comments)
      .where(and(inArray(comments.parentId, db.select({ id: comments.id }).from(comments).where(eq(comments.userId, target.id))), allowed)),
    db.delete(comments).where(and(eq(comments.userId, target.id), allowed)),
    db.delete(images).where(and(eq(images.uploadedBy, target.id), allowed)),
    db.delete(emailDeliveries).where(and(eq(emailDeliveries.userId, target.id), allowed)),
    db.delete(applications).where(and(eq(applications.email, target.email), allowed)),
    db.delete(tokens).where(and(or(eq(tokens.userId, target.id), eq(tokens.email, target.email)), allowed)),
    // Issue 38: her messages' text goes; the others see "Message deleted" from "Deleted member".
    messagesOfDeletedMember(deps, target.id, allowed),
    db
      .delete(users)
      .where(and(eq(users.id, target.id), allowed))
      .returning({ id: users.id }),
    // After her participations and waitlist rows went with her row: fill the places she left.
    promote,
    forget,
    ...objectDeletionWrites(deps, keys),
  ]);
  // Every statement had the same guard in one transaction: refused, nothing was deleted nor audited.
  if (audit.length === 0) throw new AppError('CONFLICT', LAST_ADMIN_MESSAGE);
  if (deleted.length === 0) throw new AppError('NOT_FOUND', /*i18n*/ 'That member was not found.');
  recheckLiveSockets(deps, target.id);
  await notifyPromoted(deps, promoted);

  // What R2 refuses now stays noted, and the housekeeping deletes it (issue 44).
  await finishObjectDeletions(deps, keys);
  return { deletedImages: imageRows.length };
}

export type DeleteAccountInput = z.output<typeof DeleteAccountInputSchema>;

/**
 * DELETE /api/account: her password, and a 2FA code when two-factor sign-in is on. Not while a
 * password an admin reset is still to be changed: the temporary password is known to that admin,
 * and until the change the account does nothing else (requireMember).
 */
export async function deleteMyAccount(deps: Deps, actor: Actor, input: DeleteAccountInput): Promise<{ ok: true }> {
  const me = requireMember(actor);
  await enforceRateLimit(deps.env, 'LOGIN_ACCOUNT_LIMITER', `account:${me.email}`);
  const [row] = await deps.db.select().from(users).where(eq(users.id, me.id)).limit(1);
  if (!row) throw new AppError('UNAUTHORIZED', /*i18n*/ 'Please log in.');
  if (!(await verifyPassword(input.password, row.passwordHash))) {
    throw new AppError('BAD_REQUEST', /*i18n*/ 'The password is not correct.', {
      fieldErrors: { password: ['The password is not correct.'] },
    });
  }
  if (row.totpEnabledAt !== null) {
    const message = 'Enter the current code from your authenticator app, or an unused recovery code.';
    if (!input.code) throw new AppError('BAD_REQUEST', message, { fieldErrors: { code: [message] } });
    if (!(await useSecondFactor(deps, row, input.code))) {
      throw new AppError('BAD_REQUEST', /*i18n*/ 'That code is not right.', { fieldErrors: { code: ['That code is not right.'] } });
    }
  }
  await deleteMember(deps, row, me, 'account.delete');
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
  if (!row) throw new AppError('NOT_FOUND', /*i18n*/ 'That member was not found.');
  await deleteMember(deps, row, admin, 'user.delete');
  return { ok: true, message: 'The member’s account was deleted.' };
}
