import * as z from 'zod';
import {
  AddHostFieldsSchema,
  AnswerRequestFieldsSchema,
  CIRCLE_JOIN_MODES,
  CirclePageQuerySchema,
  CircleSlugSchema,
  ClosePostFieldsSchema,
  CreateCircleInputSchema,
  CreatePostFieldsSchema,
  DecideProposalFieldsSchema,
  ListProposalsInputSchema,
  MuteCircleFieldsSchema,
  PinPostFieldsSchema,
  PROPOSAL_STATUSES,
  ProposeCircleInputSchema,
  UpdateCircleFieldsSchema,
  UpdatePostFieldsSchema,
} from '../../../shared/schemas/circles';
import { IdSchema } from '../../../shared/schemas/common';
import { describeRoutes, IsoDate, IsoDateTime } from '../../platform/openapi';
import { MemberCardSchema } from '../members/rest-docs';
import type { circlesRoutes } from './rest';

const PersonSchema = z
  .object({
    id: z.number().int().nullable().describe('null for a former member'),
    name: z.string(),
    photo_url: z.string().nullable().describe('Her small photo when she shows it to the viewer, else null'),
  })
  .meta({ id: 'CirclePerson' });

const EventRefSchema = z
  .object({ id: z.number().int(), title: z.string(), event_date: IsoDate.describe('YYYY-MM-DD, in the event’s zone') })
  .meta({ id: 'CircleEventRef' });

const summary = {
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  cover_url: z.string().nullable(),
  join: z.enum(CIRCLE_JOIN_MODES).describe('open: any member joins; request: a host accepts'),
  member_count: z.number().int(),
  joined: z.boolean(),
  requested: z.boolean().describe('She asked to join and no host answered yet'),
  next_event: EventRefSchema.nullable(),
  archived: z.boolean(),
};

const CircleSummarySchema = z.object(summary).meta({ id: 'CircleSummary' });

const CircleDetailSchema = z
  .object({
    ...summary,
    hosts: z.array(PersonSchema),
    faces: z.array(PersonSchema).describe('Its first members, hosts first (GET …/members pages them all)'),
    upcoming_events: z.array(
      EventRefSchema.extend({
        end_date: IsoDate.nullable(),
        start_time: z.string(),
        time_zone: z.string(),
        starts_at: IsoDateTime,
        exclusivity: z.enum(['open', 'invite-only']),
      }),
    ),
    cover_image_id: z.number().int().nullable(),
    muted: z.boolean().describe('She muted its circle_post notifications'),
    pending_requests: z.number().int().describe('Requests waiting: for its hosts and admins, else 0'),
    can_post: z.boolean(),
    can_host: z.boolean().describe('A host’s powers here: its hosts and admins'),
    can_see_board: z.boolean(),
    can_join: z.boolean(),
    can_leave: z.boolean(),
    can_edit: z.boolean(),
    can_delete: z.boolean(),
    can_name_hosts: z.boolean(),
  })
  .meta({ id: 'CircleDetail' });

const PostSchema = z
  .object({
    id: z.number().int(),
    circle_id: z.number().int(),
    title: z.string(),
    body: z.string().describe('Plain text with \\n line breaks'),
    author: PersonSchema,
    images: z.array(
      z.object({
        id: z.number().int(),
        url: z.string(),
        thumb_url: z.string(),
        width: z.number().int().nullable(),
        height: z.number().int().nullable(),
      }),
    ),
    comment_count: z.number().int(),
    like_count: z.number().int(),
    pinned: z.boolean(),
    closed: z.boolean().describe('Closed to new comments by a host'),
    removed: z.boolean().describe('Removed by a host: shown to its author alone ("Removed by a host")'),
    liked: z.boolean(),
    created_at: IsoDateTime,
    updated_at: IsoDateTime.nullable(),
    last_activity_at: IsoDateTime,
    can_edit: z.boolean(),
    can_delete: z.boolean(),
    can_moderate: z.boolean(),
    can_comment: z.boolean(),
  })
  .meta({ id: 'CirclePost' });

const ProposalSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    reason: z.string(),
    status: z.enum(PROPOSAL_STATUSES),
    proposed_by: PersonSchema,
    created_at: IsoDateTime,
    decided_at: IsoDateTime.nullable(),
    circle: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }).nullable(),
  })
  .meta({ id: 'CircleProposal' });

const slug = { params: z.object({ slug: CircleSlugSchema }) };
const postId = { params: z.object({ id: IdSchema }) };
const noContent = { description: 'Done (no body).' };
const LikeStateSchema = z.object({ id: z.number().int(), like_count: z.number().int(), liked: z.boolean() });

/** Issue 39's routes (modules/circles): circles, their members and requests, their boards, proposals. */
export const circlesRestDocs = describeRoutes<typeof circlesRoutes>()('Circles', {
  'GET /api/circles': {
    operationId: 'listCircles',
    summary: 'Every circle, hers first, then by name: member count, next event, joined or requested',
    description: 'Archived circles are listed to admins and to their members only.',
    access: 'member',
    responses: { 200: z.array(CircleSummarySchema) },
  },
  'POST /api/circles': {
    operationId: 'createCircle',
    summary: 'Create a circle (admins): she hosts it until she names other hosts',
    access: 'admin',
    body: CreateCircleInputSchema,
    responses: { 201: CircleDetailSchema },
    errors: [409, 429],
  },
  'GET /api/circles/:slug': {
    operationId: 'getCircle',
    summary: 'A circle: its hosts, members’ faces, upcoming events and what she may do there',
    description: 'An unknown slug answers 404 {"error": "Circle not found."}.',
    access: 'member',
    ...slug,
    responses: { 200: CircleDetailSchema },
    errors: [404],
  },
  'PATCH /api/circles/:slug': {
    operationId: 'updateCircle',
    summary: 'Rename, describe, cover, join mode or archive a circle (admins and its hosts); the slug stays',
    access: 'member',
    ...slug,
    body: UpdateCircleFieldsSchema,
    responses: { 200: CircleDetailSchema },
    errors: [404, 409, 429],
  },
  'DELETE /api/circles/:slug': {
    operationId: 'deleteCircle',
    summary: 'Delete a circle (admins): its posts and memberships go; its events stay, in no circle',
    access: 'admin',
    ...slug,
    responses: { 204: noContent },
    errors: [404],
  },
  'POST /api/circles/:slug/hosts': {
    operationId: 'addCircleHost',
    summary: 'Name a host (admins): the member hosts the circle, joining it if she had not',
    access: 'admin',
    ...slug,
    body: AddHostFieldsSchema,
    responses: { 200: CircleDetailSchema },
    errors: [404],
  },
  'DELETE /api/circles/:slug/hosts/:member_id': {
    operationId: 'removeCircleHost',
    summary: 'A host steps down (admins): she stays a member',
    access: 'admin',
    params: z.object({ slug: CircleSlugSchema, member_id: IdSchema }),
    responses: { 200: CircleDetailSchema },
    errors: [404],
  },
  'POST /api/circles/:slug/join': {
    operationId: 'joinCircle',
    summary: 'Join: an open circle at once (200), a request circle by a request its hosts answer (202)',
    access: 'member',
    ...slug,
    responses: { 200: z.object({ joined: z.literal(true) }), 202: z.object({ requested: z.literal(true) }) },
    errors: [404, 409, 429],
  },
  'POST /api/circles/:slug/leave': {
    operationId: 'leaveCircle',
    summary: 'Leave the circle, or withdraw her request (its only host stays: 409)',
    access: 'member',
    ...slug,
    responses: { 204: noContent },
    errors: [404, 409, 429],
  },
  'POST /api/circles/:slug/mute': {
    operationId: 'muteCircle',
    summary: 'Mute this circle: its circle_post notifications stop for her (or start again)',
    access: 'member',
    ...slug,
    body: MuteCircleFieldsSchema,
    responses: { 200: z.object({ muted: z.boolean() }) },
    errors: [404, 409],
  },
  'GET /api/circles/:slug/requests': {
    operationId: 'listCircleRequests',
    summary: 'Requests to join, oldest first (its hosts and admins)',
    access: 'member',
    ...slug,
    responses: {
      200: z.array(z.object({ id: z.number().int(), name: z.string(), photo_url: z.string().nullable(), requested_at: IsoDateTime })),
    },
    errors: [404],
  },
  'POST /api/circles/:slug/requests/:member_id': {
    operationId: 'answerCircleRequest',
    summary: 'Accept or decline a request to join (its hosts and admins); accepted, she is told',
    access: 'member',
    params: z.object({ slug: CircleSlugSchema, member_id: IdSchema }),
    body: AnswerRequestFieldsSchema,
    responses: { 200: z.object({ member_id: z.number().int(), accepted: z.boolean() }) },
    errors: [404, 429],
  },
  'GET /api/circles/:slug/members': {
    operationId: 'listCircleMembers',
    summary: 'Its members’ cards (each as the directory shows her to the viewer), in the order they joined',
    access: 'member',
    ...slug,
    query: CirclePageQuerySchema,
    paged: true,
    responses: { 200: z.array(MemberCardSchema) },
    errors: [404],
  },
  'GET /api/circles/:slug/posts': {
    operationId: 'listCirclePosts',
    summary: 'Its board: pinned posts first (on the first page), then the newest activity, 20 a page',
    description: 'An open circle’s board is every member’s to read; a request circle’s its members’ (403 for others).',
    access: 'member',
    ...slug,
    query: CirclePageQuerySchema,
    paged: true,
    responses: { 200: z.array(PostSchema) },
    errors: [404],
  },
  'POST /api/circles/:slug/posts': {
    operationId: 'createCirclePost',
    summary: 'Post on its board (its members): a title, a plain-text body, up to 6 photos uploaded with context post',
    access: 'member',
    ...slug,
    body: CreatePostFieldsSchema,
    responses: { 201: PostSchema },
    errors: [404, 409, 429],
  },
  'PATCH /api/posts/:id': {
    operationId: 'updateCirclePost',
    summary: 'Edit a post: its author (within its circle’s rules) or a host',
    access: 'member',
    ...postId,
    body: UpdatePostFieldsSchema,
    responses: { 200: PostSchema },
    errors: [404, 429],
  },
  'DELETE /api/posts/:id': {
    operationId: 'deleteCirclePost',
    summary: 'Delete her post, or remove one as a host (its author sees "Removed by a host"; audited)',
    access: 'member',
    ...postId,
    responses: { 204: noContent },
    errors: [404, 429],
  },
  'POST /api/posts/:id/pin': {
    operationId: 'pinCirclePost',
    summary: 'Pin or unpin a post (hosts): three pinned at most per circle',
    access: 'member',
    ...postId,
    body: PinPostFieldsSchema,
    responses: { 200: PostSchema },
    errors: [404, 409],
  },
  'POST /api/posts/:id/close': {
    operationId: 'closeCirclePost',
    summary: 'Close a post to new comments, or open it again (hosts)',
    access: 'member',
    ...postId,
    body: ClosePostFieldsSchema,
    responses: { 200: PostSchema },
    errors: [404],
  },
  'POST /api/posts/:id/like': {
    operationId: 'likeCirclePost',
    summary: 'Like a post (its circle’s members): one like per member',
    access: 'member',
    ...postId,
    responses: { 200: LikeStateSchema },
    errors: [404, 429],
  },
  'DELETE /api/posts/:id/like': {
    operationId: 'unlikeCirclePost',
    summary: 'Take her like back',
    access: 'member',
    ...postId,
    responses: { 200: LikeStateSchema },
    errors: [404, 429],
  },
  'POST /api/circle-proposals': {
    operationId: 'proposeCircle',
    summary: 'Propose a circle (any member): name, description and why; an admin accepts or declines it',
    access: 'member',
    body: ProposeCircleInputSchema,
    responses: { 201: ProposalSchema },
    errors: [429],
  },
  'GET /api/admin/circle-proposals': {
    operationId: 'listCircleProposals',
    summary: 'Circle proposals, newest first, optionally of one status (admins)',
    access: 'admin',
    query: ListProposalsInputSchema,
    paged: true,
    responses: { 200: z.array(ProposalSchema) },
  },
  'POST /api/admin/circle-proposals/:id': {
    operationId: 'decideCircleProposal',
    summary: 'Accept (the circle is made, its proposer hosts it) or decline a proposal (admins)',
    access: 'admin',
    ...postId,
    body: DecideProposalFieldsSchema,
    responses: { 200: ProposalSchema },
    errors: [404, 409],
  },
  'GET /api/activities/circles': {
    operationId: 'listCircleCounts',
    summary: 'The public Activities page: each circle’s name and member count, nothing more',
    access: 'public',
    responses: { 200: z.array(z.object({ name: z.string(), member_count: z.number().int() })) },
  },
});
