import type { Actor, MemberActor } from './actor';
import { AppError } from './lib/app-error';

/**
 * Who may do what. Services call these; transports never decide. Each returns a boolean;
 * the require* helpers throw the matching AppError.
 */
export const can = {
  createEvent: (a: MemberActor) => a.isAdmin || a.type === 'Founding' || a.type === 'Travel Host',
  manageEvent: (a: MemberActor, event: { createdBy: number | null }) => a.isAdmin || event.createdBy === a.id,
  manageImage: (a: MemberActor, image: { uploadedBy: number | null }) => a.isAdmin || image.uploadedBy === a.id,
  editComment: (a: MemberActor, comment: { userId: number | null }) => comment.userId === a.id,
  deleteComment: (a: MemberActor, comment: { userId: number | null }) => a.isAdmin || comment.userId === a.id,
  /** Invite-only events: joining needs an invitation, except for the creator and admins. */
  joinWithoutInvitation: (a: MemberActor, event: { exclusivity: string; createdBy: number | null }) =>
    event.exclusivity === 'open' || a.isAdmin || event.createdBy === a.id,
  /** Any member invites others to an open event; only the creator or an admin to an invite-only one. */
  inviteToEvent: (a: MemberActor, event: { exclusivity: string; createdBy: number | null }) =>
    event.exclusivity === 'open' || a.isAdmin || event.createdBy === a.id,
  changeAccountType: (a: MemberActor) => a.isAdmin,
};

/** A signed-in member (who is not stuck on a forced password change). */
export function requireMember(actor: Actor): MemberActor {
  if (actor.kind !== 'member') throw new AppError('UNAUTHORIZED', 'Please log in.');
  if (actor.mustChangePassword) {
    throw new AppError('FORBIDDEN', 'You must choose a new password before continuing.');
  }
  return actor;
}

/** A signed-in member, even one who must still change the password (for that change only). */
export function requireSession(actor: Actor): MemberActor {
  if (actor.kind !== 'member') throw new AppError('UNAUTHORIZED', 'Please log in.');
  return actor;
}

export function requireAdmin(actor: Actor): MemberActor {
  const member = requireMember(actor);
  if (!member.isAdmin) throw new AppError('FORBIDDEN', 'Administrators only.');
  return member;
}

export function ensure(allowed: boolean, message = 'You are not allowed to do this.'): void {
  if (!allowed) throw new AppError('FORBIDDEN', message);
}
