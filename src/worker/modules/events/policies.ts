import type { MemberActor } from '../../platform/actor';

type EventRef = { exclusivity: string; createdBy: number | null };

const creatorOrAdmin = (a: MemberActor, event: { createdBy: number | null }) => a.isAdmin || event.createdBy === a.id;

/**
 * Who may do what with events. Services enforce these; the event DTO's `viewer` flags are
 * computed by the same functions, so the page offers exactly what the server allows.
 */
export const eventPolicy = {
  /** Founding members, Travel Hosts and admins; Standard members may not. */
  create: (a: Pick<MemberActor, 'isAdmin' | 'type'>) => a.isAdmin || a.type === 'Founding' || a.type === 'Travel Host',
  /** Edit Details: the creator or an admin. */
  edit: creatorOrAdmin,
  /** Delete Event: the creator or an admin. */
  delete: creatorOrAdmin,
  /** Draft Announcement Email to the participants: the creator or an admin. */
  announce: creatorOrAdmin,
  /** Ask for another participant's confirmation email (one's own is always allowed). */
  confirmForOthers: creatorOrAdmin,
  /** Invite-only events: joining needs an invitation, except for the creator and admins. */
  joinWithoutInvitation: (a: MemberActor, event: EventRef) => event.exclusivity === 'open' || a.isAdmin || event.createdBy === a.id,
  /** Join: without an invitation where allowed, otherwise with a pending one. */
  join: (a: MemberActor, event: EventRef, hasInvitation: boolean) => eventPolicy.joinWithoutInvitation(a, event) || hasInvitation,
  /** Any member invites others to an open event; only the creator or an admin to an invite-only one. */
  invite: (a: MemberActor, event: EventRef) => event.exclusivity === 'open' || a.isAdmin || event.createdBy === a.id,
};

/** The viewer's flags on one event (EventViewerDto), from the rules above. */
export function eventViewer(a: MemberActor, event: EventRef, state: { joined: boolean; hasInvitation: boolean }) {
  return {
    joined: state.joined,
    can_edit: eventPolicy.edit(a, event),
    can_delete: eventPolicy.delete(a, event),
    can_announce: eventPolicy.announce(a, event),
    can_join: eventPolicy.join(a, event, state.hasInvitation),
    can_invite: eventPolicy.invite(a, event),
  };
}
