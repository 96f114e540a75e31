import type { MemberActor } from '../../platform/actor';

type EventRef = { exclusivity: string; createdBy: number | null };

/** Who may do what with events. Services enforce these; DTOs carry them as viewer flags. */
export const eventPolicy = {
  /** Founding members, Travel Hosts and admins; Standard members may not. */
  create: (a: MemberActor) => a.isAdmin || a.type === 'Founding' || a.type === 'Travel Host',
  /** Edit, delete, email the participants: the creator or an admin. */
  manage: (a: MemberActor, event: { createdBy: number | null }) => a.isAdmin || event.createdBy === a.id,
  /** Invite-only events: joining needs an invitation, except for the creator and admins. */
  joinWithoutInvitation: (a: MemberActor, event: EventRef) => event.exclusivity === 'open' || a.isAdmin || event.createdBy === a.id,
  /** Any member invites others to an open event; only the creator or an admin to an invite-only one. */
  invite: (a: MemberActor, event: EventRef) => event.exclusivity === 'open' || a.isAdmin || event.createdBy === a.id,
};
