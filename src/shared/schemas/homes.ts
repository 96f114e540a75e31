import * as z from 'zod';
import { IdSchema } from './common';
import { PageQuerySchema } from './page';
import { acceptingOldNames } from './old-field-names';
import { withValues } from '../message';

/** DECISIONS "Travel Host homes": the shapes of homes and stay requests, shared by forms, routes and procedures. */

export const HOME_STATES = ['draft', 'listed', 'hidden'] as const;
export type HomeState = (typeof HOME_STATES)[number];

export const STAY_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type StayStatus = (typeof STAY_STATUSES)[number];

/** The fixed list of amenities a host ticks. */
export const HOME_AMENITIES = [
  'Wi-Fi',
  'Kitchen',
  'Washing machine',
  'Air conditioning',
  'Heating',
  'Workspace',
  'Parking',
  'Garden',
  'Balcony',
  'Pool',
  'Elevator',
  'Pets welcome',
  'Step-free access',
] as const;
export type HomeAmenity = (typeof HOME_AMENITIES)[number];

export const MAX_STAY_NIGHTS = 90;
/** The Hosting tier's promise: "Minimum 1 month per year of hosting". */
export const HOSTING_NIGHTS_MINIMUM = 30;
export const MAX_AVAILABILITY_WINDOWS = 20;
export const MAX_HOME_PHOTOS = 12;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day yyyy-mm-dd that exists (2026-02-30 does not). */
export const DateOnlySchema = z
  .string({ error: /*i18n*/ 'A date is required.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, /*i18n*/ 'Use a date like 2026-07-14.')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, /*i18n*/ 'That date does not exist.');

/** Nights between two yyyy-mm-dd days (check-in, check-out). */
export function nightsBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS);
}

/** A query string's empty parameter means "no filter", as leaving it out does. */
const optional = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

export const AvailabilityWindowSchema = z
  .object({ start: DateOnlySchema, end: DateOnlySchema })
  .refine((w) => w.end > w.start, { message: /*i18n*/ 'The end of a window must be after its start.', path: ['end'] });
export type AvailabilityWindow = z.infer<typeof AvailabilityWindowSchema>;

const text = (label: string, max: number) =>
  z.string().trim().max(max, withValues(/*i18n*/ '{label} must be at most {max} characters.', { label, max }));
const required = (label: string, max: number) => text(label, max).min(1, withValues(/*i18n*/ '{label} is required.', { label }));

const homeFields = z.object({
  title: required(/*i18n*/ 'Title', 120),
  description: text(/*i18n*/ 'Description', 5000).default(''),
  city: required(/*i18n*/ 'City', 100),
  region: text(/*i18n*/ 'Region', 100).default(''),
  country: required(/*i18n*/ 'Country', 100),
  address: required(/*i18n*/ 'Address', 300),
  bedrooms: z.coerce
    .number()
    .int(/*i18n*/ 'Bedrooms must be a whole number.')
    .min(0, /*i18n*/ 'Bedrooms cannot be negative.')
    .max(50, /*i18n*/ 'At most 50 bedrooms.'),
  max_guests: z.coerce
    .number()
    .int(/*i18n*/ 'Guests must be a whole number.')
    .min(1, /*i18n*/ 'At least 1 guest.')
    .max(50, /*i18n*/ 'At most 50 guests.'),
  amenities: z
    .array(z.enum(HOME_AMENITIES, { error: /*i18n*/ 'Unknown amenity.' }))
    .max(HOME_AMENITIES.length)
    .default([]),
  house_rules: text(/*i18n*/ 'House rules', 3000).default(''),
  availability: z
    .array(AvailabilityWindowSchema)
    .max(MAX_AVAILABILITY_WINDOWS, withValues(/*i18n*/ 'At most {max} availability windows.', { max: MAX_AVAILABILITY_WINDOWS }))
    .default([]),
  /** Image ids uploaded through the images pipeline, in display order. */
  image_ids: z
    .array(IdSchema)
    .max(MAX_HOME_PHOTOS, withValues(/*i18n*/ 'At most {max} photos.', { max: MAX_HOME_PHOTOS }))
    .default([]),
});
/** The names these fields had before issue 47, still accepted. */
const HOME_OLD_NAMES = { max_guests: 'maxGuests', house_rules: 'houseRules', image_ids: 'imageIds' } as const;

/** POST /api/homes and PUT /api/homes/{id} (the whole home; saving lists a draft). */
export const HomeFieldsSchema = acceptingOldNames(homeFields, HOME_OLD_NAMES);
export type HomeFieldsInput = z.input<typeof HomeFieldsSchema>;
export type HomeFields = z.output<typeof HomeFieldsSchema>;

export const HomeIdInputSchema = z.object({ id: IdSchema });
export type HomeIdInput = z.infer<typeof HomeIdInputSchema>;

export const UpdateHomeInputSchema = acceptingOldNames(homeFields.extend({ id: IdSchema }), HOME_OLD_NAMES);
export type UpdateHomeInput = z.input<typeof UpdateHomeInputSchema>;
export type UpdateHome = z.output<typeof UpdateHomeInputSchema>;

/** PATCH /api/homes/{id} {hidden}: an admin hides a home from members, or lists it again. */
export const HideHomeFieldsSchema = z.object({ hidden: z.boolean({ error: 'hidden is true or false.' }) });
export const HideHomeInputSchema = HideHomeFieldsSchema.extend({ id: IdSchema });
export type HideHomeInput = z.infer<typeof HideHomeInputSchema>;

/** GET /api/homes: listed homes, newest first, keyset-paged by id (an opaque cursor, as every list); scope all is for admins. */
export const ListHomesInputSchema = z
  .object({
    scope: optional(z.enum(['browse', 'mine', 'all'], { error: 'scope is browse, mine or all.' })),
    country: optional(z.string().trim().max(100)),
    from: optional(DateOnlySchema),
    to: optional(DateOnlySchema),
    guests: optional(z.coerce.number().int().min(1).max(50)),
    /** One host's homes (homes_host_idx): with scope all, every state (a member's profile in User Management). */
    host: optional(IdSchema),
    ...PageQuerySchema.shape,
  })
  .refine((v) => (v.from === undefined) === (v.to === undefined), { message: /*i18n*/ 'Give both dates, or neither.', path: ['to'] })
  .refine((v) => v.from === undefined || v.to === undefined || v.to > v.from, {
    message: /*i18n*/ 'The end must be after the start.',
    path: ['to'],
  });
export type ListHomesInput = z.input<typeof ListHomesInputSchema>;
export type ListHomesQuery = z.output<typeof ListHomesInputSchema>;

/** POST /api/homes/{id}/stays. */
export const StayRequestFieldsSchema = acceptingOldNames(
  z
    .object({
      start_date: DateOnlySchema,
      end_date: DateOnlySchema,
      guests: z.coerce
        .number()
        .int(/*i18n*/ 'Guests must be a whole number.')
        .min(1, /*i18n*/ 'At least 1 guest.')
        .max(50, /*i18n*/ 'At most 50 guests.'),
      message: text(/*i18n*/ 'Message', 2000).default(''),
    })
    .refine((v) => v.end_date > v.start_date, { message: /*i18n*/ 'The check-out day must be after the check-in day.', path: ['end_date'] })
    .refine((v) => nightsBetween(v.start_date, v.end_date) <= MAX_STAY_NIGHTS, {
      message: withValues(/*i18n*/ 'A stay is at most {max} nights.', { max: MAX_STAY_NIGHTS }),
      path: ['end_date'],
    }),
  { start_date: 'startDate', end_date: 'endDate' },
);
export const RequestStayInputSchema = z.intersection(z.object({ homeId: IdSchema }), StayRequestFieldsSchema);
export type RequestStayInput = z.input<typeof RequestStayInputSchema>;
export type RequestStay = z.output<typeof RequestStayInputSchema>;

/** PATCH /api/stays/{id}: the host accepts or declines, the guest (or the host) cancels. */
export const StayStatusFieldsSchema = z.object({
  status: z.enum(['accepted', 'declined', 'cancelled'], { error: 'status is accepted, declined or cancelled.' }),
  message: text(/*i18n*/ 'Message', 2000).default(''),
});
export const UpdateStayInputSchema = StayStatusFieldsSchema.extend({ id: IdSchema });
export type UpdateStayInput = z.input<typeof UpdateStayInputSchema>;
export type UpdateStay = z.output<typeof UpdateStayInputSchema>;

/** GET /api/stays: mine, as guest or as host (both by default); all is for admins. */
export const ListStaysInputSchema = z.object({
  role: optional(z.enum(['guest', 'host', 'all'], { error: 'role is guest, host or all.' })),
  ...PageQuerySchema.shape,
});
export type ListStaysInput = z.input<typeof ListStaysInputSchema>;
export type ListStaysQuery = z.output<typeof ListStaysInputSchema>;

export interface HomePhoto {
  id: number;
  url: string;
  thumb_url: string;
  width: number | null;
  height: number | null;
  title: string;
  /** ISO 8601. */
  uploaded_at: string;
}

/** A home as one viewer sees it: address is null unless can_see_address. */
export interface HomeView {
  id: number;
  state: HomeState;
  title: string;
  description: string;
  city: string;
  region: string;
  country: string;
  address: string | null;
  bedrooms: number;
  max_guests: number;
  amenities: string[];
  house_rules: string;
  /** Her small photo's URL when she shows it to the viewer (issue 22), else null: initials. */
  host: { id: number; name: string; photo_url: string | null };
  availability: AvailabilityWindow[];
  /** Accepted stays' dates (no guest named): the calendar shows them as taken. */
  booked: AvailabilityWindow[];
  photos: HomePhoto[];
  from_property: boolean;
  /**
   * The viewer's own requests and stays at this home that have not ended (pending and accepted),
   * soonest first: the page keeps showing what she asked for until the host decides (issue 31).
   */
  my_stays: MyStay[];
  can_edit: boolean;
  can_delete: boolean;
  can_request: boolean;
  can_see_address: boolean;
  can_hide: boolean;
}

/** One of the viewer's own stays at a home, as its page shows it. */
export interface MyStay {
  id: number;
  start_date: string;
  end_date: string;
  status: 'pending' | 'accepted';
  /** She may withdraw it (the guest cancels her pending request or accepted stay). */
  can_cancel: boolean;
}

/** A card of the browse list. */
export interface HomeCard {
  id: number;
  state: HomeState;
  title: string;
  city: string;
  region: string;
  country: string;
  max_guests: number;
  bedrooms: number;
  host: { id: number; name: string };
  /** The first availability window that has not ended yet. */
  next_available: AvailabilityWindow | null;
  photo: HomePhoto | null;
  can_edit: boolean;
  /** Admins hide a home from members (and list it again). */
  can_hide: boolean;
}

export interface HomesPage {
  items: HomeCard[];
  nextCursor: string | null;
  /** The viewer may list a home (Travel Hosts and admins). */
  can_create: boolean;
}

export interface StayView {
  id: number;
  home: { id: number; title: string; city: string; country: string; address: string | null };
  guest: { id: number; name: string };
  host: { id: number; name: string };
  start_date: string;
  end_date: string;
  nights: number;
  guests: number;
  message: string;
  host_message: string;
  status: StayStatus;
  /** ISO 8601 (UTC). */
  created_at: string;
  /** Pending only: another accepted stay of the home overlaps these dates (accepting would fail). */
  conflicts_with_accepted: boolean;
  /** Pending, and only for the host who answers it: how many other pending requests overlap these dates; null otherwise. */
  overlapping_pending: number | null;
  viewer_role: 'guest' | 'host' | 'admin';
  /** Its check-out day has come: listed under Past, never cancelled (issue 46, point 13). */
  past: boolean;
  can_accept: boolean;
  can_decline: boolean;
  can_cancel: boolean;
}

export interface StaysPage {
  items: StayView[];
  nextCursor: string | null;
}

/** The host's tally against the tier's minimum. */
export interface HostingSummary {
  year: number;
  nightsHosted: number;
  minimum: number;
}
