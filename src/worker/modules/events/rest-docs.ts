import { JOIN_REQUEST_STATUSES, JoinRequestIdInputSchema } from '../../../shared/schemas/events';
import * as z from 'zod';
import { EVENT_TYPES, EXCLUSIVITY } from '../../../shared/constants';
import {
  AcceptInvitationInputSchema,
  CreateEventInputSchema,
  EventAnnouncementInputSchema,
  EventIdInputSchema,
  InviteMembersInputSchema,
  ListEventsInputSchema,
  SendConfirmationInputSchema,
  UpdateEventInputSchema,
} from '../../../shared/schemas/events';
import { describeRoutes, IsoDate, IsoDateTime, OkSchema } from '../../platform/openapi';
import type { eventsRoutes } from './rest';

const ParticipantSchema = z
  .object({
    user_id: z.number().int(),
    name: z.string(),
    photo_url: z.string().nullable().describe('Her small profile photo when she shows it to the viewer (issue 22), else null'),
  })
  .meta({ id: 'EventParticipant' });

const ViewerSchema = z
  .object({
    joined: z.boolean(),
    state: z.enum(['participant', 'waitlisted', 'none']),
    waitlist_place: z.number().int().nullable(),
    can_see_details: z.boolean(),
    can_edit: z.boolean(),
    can_delete: z.boolean(),
    can_announce: z.boolean(),
    can_change_banner: z.boolean(),
    can_join: z.boolean(),
    can_invite: z.boolean(),
    can_leave_waitlist: z.boolean(),
    can_see_waitlist: z.boolean(),
    can_ask_to_join: z
      .boolean()
      .describe('Ask to join: an invite-only event she may not join and has not asked for (the event page; false in lists)'),
    join_request: z.enum(JOIN_REQUEST_STATUSES).nullable().describe('Her request to join it (the event page; null in lists)'),
  })
  .meta({ id: 'EventViewer', description: "The viewer's state and what the server's policies let her do with this event." });

const JoinRequestSchema = z
  .object({
    id: z.number().int(),
    event_id: z.number().int(),
    user_id: z.number().int(),
    name: z.string(),
    status: z.enum(JOIN_REQUEST_STATUSES),
    created_at: IsoDateTime,
  })
  .meta({ id: 'EventJoinRequest' });
const JoinAnswerSchema = z.object({ id: z.number().int(), status: z.enum(['approved', 'declined']) });

/** SPEC 3 "Event" as both transports answer it (EventDto). */
export const EventSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    type: z.enum(EVENT_TYPES),
    exclusivity: z.enum(EXCLUSIVITY),
    description: z.string(),
    note: z.string().nullable(),
    color: z.string(),
    event_date: IsoDate.describe('YYYY-MM-DD in the event’s time zone'),
    end_date: IsoDate.nullable(),
    start_time: z.string().describe('HH:MM'),
    end_time: z.string().describe('HH:MM'),
    time_zone: z.string().describe('IANA time zone'),
    is_physical: z.boolean(),
    location: z.string().nullable(),
    zip_code: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    country: z.string().nullable(),
    virtual_link: z.string().nullable(),
    capacity: z.number().int().nullable(),
    starts_at: IsoDateTime,
    ends_at: IsoDateTime,
    bannerImage: z
      .object({ id: z.number().int(), url: z.string().describe('Its bytes (members only), as image_url') })
      .nullable()
      .describe("SPEC 3's bannerImage: the banner, one of the event's own images; null without one, or when the details are withheld"),
    banner_image_id: z.number().int().nullable().describe('bannerImage.id, under its older name'),
    image_url: z.string().nullable().describe('bannerImage.url, under its older name (SPEC 3)'),
    created_by: z.number().int().nullable(),
    creator_name: z.string().nullable(),
    participants: z.array(ParticipantSchema).describe('Empty in lists and when the viewer may not see the details'),
    participant_count: z.number().int().nullable(),
    is_full: z.boolean(),
    waitlist: z.array(ParticipantSchema),
    is_past: z.boolean(),
    viewer: ViewerSchema,
    circle: z
      .object({ id: z.number().int(), slug: z.string(), name: z.string() })
      .nullable()
      .describe('The circle it belongs to (issue 39), or null'),
  })
  .meta({ id: 'Event' });

const EventRefSchema = z.object({ id: z.string().describe('The numeric id, or the slug') });
const eventId = { params: EventIdInputSchema };
const invitedEvent = z.object({ id: z.number().int(), title: z.string(), slug: z.string() });
const joined = {
  ok: z.literal(true),
  already_joined: z.boolean(),
  joined: z.boolean(),
  event: z.object({ id: z.number().int(), title: z.string() }),
  no_show_note: z
    .string()
    .nullable()
    .describe('On joining a full event’s waitlist after 3 no-shows in 12 months: a gentle note (issue 43); else null'),
};
const ics = { description: 'An iCalendar file.', mediaType: 'text/calendar' };

/** SPEC 7 "Events" (events.ts, participation.ts, event-emails.ts, calendar-feed.ts). */
export const eventsRestDocs = describeRoutes<typeof eventsRoutes>()('Events', {
  'GET /api/events': {
    operationId: 'listEvents',
    summary: 'A page of the events: the upcoming ones (soonest first), then the past ones (latest first)',
    access: 'member',
    query: ListEventsInputSchema,
    paged: true,
    responses: { 200: z.array(EventSchema) },
  },
  'GET /api/events/mine': {
    operationId: 'listMySchedule',
    summary: 'The upcoming events she joined or waits for',
    access: 'member',
    responses: { 200: z.array(EventSchema) },
  },
  'POST /api/events': {
    operationId: 'createEvent',
    summary: 'Create an event (Founding members, Travel Hosts and admins)',
    description: "Empty fields take SPEC 5's defaults.",
    access: 'member',
    body: CreateEventInputSchema,
    responses: { 201: z.object({ id: z.number().int(), slug: z.string(), event: EventSchema }) },
  },
  'POST /api/events/invite': {
    operationId: 'inviteMembers',
    summary: 'Invite members to an event (each gets an email with a link that joins)',
    access: 'member',
    body: InviteMembersInputSchema,
    responses: {
      200: z.object({
        ok: z.literal(true),
        invited: z.number().int(),
        skipped: z.array(z.number().int()),
        already_invited_names: z.array(z.string()),
        message: z.string(),
      }),
    },
    errors: [404, 429],
  },
  'GET /api/events/invite/:token': {
    operationId: 'acceptInvitation',
    summary: "Accept an event invitation (the emailed link's token)",
    access: 'member',
    params: AcceptInvitationInputSchema,
    responses: {
      200: z.union([
        z.object({ status: z.literal('joined'), place: z.null(), joined: z.boolean(), event: invitedEvent }),
        z.object({ status: z.literal('waitlisted'), place: z.number().int().nullable(), joined: z.boolean(), event: invitedEvent }),
      ]),
    },
    errors: [404],
  },
  'POST /api/events/send-confirmation': {
    operationId: 'sendJoinConfirmation',
    summary: 'Email her (or, for the creator or an admin, a participant) the confirmation of joining',
    access: 'member',
    body: SendConfirmationInputSchema,
    responses: { 200: z.object({ ok: z.literal(true), message: z.string() }) },
    errors: [404, 409],
  },
  'GET /api/events/:id': {
    operationId: 'getEvent',
    summary: 'One event, with its participants (by id or slug)',
    access: 'member',
    params: EventRefSchema,
    responses: { 200: EventSchema },
    errors: [404],
  },
  'PUT /api/events/:id': {
    operationId: 'updateEvent',
    summary: 'Edit an event (its creator or an admin)',
    description: 'Empty date and time fields keep the old values (SPEC 5); `date` is the older name of `event_date`.',
    access: 'member',
    ...eventId,
    body: UpdateEventInputSchema.omit({ id: true }),
    responses: { 200: EventSchema },
    errors: [404],
  },
  'DELETE /api/events/:id': {
    operationId: 'deleteEvent',
    summary: 'Delete an event (its creator or an admin)',
    access: 'member',
    ...eventId,
    responses: { 200: OkSchema },
    errors: [404],
  },
  'POST /api/events/:id/join': {
    operationId: 'joinEvent',
    summary: 'Join an event, or its waitlist when it is full',
    access: 'member',
    ...eventId,
    responses: {
      200: z.union([
        z.object({ ...joined, status: z.literal('joined'), place: z.null() }),
        z.object({ ...joined, status: z.literal('waitlisted'), place: z.number().int().nullable().describe('1: next in line') }),
      ]),
    },
    errors: [404, 409],
  },
  'DELETE /api/events/:id/leave': {
    operationId: 'leaveEvent',
    summary: 'Leave an event or its waitlist (the first one waiting takes the place)',
    access: 'member',
    ...eventId,
    responses: { 200: z.object({ ok: z.literal(true), left: z.boolean(), left_waitlist: z.boolean() }) },
    errors: [404],
  },
  'POST /api/events/:id/announcement': {
    operationId: 'sendEventAnnouncement',
    summary: "Email the event's participants (its creator or an admin)",
    access: 'member',
    ...eventId,
    body: EventAnnouncementInputSchema.omit({ eventId: true }),
    responses: { 200: z.object({ ok: z.literal(true), recipients: z.number().int(), message: z.string() }) },
    errors: [404, 429],
  },
  'POST /api/events/:id/join-requests': {
    operationId: 'askToJoinEvent',
    summary: 'Ask to join an invite-only event (once per member and event); its host is told',
    access: 'member',
    ...eventId,
    responses: { 201: z.object({ id: z.number().int(), status: z.enum(JOIN_REQUEST_STATUSES) }) },
    errors: [400, 404, 409],
    description:
      '400 when the event is open or she may join it without asking (its host, an admin); 409 when she takes part, is invited, or asked already.',
  },
  'GET /api/events/:id/join-requests': {
    operationId: 'listEventJoinRequests',
    summary: 'The pending requests to join an invite-only event, oldest first (its host or an admin)',
    access: 'member',
    ...eventId,
    responses: { 200: z.array(JoinRequestSchema) },
    errors: [403, 404],
  },
  'POST /api/events/:id/join-requests/:request_id/approve': {
    operationId: 'approveEventJoinRequest',
    summary: 'Invite the member who asked (the usual invitation and its email); she is told',
    access: 'member',
    params: JoinRequestIdInputSchema,
    responses: { 200: JoinAnswerSchema },
    errors: [403, 404, 409],
  },
  'POST /api/events/:id/join-requests/:request_id/decline': {
    operationId: 'declineEventJoinRequest',
    summary: 'Decline a request to join; she is told',
    access: 'member',
    params: JoinRequestIdInputSchema,
    responses: { 200: JoinAnswerSchema },
    errors: [403, 404, 409],
  },
  'GET /api/events/:id/ics': {
    operationId: 'getEventIcs',
    summary: 'The event as an iCalendar file',
    access: 'member',
    ...eventId,
    responses: { 200: { ...ics, headers: { 'Content-Disposition': 'attachment; filename="….ics"' } } },
    errors: [404],
  },
  'GET /calendar-feed/:file': {
    operationId: 'getCalendarFeed',
    summary: 'Her calendar feed: the events she joined, for a calendar app to subscribe to ({token}.ics from Settings)',
    description: 'The path carries her secret feed token, so no session is needed. A lapsed member’s feed answers 403.',
    access: 'public',
    refusesLapsed: true,
    params: { file: z.string().describe('{token}.ics') },
    responses: { 200: ics },
    errors: [404, 429],
  },
});
