import type { MemberActor } from '../../platform/actor';

type DoorEvent = { createdBy: number | null };

const hostOrAdmin = (a: MemberActor, event: DoorEvent) => a.isAdmin || event.createdBy === a.id;

/**
 * Who may do what at the door (issue 43). The services enforce these; the event page's door DTO
 * (door.ts) answers the same functions as flags.
 */
export const doorPolicy = {
  /** The check-in screen, check-ins, undo and walk-ins: the host, her co-hosts and admins. */
  checkIn: (a: MemberActor, event: DoorEvent, isCoHost: boolean) => hostOrAdmin(a, event) || isCoHost,
  /** Naming the co-hosts: the host (and admins, who may edit any event). */
  nameCoHosts: hostOrAdmin,
  /** Who did not come, by name: the host and admins. */
  seeNoShows: hostOrAdmin,
  /** The stars and comments, and their average: the host and admins only. */
  seeFeedback: hostOrAdmin,
  /** Feedback is the guests' word on the event: its host does not rate her own. */
  giveFeedback: (a: MemberActor, event: DoorEvent) => event.createdBy !== a.id,
};

export const CHECK_IN_REFUSED = /*i18n*/ 'Only the event’s host, its co-hosts and admins can check guests in.';
export const CO_HOSTS_REFUSED = /*i18n*/ 'Only the event’s host or an admin can name its co-hosts.';
export const FEEDBACK_NOT_THE_HOST = /*i18n*/ 'The host does not give feedback on her own event.';
export const FEEDBACK_HIDDEN = /*i18n*/ 'The feedback on an event is for its host and the admins.';
