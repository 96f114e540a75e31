import type { MemberActor } from '../../platform/actor';

/** What a member may change of her own account (Settings). */
export const accountPolicy = {
  /** Admins choose their own account type; a member's request carrying a type changes nothing. */
  changeOwnType: (a: Pick<MemberActor, 'isAdmin'>) => a.isAdmin,
};
