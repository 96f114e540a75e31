import type { MemberActor } from '../../platform/actor';

type Target = { id: number };

/**
 * What an admin may do with a member on User Management (any account type may be set by any
 * admin, so that needs no rule here). listUsers puts the answers on each row; users.ts enforces them.
 */
export const userAdminPolicy = {
  /** Grant anyone the flag; remove it from anyone but oneself (so an admin always remains). */
  setAdmin: (admin: MemberActor, target: Target, makeAdmin: boolean) => makeAdmin || target.id !== admin.id,
  /** A temporary password for someone else; one's own password is changed in Settings. */
  resetPassword: (admin: MemberActor, target: Target) => target.id !== admin.id,
};
