import type { AccountType } from '../../shared/constants';

export interface MemberActor {
  kind: 'member';
  id: number;
  name: string;
  email: string;
  type: AccountType;
  isAdmin: boolean;
  mustChangePassword: boolean;
  /** 2FA is on (DECISIONS "Privacy and trust"): admin-only calls refuse an admin without it. */
  twoFactorEnabled: boolean;
  sessionId: string;
}
export type Actor = { kind: 'visitor' } | MemberActor;

export const VISITOR: Actor = { kind: 'visitor' };
