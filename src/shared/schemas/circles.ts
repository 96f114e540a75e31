import * as z from 'zod';
import './zod-config';
import { IdSchema } from './common';
import { PageQuerySchema } from './page';

/*
 * Issue 39: circles, the club's gatherings as living groups. The inputs of the REST routes and
 * the tRPC procedures (one schema each, shared with the forms), and the shapes both answer: REST
 * speaks these snake_case names as they are (bare lists, the next page in a Link header); tRPC
 * answers the same objects, its lists in `{items, nextCursor}` pages.
 */

export const CIRCLE_JOIN_MODES = ['open', 'request'] as const;
export type CircleJoin = (typeof CIRCLE_JOIN_MODES)[number];
export const CIRCLE_MEMBER_ROLES = ['member', 'host'] as const;
export const CIRCLE_MEMBER_STATUSES = ['member', 'pending'] as const;
export const PROPOSAL_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export const CIRCLE_NAME_MAX = 60;
export const CIRCLE_DESCRIPTION_MAX = 1000;
export const PROPOSAL_REASON_MAX = 1000;
export const POST_TITLE_MAX = 120;
export const POST_BODY_MAX = 10_000;
export const POST_IMAGES_MAX = 6;
/** Hosts pin at most this many posts of their circle. */
export const PINNED_POSTS_MAX = 3;
/** The board's page. */
export const POSTS_PAGE_SIZE = 20;
/** The faces a circle's page shows before "See all". */
export const CIRCLE_FACES = 12;

/** SPEC 2's Gatherings: the circles a new club starts with, open, hosted by the first admin. */
export const STARTER_CIRCLES = ['Art', 'Writing', 'Media', 'Performance Arts', 'Gardening', 'Tea culture', 'Meditation'] as const;

export const CIRCLE_NOT_FOUND = 'Circle not found.';
export const POST_NOT_FOUND = 'Post not found.';
/** What the author reads on her post or comment once a host removed it. */
export const REMOVED_BY_HOST = 'Removed by a host';
export const CIRCLE_ARCHIVED = 'This circle is archived.';

/** A circle as a URL names it; anything that is no slug is simply not found (404, never 400). */
export const CircleSlugSchema = z.string({ error: CIRCLE_NOT_FOUND }).trim().max(200, CIRCLE_NOT_FOUND);
export const CircleSlugInputSchema = z.object({ slug: CircleSlugSchema });
export type CircleSlugInput = z.infer<typeof CircleSlugInputSchema>;

const CircleNameSchema = z
  .string({ error: 'Name the circle.' })
  .trim()
  .min(1, 'Name the circle.')
  .max(CIRCLE_NAME_MAX, `A circle's name is at most ${CIRCLE_NAME_MAX} characters.`);

/** Plain text; her line breaks are kept. */
const plainText = (label: string, max: number, required: string | null) => {
  const text = z
    .string({ error: required ?? `${label} must be text.` })
    .transform((s) => s.replace(/\r\n?/g, '\n').trim())
    .refine((s) => s.length <= max, `${label} is at most ${max.toLocaleString('en-US')} characters.`);
  return required ? text.refine((s) => s.length > 0, required) : text;
};

const CircleDescriptionSchema = plainText('The description', CIRCLE_DESCRIPTION_MAX, null);
const JoinSchema = z.enum(CIRCLE_JOIN_MODES, { error: 'join is open or request.' });
/** A cover: one of the gallery's photos, or one uploaded for it; null removes it. */
const CoverSchema = IdSchema.nullable();

/** POST /api/circles, circles.create (admins). */
export const CreateCircleInputSchema = z.object({
  name: CircleNameSchema,
  description: CircleDescriptionSchema.optional().default(''),
  join: JoinSchema.optional().default('open'),
  cover_image_id: CoverSchema.optional(),
});
export type CreateCircleInput = z.input<typeof CreateCircleInputSchema>;

/** PATCH /api/circles/{slug}'s body (admins and its hosts): any subset; the slug stays. */
export const UpdateCircleFieldsSchema = z.object({
  name: CircleNameSchema.optional(),
  description: CircleDescriptionSchema.optional(),
  join: JoinSchema.optional(),
  cover_image_id: CoverSchema.optional(),
  archived: z.boolean({ error: 'archived is true or false.' }).optional(),
});
export const UpdateCircleInputSchema = UpdateCircleFieldsSchema.extend({ slug: CircleSlugSchema });
export type UpdateCircleInput = z.input<typeof UpdateCircleInputSchema>;

/** POST /api/circles/{slug}/hosts (admins). */
export const AddHostFieldsSchema = z.object({ member_id: IdSchema });
export const AddHostInputSchema = AddHostFieldsSchema.extend({ slug: CircleSlugSchema });
export const RemoveHostInputSchema = AddHostInputSchema;

/** POST /api/circles/{slug}/requests/{member_id} (its hosts). */
export const AnswerRequestFieldsSchema = z.object({ accept: z.boolean({ error: 'accept is true or false.' }) });
export const AnswerRequestInputSchema = AnswerRequestFieldsSchema.extend({ slug: CircleSlugSchema, member_id: IdSchema });
export type AnswerRequestInput = z.output<typeof AnswerRequestInputSchema>;

/** POST /api/circles/{slug}/mute: "Mute this circle" stops its circle_post notifications for her. */
export const MuteCircleFieldsSchema = z.object({ muted: z.boolean({ error: 'muted is true or false.' }) });
export const MuteCircleInputSchema = MuteCircleFieldsSchema.extend({ slug: CircleSlugSchema });

/** GET /api/circles/{slug}/members and /posts: a page at a time. */
export const CirclePageQuerySchema = PageQuerySchema;
export const CirclePageInputSchema = PageQuerySchema.extend({ slug: CircleSlugSchema });
export type CirclePageInput = z.input<typeof CirclePageInputSchema>;
export type CirclePageQuery = z.output<typeof CirclePageInputSchema>;

const PostTitleSchema = z
  .string({ error: 'Give the post a title.' })
  .trim()
  .min(1, 'Give the post a title.')
  .max(POST_TITLE_MAX, `A title is at most ${POST_TITLE_MAX} characters.`);
const PostBodySchema = plainText('A post', POST_BODY_MAX, 'Write something.');
const PostImagesSchema = z
  .array(IdSchema, { error: 'image_ids is a list of image ids.' })
  .max(POST_IMAGES_MAX, `A post has at most ${POST_IMAGES_MAX} photos.`)
  .transform((ids) => [...new Set(ids)]);

/** POST /api/circles/{slug}/posts, circles.createPost (its members). */
export const CreatePostFieldsSchema = z.object({
  title: PostTitleSchema,
  body: PostBodySchema,
  image_ids: PostImagesSchema.optional().default([]),
});
export const CreatePostInputSchema = CreatePostFieldsSchema.extend({ slug: CircleSlugSchema });
export type CreatePostInput = z.input<typeof CreatePostInputSchema>;

/** PATCH /api/posts/{id}: any subset. */
export const UpdatePostFieldsSchema = z.object({
  title: PostTitleSchema.optional(),
  body: PostBodySchema.optional(),
  image_ids: PostImagesSchema.optional(),
});
export const UpdatePostInputSchema = UpdatePostFieldsSchema.extend({ id: IdSchema });
export type UpdatePostInput = z.input<typeof UpdatePostInputSchema>;

export const PostIdInputSchema = z.object({ id: IdSchema });
export type PostIdInput = z.infer<typeof PostIdInputSchema>;

/** POST /api/posts/{id}/like (liked: true) and DELETE (false): its circle's members. */
export const LikePostInputSchema = PostIdInputSchema.extend({ liked: z.boolean({ error: 'liked is true or false.' }) });

/** POST /api/posts/{id}/pin and /close (hosts). */
export const PinPostFieldsSchema = z.object({ pinned: z.boolean({ error: 'pinned is true or false.' }) });
export const PinPostInputSchema = PinPostFieldsSchema.extend({ id: IdSchema });
export const ClosePostFieldsSchema = z.object({ closed: z.boolean({ error: 'closed is true or false.' }) });
export const ClosePostInputSchema = ClosePostFieldsSchema.extend({ id: IdSchema });

/** POST /api/circle-proposals, circles.propose (any member). */
export const ProposeCircleInputSchema = z.object({
  name: CircleNameSchema,
  description: plainText('The description', CIRCLE_DESCRIPTION_MAX, 'Describe the circle.'),
  reason: plainText('The reason', PROPOSAL_REASON_MAX, 'Say why the club needs it.'),
});
export type ProposeCircleInput = z.input<typeof ProposeCircleInputSchema>;

/** GET /api/admin/circle-proposals: newest first, optionally of one status. */
export const ListProposalsInputSchema = PageQuerySchema.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(PROPOSAL_STATUSES, { error: 'Unknown status.' }).optional()),
});
export type ListProposalsInput = z.input<typeof ListProposalsInputSchema>;

/** POST /api/admin/circle-proposals/{id} (admins). */
export const DecideProposalFieldsSchema = z.object({ accept: z.boolean({ error: 'accept is true or false.' }) });
export const DecideProposalInputSchema = DecideProposalFieldsSchema.extend({ id: IdSchema });

// ── What the routes answer (REST and tRPC alike) ─────────────────────────────────────────────

/** A member as a circle shows her; a deleted author is `{id: null, name: 'Former member', photo_url: null}`. */
export interface CirclePerson {
  id: number | null;
  name: string;
  photo_url: string | null;
}

export interface CircleEventRef {
  id: number;
  title: string;
  event_date: string;
}

/** A card of /circles (GET /api/circles). */
export interface CircleSummary {
  id: number;
  slug: string;
  name: string;
  description: string;
  cover_url: string | null;
  join: CircleJoin;
  member_count: number;
  /** She is a member (or a host). */
  joined: boolean;
  /** She asked to join and no host answered yet. */
  requested: boolean;
  /** Its next event she may see, or null. */
  next_event: CircleEventRef | null;
  archived: boolean;
}

/** A circle's upcoming event on its page. */
export interface CircleEventDto extends CircleEventRef {
  end_date: string | null;
  start_time: string;
  time_zone: string;
  starts_at: string;
  exclusivity: 'open' | 'invite-only';
}

/** GET /api/circles/{slug}: the card and its page. */
export interface CircleDetail extends CircleSummary {
  hosts: CirclePerson[];
  /** Members' faces (CIRCLE_FACES at most, hosts first); "See all" pages GET …/members. */
  faces: CirclePerson[];
  upcoming_events: CircleEventDto[];
  cover_image_id: number | null;
  /** She muted its circle_post notifications. */
  muted: boolean;
  /** Requests waiting for a host: for hosts and admins, else 0. */
  pending_requests: number;
  /** She may post (a member of a circle that is not archived). */
  can_post: boolean;
  /** A host's powers here: its hosts and admins. */
  can_host: boolean;
  /** Its board is hers to read (an open circle's is every member's; a request circle's its members'). */
  can_see_board: boolean;
  can_join: boolean;
  can_leave: boolean;
  /** Rename, describe, cover, join mode, archive: admins and its hosts. */
  can_edit: boolean;
  /** Delete the circle and name hosts: admins. */
  can_delete: boolean;
  can_name_hosts: boolean;
}

export interface CirclePostImage {
  id: number;
  url: string;
  thumb_url: string;
  width: number | null;
  height: number | null;
}

/** A post of a circle's board (GET /api/circles/{slug}/posts). */
export interface CirclePostDto {
  id: number;
  circle_id: number;
  title: string;
  body: string;
  author: CirclePerson;
  images: CirclePostImage[];
  comment_count: number;
  like_count: number;
  pinned: boolean;
  closed: boolean;
  /** Removed by a host: only its author (and the circle's hosts) still see it, so marked. */
  removed: boolean;
  liked: boolean;
  created_at: string;
  updated_at: string | null;
  last_activity_at: string;
  /** Its author (within the circle's rules) or a host. */
  can_edit: boolean;
  can_delete: boolean;
  /** Pin, close, remove: its circle's hosts and admins. */
  can_moderate: boolean;
  /** She may comment: a member of its circle, the post neither closed nor removed. */
  can_comment: boolean;
}

/** A request to join (GET /api/circles/{slug}/requests). */
export interface CircleRequestDto {
  id: number;
  name: string;
  photo_url: string | null;
  requested_at: string;
}

export interface CircleRef {
  id: number;
  slug: string;
  name: string;
}

/** A proposal, as its member and the admins see it. */
export interface CircleProposalDto {
  id: number;
  name: string;
  description: string;
  reason: string;
  status: ProposalStatus;
  proposed_by: CirclePerson;
  created_at: string;
  decided_at: string | null;
  /** The circle made of it, once accepted. */
  circle: CircleRef | null;
}

/** The public Activities page: a Gathering that is a circle says how many members it has, nothing more. */
export interface CircleCount {
  name: string;
  member_count: number;
}

/** "24 members", "1 member". */
export const memberCountText = (n: number) => `${n.toLocaleString('en-US')} member${n === 1 ? '' : 's'}`;
