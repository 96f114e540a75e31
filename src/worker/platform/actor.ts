import type { AccountType } from '../../shared/constants';

export interface MemberActor {
  kind: 'member';
  id: number;
  name: string;
  email: string;
  type: AccountType;
  isAdmin: boolean;
  mustChangePassword: boolean;
  sessionId: string;
}
export type Actor = { kind: 'visitor' } | MemberActor;

export const VISITOR: Actor = { kind: 'visitor' };
