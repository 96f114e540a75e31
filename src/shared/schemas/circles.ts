import { withValues } from '../message';
/*
 * Issue 39: circles, the club's gatherings as living groups. The inputs of the REST routes and
 * the tRPC procedures (one schema each, shared with the forms); the constants and the shapes both
 * transports answer are src/shared/circles.ts (zod-free), re-exported here.
 */
import * as z from 'zod';
import './zod-config';
import { IdSchema } from './common';
import { PageQuerySchema } from './page';
import {
  CIRCLE_DESCRIPTION_MAX,
  CIRCLE_JOIN_MODES,
  CIRCLE_NAME_MAX,
  CIRCLE_NOT_FOUND,
  POST_BODY_MAX,
  POST_IMAGES_MAX,
  POST_TITLE_MAX,
  PROPOSAL_REASON_MAX,
  PROPOSAL_STATUSES,
} from '../circles';

export * from '../circles';

/** A circle as a URL names it; anything that is no slug is simply not found (404, never 400). */
export const CircleSlugSchema = z.string({ error: CIRCLE_NOT_FOUND }).trim().max(200, CIRCLE_NOT_FOUND);
export const CircleSlugInputSchema = z.object({ slug: CircleSlugSchema });
export type CircleSlugInput = z.infer<typeof CircleSlugInputSchema>;

const CircleNameSchema = z
  .string({ error: /*i18n*/ 'Name the circle.' })
  .trim()
  .min(1, /*i18n*/ 'Name the circle.')
  .max(CIRCLE_NAME_MAX, withValues(/*i18n*/ "A circle's name is at most {max} characters.", { max: CIRCLE_NAME_MAX }));

/** Plain text; her line breaks are kept. */
const plainText = (label: string, max: number, required: string | null) => {
  const text = z
    .string({ error: required ?? withValues(/*i18n*/ '{label} must be text.', { label }) })
    .transform((s) => s.replace(/\r\n?/g, '\n').trim())
    .refine(
      (s) => s.length <= max,
      withValues(/*i18n*/ '{label} is at most {max} characters.', { label, max: max.toLocaleString('en-US') }),
    );
  return required ? text.refine((s) => s.length > 0, required) : text;
};

const CircleDescriptionSchema = plainText(/*i18n*/ 'The description', CIRCLE_DESCRIPTION_MAX, null);
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
  .string({ error: /*i18n*/ 'Give the post a title.' })
  .trim()
  .min(1, /*i18n*/ 'Give the post a title.')
  .max(POST_TITLE_MAX, withValues(/*i18n*/ 'A title is at most {max} characters.', { max: POST_TITLE_MAX }));
const PostBodySchema = plainText(/*i18n*/ 'A post', POST_BODY_MAX, /*i18n*/ 'Write something.');
const PostImagesSchema = z
  .array(IdSchema, { error: 'image_ids is a list of image ids.' })
  .max(POST_IMAGES_MAX, withValues(/*i18n*/ 'A post has at most {max} photos.', { max: POST_IMAGES_MAX }))
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
  description: plainText(/*i18n*/ 'The description', CIRCLE_DESCRIPTION_MAX, /*i18n*/ 'Describe the circle.'),
  reason: plainText(/*i18n*/ 'The reason', PROPOSAL_REASON_MAX, /*i18n*/ 'Say why the club needs it.'),
});
export type ProposeCircleInput = z.input<typeof ProposeCircleInputSchema>;

/** GET /api/admin/circle-proposals: newest first, optionally of one status. */
export const ListProposalsInputSchema = PageQuerySchema.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(PROPOSAL_STATUSES, { error: /*i18n*/ 'Unknown status.' }).optional()),
});
export type ListProposalsInput = z.input<typeof ListProposalsInputSchema>;

/** POST /api/admin/circle-proposals/{id} (admins). */
export const DecideProposalFieldsSchema = z.object({ accept: z.boolean({ error: 'accept is true or false.' }) });
export const DecideProposalInputSchema = DecideProposalFieldsSchema.extend({ id: IdSchema });
