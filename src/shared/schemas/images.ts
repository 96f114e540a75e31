import * as z from 'zod';
import {
  IMAGE_CONTEXTS,
  type MediaKind,
  MAX_DELETE_IMAGES,
  MAX_IMAGE_DESCRIPTION,
  MAX_IMAGE_TITLE,
  MAX_TAGS,
  MAX_TAG_LENGTH,
  parseTags,
} from '../images';
import { IdSchema } from './common';
import { PageQuerySchema } from './page';
import { withValues } from '../message';

export * from '../images';

/** A list of tags, or one comma-separated string of them (a form field). */
export const TagsSchema = z
  .union([z.string().max(2000), z.array(z.string().max(200)).max(100)])
  .transform((v) => parseTags(v))
  .pipe(
    z
      .array(z.string().max(MAX_TAG_LENGTH, withValues(/*i18n*/ 'A tag may have at most {max} characters.', { max: MAX_TAG_LENGTH })))
      .max(MAX_TAGS, withValues(/*i18n*/ 'At most {max} tags.', { max: MAX_TAGS })),
  );

/** An optional event link: an id, or empty / null / 0 for "No event associated". */
export const AssociatedEventSchema = z.preprocess(
  (v) => (v === '' || v === null || v === 0 || v === '0' || v === 'null' ? null : v),
  IdSchema.nullable(),
);

const TitleSchema = z
  .string()
  .trim()
  .max(MAX_IMAGE_TITLE, withValues(/*i18n*/ 'The title may have at most {max} characters.', { max: MAX_IMAGE_TITLE }));
const DescriptionSchema = z
  .string()
  .trim()
  .max(MAX_IMAGE_DESCRIPTION, withValues(/*i18n*/ 'The description may have at most {max} characters.', { max: MAX_IMAGE_DESCRIPTION }));

/**
 * The text fields of POST /upload-image (multipart). event_id is the legacy name of
 * associated_event_id; either links the image to an event.
 */
export const UploadImageFieldsSchema = z.object({
  title: TitleSchema.optional().default(''),
  description: DescriptionSchema.optional().default(''),
  tags: TagsSchema.optional().default([]),
  associated_event_id: AssociatedEventSchema.optional(),
  event_id: AssociatedEventSchema.optional(),
  /**
   * 'home' for a photo uploaded in the home editor (issue 16), 'post' for one of a circle's post
   * or cover (issue 39): never in the Gallery.
   */
  context: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(IMAGE_CONTEXTS, { error: 'context is gallery, home or post.' }).optional().default('gallery'),
  ),
});
export type UploadImageFields = z.output<typeof UploadImageFieldsSchema>;

/**
 * PUT /api/images/{id} receives the whole image object; only these four fields change
 * (anything else in the body is ignored). Absent fields are left as they are.
 */
export const UpdateImageFieldsSchema = z.object({
  title: TitleSchema.optional(),
  description: DescriptionSchema.optional(),
  tags: TagsSchema.optional(),
  associated_event_id: AssociatedEventSchema.optional(),
});
export const UpdateImageInputSchema = UpdateImageFieldsSchema.extend({ id: IdSchema });
export type UpdateImageInput = z.output<typeof UpdateImageInputSchema>;

export const DeleteImagesInputSchema = z.object({
  images: z
    .array(IdSchema)
    .min(1, /*i18n*/ 'Select at least one image.')
    .max(MAX_DELETE_IMAGES, withValues(/*i18n*/ 'At most {max} images at a time.', { max: MAX_DELETE_IMAGES }))
    .transform((ids) => [...new Set(ids)]),
});
export type DeleteImagesInput = z.output<typeof DeleteImagesInputSchema>;

export const ImageIdInputSchema = z.object({ id: IdSchema });
/** The tag search of the gallery: a case-insensitive substring of any tag (SPEC 5); blank means none. */
const TagSearchSchema = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.string().trim().max(100, /*i18n*/ 'Search for at most 100 characters.').optional(),
);

/** GET /api/images and images.list: a page of the gallery, newest first, by tag and by event. */
export const ListImagesInputSchema = z.object({ eventId: IdSchema.optional(), tag: TagSearchSchema }).extend(PageQuerySchema.shape);
export type ListImagesInput = z.output<typeof ListImagesInputSchema>;

/** GET /api/images/event/{id} and images.byEvent: a page of one event's images. */
export const EventImagesInputSchema = ListImagesInputSchema.extend({ eventId: IdSchema });

/** An image as both transports answer it (SPEC 3 "Image" plus the derivative URLs and sizes). */
export interface ImageDto {
  id: number;
  image_id: number;
  /** The stored original (members only). */
  url: string;
  /** About 1600 px on the long edge. */
  display_url: string;
  /** About 400 px wide, WebP. */
  thumb_url: string;
  content_type: string;
  bytes: number;
  width: number | null;
  height: number | null;
  thumb_width: number | null;
  thumb_height: number | null;
  title: string;
  name: string;
  description: string;
  tags: string[];
  associated_event_id: number | null;
  associated_event_title: string | null;
  uploaded_by: number | null;
  author_name: string;
  author: string;
  /** ISO 8601. */
  upload_date: string;
  /** SPEC 3's `comments`: how many it has, as the comments widget's header shows (the list is GET /api/comments?commentableId). */
  comments: number;
  /** The same count under its older name (the screens read it). */
  comment_count: number;
  /** The viewer may edit and delete it (uploader or admin). */
  can_manage: boolean;
  /**
   * 'video': url is the video (MP4 or WebM, served with Range), display_url and thumb_url its
   * poster frame (WebP); width and height are the video's.
   */
  media_kind: MediaKind;
  /** A video's length in seconds, when known; null for images. */
  duration_seconds: number | null;
}

// ---------------------------------------------------------------- video uploads (issue 15)

/** POST /api/videos/uploads: the file about to go up in parts. */
export const CreateVideoUploadSchema = z.object({
  name: z.string().trim().max(500).default(''),
  size: z.number().int(/*i18n*/ 'The size must be a whole number of bytes.').positive(/*i18n*/ 'The video is empty.'),
  /** The file's declared type (video/mp4 or video/webm; anything else is a 415); its bytes must agree. */
  type: z.string().max(100),
});
export type CreateVideoUploadInput = z.output<typeof CreateVideoUploadSchema>;

/** The answer: how to cut the file (each part's request carries `lookahead` bytes of the next part after its own). */
export interface VideoUploadDto {
  id: string;
  part_bytes: number;
  parts: number;
  lookahead: number;
}

export const VideoUploadIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, /*i18n*/ 'This upload does not exist.');
export const VideoPartNumberSchema = z.coerce.number().int().min(1, /*i18n*/ 'Parts are numbered from 1.').max(10_000);

/** What the browser read of the video, sent with the complete step (multipart text fields). */
export const VideoFactsSchema = z.object({
  width: z.coerce.number().int().min(1).max(16384).nullable().catch(null),
  height: z.coerce.number().int().min(1).max(16384).nullable().catch(null),
  duration: z.coerce.number().min(0).max(86_400).nullable().catch(null),
});
export type VideoFacts = z.output<typeof VideoFactsSchema>;

export interface EventOption {
  id: number;
  title: string;
}
