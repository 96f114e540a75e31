import * as z from 'zod';
import { CheckInBodySchema, CoHostsInputSchema, EventMemberInputSchema, FeedbackInputSchema } from '../../../shared/schemas/check-in';
import { EventIdInputSchema } from '../../../shared/schemas/events';
import { describeRoutes, IsoDateTime } from '../../platform/openapi';
import type { checkInRoutes } from './rest';

const DoorMemberSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    photo_url: z.string().nullable().describe('Her small profile photo when she shows it to the viewer, else null'),
  })
  .meta({ id: 'DoorMember' });

const CheckInAnswerSchema = z
  .object({
    member: DoorMemberSchema,
    checked_in_at: IsoDateTime,
    already: z.boolean().describe('She had been checked in before, at checked_in_at: nothing changed'),
  })
  .meta({ id: 'CheckInAnswer' });

const eventId = { params: EventIdInputSchema };
const eventMember = { params: EventMemberInputSchema };

/** Issue 43's routes (modules/check-in, with the ticket of modules/events/tickets.ts). */
export const checkInRestDocs = describeRoutes<typeof checkInRoutes>()('Check-in', {
  'GET /api/events/:id/ticket': {
    operationId: 'getEventTicket',
    summary: 'Her ticket to the event: a signed token and its QR code (participants only)',
    description:
      'The token holds the event and member ids and an HMAC under a Worker secret, nothing personal; leaving the event voids it. 404 for anyone who does not take part (the waitlist has no ticket).',
    access: 'member',
    ...eventId,
    responses: { 200: z.object({ token: z.string(), qr_svg: z.string().describe('The QR code of the token, an SVG document') }) },
    errors: [404],
  },
  'GET /api/events/:id/check-in': {
    operationId: 'listEventCheckIns',
    summary: 'The door’s list: every participant with her face, and how many are checked in (host, co-hosts, admins)',
    access: 'member',
    ...eventId,
    responses: {
      200: z.object({
        checked_in: z.number().int(),
        total: z.number().int(),
        participants: z.array(
          DoorMemberSchema.extend({
            checked_in_at: IsoDateTime.nullable(),
            walk_in: z.boolean(),
          }),
        ),
      }),
    },
    errors: [404],
  },
  'POST /api/events/:id/check-in': {
    operationId: 'checkInToEvent',
    summary: 'Check a participant in, by her ticket’s token or by member_id (host, co-hosts, admins)',
    description:
      "The same ticket twice counts once (`already`). 400 'Ticket not valid.' for a token the club did not sign, one of another event or a voided one; 404 'Not a participant of this event.'",
    access: 'member',
    ...eventId,
    body: CheckInBodySchema,
    responses: { 200: CheckInAnswerSchema },
    errors: [404],
  },
  'DELETE /api/events/:id/check-in/:member_id': {
    operationId: 'undoEventCheckIn',
    summary: 'Undo a check-in (host, co-hosts, admins)',
    access: 'member',
    ...eventMember,
    responses: { 204: { description: 'She is not checked in (any more).' } },
    errors: [404],
  },
  'POST /api/events/:id/walk-ins': {
    operationId: 'addEventWalkIn',
    summary: 'A member who is not on the list comes in: she becomes a participant, checked in, even beyond the capacity',
    description: '201 when she was added as a walk-in; 200 when she was on the list already (then she is simply checked in).',
    access: 'member',
    ...eventId,
    body: EventMemberInputSchema.omit({ id: true }),
    responses: {
      201: CheckInAnswerSchema.extend({ walk_in: z.boolean() }),
      200: CheckInAnswerSchema.extend({ walk_in: z.boolean() }),
    },
    errors: [404],
  },
  'PUT /api/events/:id/co-hosts': {
    operationId: 'setEventCoHosts',
    summary: 'Name the members who check guests in beside the host (the host, or an admin); replaces the list',
    access: 'member',
    ...eventId,
    body: CoHostsInputSchema.omit({ id: true }),
    responses: { 200: z.object({ co_hosts: z.array(DoorMemberSchema) }) },
    errors: [404],
  },
  'POST /api/events/:id/feedback': {
    operationId: 'giveEventFeedback',
    summary: 'Her feedback on an event she came to: 1 to 5 stars and an optional comment, once, after the event',
    description: '403 for a member who was not checked in, and for its host; 409 before the event is over, or a second time.',
    access: 'member',
    ...eventId,
    body: FeedbackInputSchema.omit({ id: true }),
    responses: { 201: z.object({ stars: z.number().int(), comment: z.string().nullable(), created_at: IsoDateTime }) },
    errors: [404, 409, 429],
  },
  'GET /api/events/:id/feedback': {
    operationId: 'listEventFeedback',
    summary: 'The feedback on an event, newest first, and its average (the host and admins)',
    access: 'member',
    ...eventId,
    responses: {
      200: z.object({
        average: z.number().nullable().describe('The mean of the stars; null while nobody has answered'),
        count: z.number().int(),
        items: z.array(
          z.object({ member: DoorMemberSchema, stars: z.number().int(), comment: z.string().nullable(), created_at: IsoDateTime }),
        ),
      }),
    },
    errors: [404],
  },
});
