import type { AccountType } from '../../shared/constants';
import type { MembershipTerm } from '../../shared/membership-term';
import type { Language, Theme } from '../../shared/preferences';

export interface MemberActor {
  kind: 'member';
  id: number;
  name: string;
  email: string;
  type: AccountType;
  /**
   * Admin powers in every rule (policies read this): the admin flag AND a second factor, that is
   * 2FA on, or a passkey of hers behind this session (it began with one, or she added her first
   * in it). An admin without either acts as a member until she has one (DECISIONS
   * "Notifications and sign-in").
   */
  isAdmin: boolean;
  /** The admin flag as stored: she holds the role (the Admin section, SPEC's `admin` field). */
  hasAdminFlag: boolean;
  mustChangePassword: boolean;
  /** 2FA is on (DECISIONS "Privacy and trust"): admin-only calls refuse an admin without it. */
  twoFactorEnabled: boolean;
  sessionId: string;
  /** Her language, null when she chose none (issue 41: the request's own then), and her appearance. */
  language: Language | null;
  theme: Theme;
  /** Her term and its status on the request's day (DECISIONS "Membership terms"; admins: always active). */
  membership: MembershipTerm;
  /**
   * This call is one a lapsed member keeps (her own account: platform/lapsed-gate.ts). Set by the
   * transports from the one allow-list; requireMember refuses a lapsed member without it.
   */
  keepsLapsedAccess?: boolean;
}
export type Actor = { kind: 'visitor' } | MemberActor;

export const VISITOR: Actor = { kind: 'visitor' };
