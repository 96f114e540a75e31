import * as z from 'zod';
import { ACCOUNT_TYPES } from '../../../shared/constants';
import { CLUB_ACTIVITIES, INDUSTRIES, PROFILE_FIELDS, VISIBILITIES } from '../../../shared/members';
import { ListMembersInputSchema, MemberIdInputSchema, UpdateProfileInputSchema } from '../../../shared/schemas/members';
import { describeRoutes, IsoDate, IsoDateTime, OkSchema } from '../../platform/openapi';
import type { membersRoutes } from './rest';

const hidden = (what: string) => `${what}; null when empty, or when she keeps it to admins and the viewer is another member`;

/** The card of the directory (MemberCard). */
export const MemberCardSchema = z
  .object({
    id: z.number().int(),
    name: z.string().describe('Always shown'),
    can_message: z
      .boolean()
      .describe('The viewer may start a conversation with her (issue 38): false for herself and where her messages_from refuses'),
    photo_url: z.string().nullable().describe(hidden('Her small (128 px) square photo')),
    title: z.string().nullable().describe(hidden('Job title')),
    company: z.string().nullable().describe(hidden('Company')),
    city: z.string().nullable().describe(hidden('City')),
    country: z.string().nullable().describe(hidden('ISO 3166-1 alpha-2')),
    industry: z.enum(INDUSTRIES).nullable().describe(hidden('Industry')),
    interests: z.array(z.enum(CLUB_ACTIVITIES)).nullable().describe('The club’s activities she enjoys; null when she keeps them to admins'),
  })
  .meta({ id: 'MemberCard' });

const LinksSchema = z.object({ linkedin: z.string().nullable(), website: z.string().nullable() }).meta({ id: 'MemberLinks' });

const content = {
  bio: z.string().nullable().describe(hidden('Plain text with \\n line breaks')),
  links: LinksSchema.nullable().describe('null when she keeps her links to admins'),
  phone: z.string().nullable().describe(hidden('Her phone')),
  email: z.string().nullable().describe(hidden('Her account email (kept to admins by default)')),
};

const MemberProfileSchema = MemberCardSchema.extend({
  ...content,
  photo_url: z.string().nullable().describe(hidden('Her large (512 px) square photo')),
  photo_small_url: z.string().nullable().describe('Her small photo, under the same rule'),
  type: z.enum(ACCOUNT_TYPES).nullable().describe('null to other members while she is out of the directory'),
  member_since: IsoDate.nullable().describe('YYYY-MM-DD; null as type'),
  directory: z.boolean().describe('She is listed in the directory'),
  private_fields: z.array(z.enum(PROFILE_FIELDS)).describe('What she keeps to admins: for herself and admins; [] for other members'),
  upcoming_events: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      event_date: IsoDate,
      end_date: IsoDate.nullable(),
      starts_at: IsoDateTime,
      time_zone: z.string(),
      hosting: z.boolean(),
    }),
  ),
  homes: z.array(z.object({ id: z.number().int(), title: z.string(), city: z.string(), country: z.string() })),
  circles: z
    .array(z.object({ id: z.number().int(), slug: z.string(), name: z.string() }))
    .describe('The circles she belongs to (issue 39)'),
  is_me: z.boolean(),
  blocked: z.boolean().describe('The viewer blocks her (issue 38)'),
}).meta({ id: 'DirectoryProfile' });

const MyProfileSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    photo_url: z.string().nullable(),
    photo_small_url: z.string().nullable(),
    title: z.string().nullable(),
    company: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    industry: z.enum(INDUSTRIES).nullable(),
    interests: z.array(z.enum(CLUB_ACTIVITIES)),
    bio: z.string().nullable(),
    links: LinksSchema,
    phone: z.string().nullable(),
    email: z.string(),
    type: z.enum(ACCOUNT_TYPES),
    member_since: IsoDate,
    directory: z.boolean(),
    visibility: z.record(z.enum(PROFILE_FIELDS), z.enum(VISIBILITIES)).describe('Each field to members or admins'),
  })
  .meta({ id: 'MyProfile' });

const PhotoSchema = z.object({ photo_url: z.string(), photo_small_url: z.string() }).meta({ id: 'ProfilePhoto' });

const memberId = { params: MemberIdInputSchema };

/** Issue 22's routes (modules/members): the directory, a member's page and vCard, her own profile and photo. */
export const membersRestDocs = describeRoutes<typeof membersRoutes>()('Members', {
  'GET /api/members': {
    operationId: 'listMembers',
    summary: 'The members directory: cards by name, searched (words and prefixes of name, title, company, city) and filtered',
    description:
      'Members see the members listed in the directory, each field as its owner shows it to members; a search or a filter never matches a field she keeps to admins. Admins see every member and every field.',
    access: 'member',
    query: ListMembersInputSchema,
    paged: true,
    responses: { 200: z.array(MemberCardSchema) },
  },
  'GET /api/members/:id': {
    operationId: 'getMember',
    summary: 'A member’s profile as the viewer may see it, her upcoming events and her homes',
    access: 'member',
    ...memberId,
    responses: { 200: MemberProfileSchema },
    errors: [404],
  },
  'GET /api/members/:id/vcard': {
    operationId: 'getMemberVcard',
    summary: 'Save contact: a vCard 4.0 (RFC 6350) with only what she shows the viewer',
    access: 'member',
    ...memberId,
    responses: {
      200: {
        description: 'The vCard, as an attachment.',
        mediaType: 'text/vcard',
        headers: { 'Content-Disposition': 'attachment; filename="{name}.vcf"' },
      },
    },
    errors: [404],
  },
  'GET /api/profile': {
    operationId: 'getMyProfile',
    summary: 'Her own profile: every field, each field’s visibility and her directory choice',
    access: 'member',
    responses: { 200: MyProfileSchema },
  },
  'PUT /api/profile': {
    operationId: 'updateMyProfile',
    summary: 'Change any subset of her fields, the visibility of the fields named, and her directory choice',
    description: 'Bad input saves nothing: 400 names each field (a nested one also under its top-level name).',
    access: 'member',
    body: UpdateProfileInputSchema,
    responses: { 200: MyProfileSchema },
    errors: [429],
  },
  'POST /api/profile/photo': {
    operationId: 'uploadProfilePhoto',
    summary: 'Her photo (JPEG, PNG or WebP, 15 MB at most; metadata removed): replaces the previous one',
    access: 'member',
    form: {
      files: {
        photo: 'The square photo (the browser sends a 512 px WebP)',
        photo_small: 'Optional: the small size (128 px WebP); without it the photo stands in',
      },
      requiredFiles: ['photo'],
    },
    responses: { 200: PhotoSchema },
    errors: [415, 429],
  },
  'DELETE /api/profile/photo': {
    operationId: 'deleteProfilePhoto',
    summary: 'Remove her photo and its stored objects',
    access: 'member',
    responses: { 200: OkSchema },
    errors: [429],
  },
  'GET /images/members/:key': {
    operationId: 'getMemberPhotoBytes',
    summary: 'A profile photo’s bytes, for members, while its owner shows her photo (herself and admins always)',
    access: 'member',
    params: { key: z.string().describe('A photo_url or photo_small_url ends in it') },
    responses: {
      200: { description: 'The bytes.', mediaType: 'image/*', headers: { ETag: 'The stored object’s ETag', 'Accept-Ranges': 'bytes' } },
      206: { description: 'The requested range.', mediaType: 'image/*', headers: { 'Content-Range': 'bytes start-end/size' } },
      304: { description: 'Not modified (If-None-Match).' },
    },
    errors: [404, 416],
  },
});
