import * as z from 'zod';
import {
  HideHomeFieldsSchema,
  HOME_STATES,
  HomeFieldsSchema,
  HomeIdInputSchema,
  ListHomesInputSchema,
  ListStaysInputSchema,
  STAY_STATUSES,
  StayRequestFieldsSchema,
  StayStatusFieldsSchema,
} from '../../../shared/schemas/homes';
import { describeRoutes, IsoDate, IsoDateTime } from '../../platform/openapi';
import type { homesRoutes } from './rest';

const idAndName = z.object({ id: z.number().int(), name: z.string() });
const idNameAndPhoto = idAndName.extend({
  photo_url: z.string().nullable().describe("Her small photo's URL when she shows it to the viewer, else null"),
});
const WindowSchema = z.object({ start: IsoDate, end: IsoDate }).meta({ id: 'DateWindow' });

const HomePhotoSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    thumb_url: z.string(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    title: z.string(),
    uploaded_at: IsoDateTime,
  })
  .meta({ id: 'HomePhoto' });

/** A home in a list (HomeCard): city and country, never the address. */
export const HomeCardSchema = z
  .object({
    id: z.number().int(),
    state: z.enum(HOME_STATES),
    title: z.string(),
    city: z.string(),
    region: z.string(),
    country: z.string(),
    max_guests: z.number().int(),
    bedrooms: z.number().int(),
    host: idAndName,
    next_available: WindowSchema.nullable(),
    photo: HomePhotoSchema.nullable(),
    can_edit: z.boolean(),
    can_hide: z.boolean(),
  })
  .meta({ id: 'HomeCard' });

const HomeSchema = z
  .object({
    id: z.number().int(),
    state: z.enum(HOME_STATES),
    title: z.string(),
    description: z.string(),
    city: z.string(),
    region: z.string(),
    country: z.string(),
    address: z.string().nullable().describe('Only for the host, admins and a guest whose stay was accepted'),
    bedrooms: z.number().int(),
    max_guests: z.number().int(),
    amenities: z.array(z.string()),
    house_rules: z.string(),
    host: idNameAndPhoto,
    availability: z.array(WindowSchema),
    booked: z.array(WindowSchema),
    photos: z.array(HomePhotoSchema),
    from_property: z.boolean(),
    my_stays: z
      .array(
        z.object({
          id: z.number().int(),
          start_date: IsoDate,
          end_date: IsoDate,
          status: z.enum(['pending', 'accepted']),
          can_cancel: z.boolean(),
        }),
      )
      .describe("The viewer's own pending and accepted stays at this home that have not ended, soonest first"),
    can_edit: z.boolean(),
    can_delete: z.boolean(),
    can_request: z.boolean(),
    can_see_address: z.boolean(),
    can_hide: z.boolean(),
  })
  .meta({ id: 'Home' });

const StaySchema = z
  .object({
    id: z.number().int(),
    home: z.object({ id: z.number().int(), title: z.string(), city: z.string(), country: z.string(), address: z.string().nullable() }),
    guest: idAndName,
    host: idAndName,
    start_date: IsoDate,
    end_date: IsoDate,
    nights: z.number().int(),
    guests: z.number().int(),
    message: z.string(),
    host_message: z.string(),
    status: z.enum(STAY_STATUSES),
    created_at: IsoDateTime,
    conflicts_with_accepted: z.boolean(),
    overlapping_pending: z
      .number()
      .int()
      .nullable()
      .describe('Pending requests only, for the host who answers: how many other pending requests overlap; null otherwise'),
    viewer_role: z.enum(['guest', 'host', 'admin']),
    past: z.boolean().describe('Its check-out day has come: it can no longer be cancelled'),
    can_accept: z.boolean(),
    can_decline: z.boolean(),
    can_cancel: z.boolean(),
  })
  .meta({ id: 'Stay' });

const homeId = { params: HomeIdInputSchema };

/** Issue 16's homes and stays (homes.ts, stays.ts). Their lists are bare arrays, the next page in Link (issue 47). */
export const homesRestDocs = describeRoutes<typeof homesRoutes>()('Homes', {
  'GET /api/homes': {
    operationId: 'listHomes',
    summary: 'A page of the listed homes, newest first (scope=mine: hers; scope=all: admins)',
    access: 'member',
    query: ListHomesInputSchema,
    paged: true,
    responses: { 200: z.array(HomeCardSchema) },
    errors: [403],
  },
  'GET /api/homes/:id': {
    operationId: 'getHome',
    summary: 'One home',
    access: 'member',
    ...homeId,
    responses: { 200: HomeSchema },
    errors: [404],
  },
  'POST /api/homes': {
    operationId: 'createHome',
    summary: 'List a home (Travel Hosts and admins)',
    access: 'member',
    body: HomeFieldsSchema,
    responses: { 201: HomeSchema },
    errors: [429],
  },
  'PUT /api/homes/:id': {
    operationId: 'updateHome',
    summary: 'Edit a home (its host or an admin)',
    access: 'member',
    ...homeId,
    body: HomeFieldsSchema,
    responses: { 200: HomeSchema },
    errors: [404, 429],
  },
  'PATCH /api/homes/:id': {
    operationId: 'setHomeHidden',
    summary: 'Hide a home from the list, or show it again',
    access: 'admin',
    ...homeId,
    body: HideHomeFieldsSchema,
    responses: { 200: HomeSchema },
    errors: [404],
  },
  'DELETE /api/homes/:id': {
    operationId: 'deleteHome',
    summary: 'Delete a home (its host or an admin)',
    access: 'member',
    ...homeId,
    responses: { 200: z.object({ ok: z.literal(true), id: z.number().int() }) },
    errors: [404, 409],
  },
  'POST /api/homes/:id/stays': {
    operationId: 'requestStay',
    summary: 'Ask the host for a stay',
    access: 'member',
    ...homeId,
    body: StayRequestFieldsSchema,
    responses: { 201: StaySchema },
    errors: [404, 409, 429],
  },
  'GET /api/stays': {
    operationId: 'listStays',
    summary: 'A page of her stays, as guest or host (role=all: admins)',
    access: 'member',
    query: ListStaysInputSchema,
    paged: true,
    responses: { 200: z.array(StaySchema) },
  },
  'PATCH /api/stays/:id': {
    operationId: 'updateStay',
    summary: 'Accept or decline a stay (the host), or cancel it',
    access: 'member',
    ...homeId,
    body: StayStatusFieldsSchema,
    responses: { 200: StaySchema },
    errors: [404, 409, 429],
  },
});
