import * as z from 'zod';
import { EVENT_TYPES, EXCLUSIVITY, type EventType, type Exclusivity } from '../constants';
import { isCountry, UNITED_STATES } from '../countries';
import type { FieldErrors } from '../errors';
import { isValidTimeZone } from '../date-format';
import { isUsState } from '../us-states';
import { IdSchema, TokenSchema } from './common';
import { PageQuerySchema, type Page } from './page';
import { withValues } from '../message';

// The event form sends every field, often empty: an empty value means "use the default" on create
// (SPEC 5) and "keep the old value" for the date and times on edit. So each field accepts '' and
// null besides a valid value; the service decides what empty means.

export const EVENT_LIMITS = {
  title: 120,
  description: 5000,
  note: 5000,
  location: 200,
  zip: 20,
  city: 100,
  state: 100,
  country: 100,
  link: 2048,
} as const;

const text = (label: string, max: number) =>
  z
    .string({ error: withValues(/*i18n*/ '{label} must be text.', { label }) })
    .trim()
    .max(max, withValues(/*i18n*/ '{label} must be at most {max} characters.', { label, max }))
    .nullish();

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date (rejects 2026-02-30). */
export function isIsoDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const dt = new Date(Date.UTC(y!, m! - 1, d!));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m! - 1 && dt.getUTCDate() === d;
}
const dateField = (label: string) =>
  z
    .string({ error: withValues(/*i18n*/ '{label} must be a date.', { label }) })
    .trim()
    .refine((v) => v === '' || isIsoDate(v.slice(0, 10)), withValues(/*i18n*/ '{label} must be a valid date (yyyy-mm-dd).', { label }))
    // An ISO timestamp ("2026-03-05T00:00:00.000Z") is read as its date.
    .transform((v) => v.slice(0, 10))
    .nullish();

export const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeField = (label: string) =>
  z
    .string({ error: withValues(/*i18n*/ '{label} must be a time.', { label }) })
    .trim()
    .regex(/^(?:([01]\d|2[0-3]):[0-5]\d)?$/, withValues(/*i18n*/ '{label} must be in HH:MM format.', { label }))
    .nullish();

export const COLOR_RE = /^#[0-9a-fA-F]{6}$/;

/** The most places an event may offer; far beyond any gathering the club holds. */
export const MAX_EVENT_CAPACITY = 10_000;
const CAPACITY_MESSAGE = /*i18n*/ 'Capacity must be a whole number of at least 1 (leave it empty for no limit).';

/**
 * How many members may take part: a whole number from 1, or empty ('' or null) for no limit. The
 * form sends text, so digits are read as the number. Left out on an edit, the capacity is kept.
 */
const capacityField = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? null : /^\d+$/.test(v.trim()) ? Number(v.trim()) : v) : v),
  z
    .number({ error: CAPACITY_MESSAGE })
    .int(CAPACITY_MESSAGE)
    .min(1, CAPACITY_MESSAGE)
    .max(MAX_EVENT_CAPACITY, withValues(/*i18n*/ 'Capacity must be at most {max}.', { max: MAX_EVENT_CAPACITY.toLocaleString('en-US') }))
    .nullish(),
);

/** http and https only: a javascript: or data: link must never reach a member's click. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const EventFields = {
  title: text(/*i18n*/ 'Title', EVENT_LIMITS.title),
  // 'none' is the form's "Select a type" placeholder.
  type: z.enum([...EVENT_TYPES, '', 'none'], { error: /*i18n*/ 'Choose an event type from the list.' }).nullish(),
  exclusivity: z.enum([...EXCLUSIVITY, ''], { error: /*i18n*/ 'Exclusivity must be open or invite-only.' }).nullish(),
  description: text(/*i18n*/ 'Description', EVENT_LIMITS.description),
  note: text(/*i18n*/ 'Note', EVENT_LIMITS.note),
  color: z
    .string()
    .trim()
    .regex(/^(#[0-9a-fA-F]{6})?$/, /*i18n*/ 'Colour must be a hex value such as #d3d3d3.')
    .nullish(),
  event_date: dateField(/*i18n*/ 'Date'),
  end_date: dateField(/*i18n*/ 'End date'),
  start_time: timeField(/*i18n*/ 'Start time'),
  end_time: timeField(/*i18n*/ 'End time'),
  time_zone: z
    .string()
    .trim()
    .max(64)
    .refine((v) => v === '' || isValidTimeZone(v), /*i18n*/ 'Choose a time zone from the list.')
    .nullish(),
  is_physical: z.boolean({ error: /*i18n*/ 'Location type must be Physical or Virtual.' }).nullish(),
  location: text(/*i18n*/ 'Address', EVENT_LIMITS.location),
  zip_code: text(/*i18n*/ 'Zip code', EVENT_LIMITS.zip),
  city: text(/*i18n*/ 'City', EVENT_LIMITS.city),
  state: text(/*i18n*/ 'State', EVENT_LIMITS.state),
  country: text(/*i18n*/ 'Country', EVENT_LIMITS.country).refine((v) => !v || isCountry(v), /*i18n*/ 'Choose a country from the list.'),
  virtual_link: text(/*i18n*/ 'Virtual link', EVENT_LIMITS.link).refine(
    (v) => !v || isHttpUrl(v),
    /*i18n*/ 'The link must start with http:// or https://.',
  ),
  /** One of the event's own images (so never on create), or null to clear it; left out keeps it. */
  banner_image_id: IdSchema.nullish(),
  capacity: capacityField,
  /** One of her circles (issue 39), or null to take it out of its circle; left out keeps it. */
  circle_id: z.preprocess((v) => (v === '' || v === 0 ? null : v), IdSchema.nullish()),
};

/** POST /api/events (SPEC 7) and events.create. */
export const CreateEventInputSchema = z.object(EventFields);
export type CreateEventInput = z.infer<typeof CreateEventInputSchema>;

/** PUT /api/events/{id} (SPEC 7 sends the date as `date`) and events.update. */
export const UpdateEventInputSchema = z.object({ ...EventFields, id: IdSchema, date: dateField(/*i18n*/ 'Date') });
export type UpdateEventInput = z.infer<typeof UpdateEventInputSchema>;

/** An event by numeric id or by slug (/events/{id} and /events/{slug} are the same page). */
export const EventRefSchema = z.object({
  ref: z.union([z.number().int().positive(), z.string().trim().min(1, /*i18n*/ 'Event not found').max(80, /*i18n*/ 'Event not found')]),
});

export const EventIdInputSchema = z.object({ id: IdSchema });

/** /calendar's two lists: upcoming (not yet ended, soonest first) and past (latest first). */
export const EVENT_LISTS = ['upcoming', 'past'] as const;
export type EventList = (typeof EVENT_LISTS)[number];

/**
 * GET /api/events and events.list: one page of a list (`when`), or without `when` SPEC 7's one
 * list, the upcoming events and then the past ones, paged as one sequence. `search` filters by title.
 */
export const ListEventsInputSchema = z
  .object({
    search: z.string().trim().max(120).optional(),
    when: z.preprocess((v) => (v === '' ? undefined : v), z.enum(EVENT_LISTS, { error: 'when must be upcoming or past.' }).optional()),
    /** Issue 39: a circle's events (its slug or id), or `mine`: the events of the circles she belongs to. */
    circle: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(100, /*i18n*/ 'Unknown circle.').optional()),
  })
  .extend(PageQuerySchema.shape)
  .optional();
export type ListEventsInput = NonNullable<z.output<typeof ListEventsInputSchema>>;

/** POST /api/events/invite: eventTitle is accepted (SPEC 7 sends it) but the stored title is used. */
export const InviteMembersInputSchema = z.object({
  eventId: IdSchema,
  eventTitle: z.string().max(500).optional(),
  userIds: z
    .array(IdSchema, { error: /*i18n*/ 'Select at least one member.' })
    .min(1, /*i18n*/ 'Select at least one member.')
    .max(50, /*i18n*/ 'Invite at most 50 members at a time.'),
});
export type InviteMembersInput = z.infer<typeof InviteMembersInputSchema>;

export const AcceptInvitationInputSchema = z.object({ token: TokenSchema });

/** POST /api/events/send-confirmation: userId defaults to the caller. */
export const SendConfirmationInputSchema = z.object({ eventId: IdSchema, userId: IdSchema.optional() });

export const EventAnnouncementInputSchema = z.object({
  eventId: IdSchema,
  subject: z
    .string({ error: /*i18n*/ 'Subject and body are required.' })
    .trim()
    .min(1, /*i18n*/ 'Subject and body are required.')
    .max(200, /*i18n*/ 'Subject must be at most 200 characters.'),
  body: z
    .string({ error: /*i18n*/ 'Subject and body are required.' })
    .trim()
    .min(1, /*i18n*/ 'Subject and body are required.')
    .max(50_000, /*i18n*/ 'The body is too long.'),
});
export type EventAnnouncementInput = z.infer<typeof EventAnnouncementInputSchema>;

/** The values of an event once defaults are applied: what the service stores. */
export interface EventValues {
  title: string;
  type: EventType;
  exclusivity: Exclusivity;
  description: string;
  note: string | null;
  color: string;
  /** yyyy-mm-dd, the local date in the event's time zone. */
  event_date: string;
  end_date: string | null;
  start_time: string;
  end_time: string;
  time_zone: string;
  is_physical: boolean;
  location: string | null;
  zip_code: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  virtual_link: string | null;
  /** Places; null: no limit. */
  capacity: number | null;
}

/**
 * Rules across fields, shared by the form and the service: the end after the start on the same
 * day unless a later end date is given, and a US state from the list for the United States.
 */
export function eventValuesErrors(v: EventValues): FieldErrors {
  const errors: FieldErrors = {};
  if (v.end_date && v.end_date < v.event_date) errors.end_date = [/*i18n*/ 'The end date cannot be before the start date.'];
  const sameDay = !v.end_date || v.end_date === v.event_date;
  if (sameDay && TIME_RE.test(v.start_time) && TIME_RE.test(v.end_time) && v.end_time <= v.start_time) {
    errors.end_time = [/*i18n*/ 'End time must be after the start time (or give an end date).'];
  }
  if (v.is_physical && v.country === UNITED_STATES && v.state && !isUsState(v.state))
    errors.state = [/*i18n*/ 'Choose a US state from the list.'];
  return errors;
}

export interface EventParticipantDto {
  user_id: number;
  name: string;
  /** Her small profile photo when she shows it to the viewer (issue 22), else null: initials stand in. */
  photo_url: string | null;
}

/** An event as both transports answer it (SPEC 3 names): its stored values plus what is derived. */
export interface EventDto extends EventValues {
  id: number;
  slug: string;
  /** ISO instants (UTC) of the local date, times and zone. */
  starts_at: string;
  ends_at: string;
  /** SPEC 3's bannerImage: the banner chosen from the event's images, null without one (or when the details are withheld). */
  bannerImage: { id: number; url: string } | null;
  /** The banner's id and URL under their older names (the screens read them). */
  banner_image_id: number | null;
  image_url: string | null;
  created_by: number | null;
  creator_name: string | null;
  /**
   * Empty, and the count and capacity null, when viewer.can_see_details is false. Lists (GET /api/events) leave
   * it empty too and give participant_count alone: the names are on the event page.
   */
  participants: EventParticipantDto[];
  participant_count: number | null;
  /** True when every place is taken: Join then puts the member on the waitlist. */
  is_full: boolean;
  /**
   * The members waiting for a place, first in line first: for the creator and admins
   * (viewer.can_see_waitlist) on the event page; empty otherwise and in lists.
   */
  waitlist: EventParticipantDto[];
  is_past: boolean;
  /** The viewer's state and what the server's policies let the viewer do with this event. */
  viewer: EventViewerDto;
  /** The circle it belongs to (issue 39), or null. */
  circle: EventCircleRef | null;
}

export interface EventCircleRef {
  id: number;
  slug: string;
  name: string;
}

/** What the event form's Circle field refuses: a circle she is not in (400). */
export const NOT_HER_CIRCLE = /*i18n*/ 'Choose one of your circles.';

export interface EventViewerDto {
  /** The viewer has joined. */
  joined: boolean;
  /** Taking part, waiting for a place (waitlist_place says where), or neither. */
  state: 'participant' | 'waitlisted' | 'none';
  /** 1 when she is next in line; null unless waitlisted. */
  waitlist_place: number | null;
  /**
   * The viewer sees the event's details: an open event, or an invite-only one she created, joined
   * or holds a live invitation to, or she is an admin. When false the address (but city, state and
   * country), virtual link, note, banner, participants, images and comments are withheld.
   */
  can_see_details: boolean;
  /** Edit Details: the creator or an admin. */
  can_edit: boolean;
  /** Delete Event: the creator or an admin. */
  can_delete: boolean;
  /** Draft Announcement Email: the creator or an admin. */
  can_announce: boolean;
  /** Choose or clear the banner, from the event's own images: the creator or an admin. */
  can_change_banner: boolean;
  /** Open event, creator, admin, or a pending invitation (whether or not already joined). */
  can_join: boolean;
  /** Invite Member(s): anyone on an open event; the creator or an admin on an invite-only one. */
  can_invite: boolean;
  /** Leave waitlist: she is waiting for a place. */
  can_leave_waitlist: boolean;
  /** The waitlist's names (EventDto.waitlist): the creator or an admin. */
  can_see_waitlist: boolean;
  /** Ask to join (issue 46 point 12): an invite-only event she may not join and has not asked for (event page only). */
  can_ask_to_join: boolean;
  /** Her request to join it: 'pending', 'approved', 'declined', or null (none, or a list's entry). */
  join_request: JoinRequestStatus | null;
}

/** The event page's answer: the same shape as a list entry. */
export type EventDetailDto = EventDto;

/**
 * A page of events. `counts` (on a first page without a search) says how many upcoming and past
 * events there are, for the headings, without loading them.
 */
export interface EventsPage extends Page<EventDto> {
  counts: { upcoming: number; past: number } | null;
}

/** Issue 46 point 12: the host answers a request to join her invite-only event. */
export const JoinRequestIdInputSchema = z.object({ id: IdSchema, request_id: IdSchema });
export type JoinRequestIdInput = z.infer<typeof JoinRequestIdInputSchema>;

export const JOIN_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number];

/** A request to join, as its event's host reads it. */
export interface JoinRequestView {
  id: number;
  event_id: number;
  user_id: number;
  name: string;
  status: JoinRequestStatus;
  /** ISO 8601. */
  created_at: string;
}
