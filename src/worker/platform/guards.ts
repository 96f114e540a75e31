import type { Actor, MemberActor } from './actor';
import { AppError } from './app-error';
import { lapsedMessage } from '../../shared/membership-term';

/*
 * The role checks every module shares. What a member may do with a given thing lives in that
 * module's policies.ts; services call both, transports neither.
 */

/** A signed-in member (who is not stuck on a forced password change, nor lapsed but on her own account). */
export function requireMember(actor: Actor): MemberActor {
  if (actor.kind !== 'member') throw new AppError('UNAUTHORIZED', /*i18n*/ 'Please log in.');
  if (actor.mustChangePassword) {
    throw new AppError('FORBIDDEN', /*i18n*/ 'You must choose a new password before continuing.');
  }
  // DECISIONS "Membership terms": a lapsed member keeps her own account (the allow-list of
  // platform/lapsed-gate.ts) and nothing else. Admins never lapse (their status is always active).
  if (actor.membership.status === 'lapsed' && !actor.keepsLapsedAccess) {
    throw new AppError('MEMBERSHIP_LAPSED', lapsedMessage(actor.membership.renews_on));
  }
  return actor;
}

/** A signed-in member, even one who must still change the password (for that change only). */
export function requireSession(actor: Actor): MemberActor {
  if (actor.kind !== 'member') throw new AppError('UNAUTHORIZED', /*i18n*/ 'Please log in.');
  return actor;
}

/**
 * She holds the admin role (auth status's can.admin: the Admin section is hers). Her admin
 * powers, in requireAdmin and in every module's policies, also need a second factor: `member.isAdmin`.
 */
export const isAdmin = (member: Pick<MemberActor, 'hasAdminFlag'>): boolean => member.hasAdminFlag;

/**
 * An admin whose powers wait for a second factor (no 2FA, and no passkey behind this session):
 * she is sent to Settings (auth status's needsTwoFactorSetup), to set one up or to sign in with
 * her passkey.
 */
export const needsTwoFactorSetup = (member: Pick<MemberActor, 'hasAdminFlag' | 'isAdmin'>): boolean => isAdmin(member) && !member.isAdmin;

export const TWO_FACTOR_REQUIRED_MESSAGE =
  /*i18n*/ 'Administrators sign in with a second factor: a passkey or two-factor sign-in. Please set one up in Settings first, or sign in with your passkey.';

/** Every admin-only route and procedure: an admin, with a second factor (DECISIONS "Privacy and trust"). */
export function requireAdmin(actor: Actor): MemberActor {
  const member = requireMember(actor);
  if (!isAdmin(member)) throw new AppError('FORBIDDEN', /*i18n*/ 'Administrators only.');
  if (needsTwoFactorSetup(member)) throw new AppError('TWO_FACTOR_REQUIRED', TWO_FACTOR_REQUIRED_MESSAGE);
  return member;
}

export function ensure(allowed: boolean, message = 'You are not allowed to do this.'): void {
  if (!allowed) throw new AppError('FORBIDDEN', message);
}
