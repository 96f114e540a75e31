import * as z from 'zod';
import { IdSchema } from './common';
import { withValues } from '../message';

/*
 * Issue 43, at the door: tickets, check-in, co-hosts, who came and feedback. One schema per input
 * (REST, tRPC and the screens use them) and the answers both transports give.
 */

/** The REST error texts the issue fixes (the scanner shows them without the full stop). */
export const TICKET_NOT_VALID = /*i18n*/ 'Ticket not valid.';
export const NOT_A_PARTICIPANT = /*i18n*/ 'Not a participant of this event.';

/** How many co-hosts an event may have besides its host. */
export const MAX_CO_HOSTS = 10;
export const FEEDBACK_COMMENT_MAX = 2000;
/** A member with this many no-shows in 12 months is told so, gently, when she joins a full event's waitlist. */
export const NO_SHOW_NOTE_AT = 3;

/** What a ticket's QR code holds: "{event}.{member}.{serial}.{signature}", nothing personal. */
export const TicketTokenSchema = z
  .string({ error: /*i18n*/ 'Ticket not valid.' })
  .trim()
  .min(1, TICKET_NOT_VALID)
  .max(200, TICKET_NOT_VALID)
  .describe('The text of a ticket’s QR code');

/**
 * POST /api/events/{id}/check-in: a scanned ticket, or a member picked from the list. A check-in
 * made offline carries the time it was made (`checked_in_at`), kept when it reaches the server.
 */
const checkInFields = {
  token: TicketTokenSchema.optional(),
  member_id: IdSchema.optional(),
  checked_in_at: z.iso
    .datetime({ offset: true, error: 'checked_in_at must be an ISO 8601 date and time.' })
    .optional()
    .describe('When it was made, for a check-in queued offline (at most two days ago; never later than now)'),
};
const oneTokenOrMember = (v: { token?: string; member_id?: number }) => (v.token === undefined) !== (v.member_id === undefined);
const ONE_OF = { message: /*i18n*/ 'Give either a ticket token or a member_id.', path: ['token'] };
/** The body of POST /api/events/{id}/check-in (the event is the path's). */
export const CheckInBodySchema = z.object(checkInFields).refine(oneTokenOrMember, ONE_OF);
export const CheckInInputSchema = z.object({ id: IdSchema, ...checkInFields }).refine(oneTokenOrMember, ONE_OF);
export type CheckInInput = z.infer<typeof CheckInInputSchema>;

/** DELETE /api/events/{id}/check-in/{member_id} (undo) and POST /api/events/{id}/walk-ins. */
export const EventMemberInputSchema = z.object({ id: IdSchema, member_id: IdSchema });
export type EventMemberInput = z.infer<typeof EventMemberInputSchema>;

/** The door's walk-in search: members by name (checkIn.walkInCandidates). */
export const WalkInSearchInputSchema = z.object({
  id: IdSchema,
  q: z
    .string({ error: /*i18n*/ 'Type a name.' })
    .trim()
    .min(1, /*i18n*/ 'Type a name.')
    .max(100, /*i18n*/ 'The search has at most 100 characters.'),
});

export type WalkInSearchInput = z.infer<typeof WalkInSearchInputSchema>;

/** PUT /api/events/{id}/co-hosts: the whole list (empty clears it). */
export const CoHostsInputSchema = z.object({
  id: IdSchema,
  member_ids: z
    .array(IdSchema, { error: 'member_ids must be a list of member ids.' })
    .max(MAX_CO_HOSTS, withValues(/*i18n*/ 'An event can have at most {max} co-hosts.', { max: MAX_CO_HOSTS })),
});
export type CoHostsInput = z.infer<typeof CoHostsInputSchema>;

/** POST /api/events/{id}/feedback. */
export const FeedbackInputSchema = z.object({
  id: IdSchema,
  stars: z
    .number({ error: /*i18n*/ 'Choose from 1 to 5 stars.' })
    .int(/*i18n*/ 'Choose from 1 to 5 stars.')
    .min(1, /*i18n*/ 'Choose from 1 to 5 stars.')
    .max(5, /*i18n*/ 'Choose from 1 to 5 stars.'),
  comment: z
    .string({ error: /*i18n*/ 'The comment must be text.' })
    .trim()
    .max(FEEDBACK_COMMENT_MAX, withValues(/*i18n*/ 'The comment must be at most {max} characters.', { max: FEEDBACK_COMMENT_MAX }))
    .nullish(),
});
export type FeedbackInput = z.infer<typeof FeedbackInputSchema>;

/** A member as the door shows her: her name and, when she shows it to the viewer, her photo. */
export interface DoorMember {
  id: number;
  name: string;
  photo_url: string | null;
}

/** GET /api/events/{id}/ticket: the token and its QR code as an SVG document. */
export interface TicketDto {
  token: string;
  qr_svg: string;
}

export interface CheckInParticipant extends DoorMember {
  /** ISO 8601, or null while she has not arrived. */
  checked_in_at: string | null;
  walk_in: boolean;
}

/** GET /api/events/{id}/check-in: the list the door works from. */
export interface CheckInList {
  checked_in: number;
  total: number;
  participants: CheckInParticipant[];
}

/** A check-in's answer; `already`: she had been checked in before (at checked_in_at). */
export interface CheckInAnswer {
  member: DoorMember;
  checked_in_at: string;
  already: boolean;
}

/** A walk-in's answer: the check-in's, and whether she was added as a walk-in (false: she was on the list). */
export interface WalkInAnswer extends CheckInAnswer {
  walk_in: boolean;
}

export interface FeedbackItem {
  member: DoorMember;
  stars: number;
  comment: string | null;
  created_at: string;
}

/** GET /api/events/{id}/feedback (the host and admins): average is null while nobody has answered. */
export interface FeedbackSummary {
  average: number | null;
  count: number;
  items: FeedbackItem[];
}

/**
 * What the event page shows of the door for the viewer (checkIn.door): her ticket, who checks
 * in, who came, and the feedback, each with the flags the server's policies give her.
 */
export interface EventDoorDto {
  event_id: number;
  /** She takes part: "Your ticket" is hers (GET /api/events/{id}/ticket). */
  has_ticket: boolean;
  /** When she was checked in, if she was. */
  checked_in_at: string | null;
  /** The host, co-hosts and admins open /events/{id}/check-in. */
  can_check_in: boolean;
  /** The host (and admins) name the co-hosts. */
  can_name_co_hosts: boolean;
  co_hosts: DoorMember[];
  /**
   * After the event, when attendance was taken, to those who took part and to the host, co-hosts
   * and admins: who came; no_shows only for the host and admins (null for the others).
   */
  attendance: { came: number; total: number; who_came: DoorMember[]; no_shows: DoorMember[] | null } | null;
  feedback: {
    /** She came, the event is over and she has not answered yet. */
    can_give: boolean;
    mine: { stars: number; comment: string | null; created_at: string } | null;
    /** The host and admins: the average and how many answered. */
    summary: { average: number | null; count: number } | null;
  };
}
