import * as z from 'zod';
import { IdSchema } from '../../../shared/schemas/common';
import {
  CreateVideoUploadSchema,
  DeleteImagesInputSchema,
  EventImagesInputSchema,
  ListImagesInputSchema,
  MEDIA_KINDS,
  UpdateImageFieldsSchema,
  UploadImageFieldsSchema,
  VideoFactsSchema,
  VideoPartNumberSchema,
  VideoUploadIdSchema,
} from '../../../shared/schemas/images';
import { describeRoutes, IsoDateTime, OkSchema } from '../../platform/openapi';
import type { imagesRoutes } from './rest';
import type { videoRoutes } from './video-rest';

/** SPEC 3 "Image" with its derivatives (ImageDto); a video is one too (media_kind). */
export const ImageSchema = z
  .object({
    id: z.number().int(),
    image_id: z.number().int(),
    url: z.string().describe('The stored original (members only)'),
    display_url: z.string().describe('About 1600 px on the long edge'),
    thumb_url: z.string().describe('About 400 px wide, WebP'),
    content_type: z.string(),
    bytes: z.number().int(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    thumb_width: z.number().int().nullable(),
    thumb_height: z.number().int().nullable(),
    title: z.string(),
    name: z.string(),
    description: z.string(),
    tags: z.array(z.string()),
    associated_event_id: z.number().int().nullable(),
    associated_event_title: z.string().nullable(),
    uploaded_by: z.number().int().nullable(),
    author_name: z.string(),
    author: z.string(),
    upload_date: IsoDateTime,
    comments: z
      .number()
      .int()
      .describe("SPEC 3's comments: how many (the comments widget's header); the list is GET /api/comments?commentableId"),
    comment_count: z.number().int().describe('The same count, under its older name'),
    can_manage: z.boolean(),
    media_kind: z.enum(MEDIA_KINDS),
    duration_seconds: z.number().nullable(),
  })
  .meta({ id: 'Image' });

const imageId = { params: { id: IdSchema } };
const uploadFiles = {
  display: 'The browser-made display copy (WebP or JPEG, about 1600 px), optional',
  thumbnail: 'The browser-made thumbnail (WebP, about 400 px), optional',
};

/** SPEC 7 "Images" and the members-only bytes (images.ts). */
export const imagesRestDocs = describeRoutes<typeof imagesRoutes>()('Images', {
  'GET /api/images': {
    operationId: 'listImages',
    summary: 'A page of the gallery, newest first (tag: a case-insensitive part of a tag)',
    access: 'member',
    query: ListImagesInputSchema.omit({ eventId: true }),
    paged: true,
    responses: { 200: z.array(ImageSchema) },
  },
  'GET /api/images/event/:id': {
    operationId: 'listEventImages',
    summary: "A page of one event's images",
    access: 'member',
    params: { id: EventImagesInputSchema.shape.eventId },
    query: EventImagesInputSchema.omit({ eventId: true }),
    paged: true,
    responses: { 200: z.array(ImageSchema) },
    errors: [404],
  },
  'GET /api/images/:id': {
    operationId: 'getImage',
    summary: 'One image',
    access: 'member',
    ...imageId,
    responses: { 200: ImageSchema },
    errors: [404],
  },
  'PUT /api/images/:id': {
    operationId: 'updateImage',
    summary: 'Edit title, description, tags or event (the uploader or an admin); other fields are ignored',
    access: 'member',
    ...imageId,
    body: UpdateImageFieldsSchema,
    responses: { 200: ImageSchema },
    errors: [404, 429],
  },
  'POST /api/delete-images': {
    operationId: 'deleteImages',
    summary: 'Delete images (the uploader or an admin)',
    access: 'member',
    body: DeleteImagesInputSchema,
    responses: { 200: z.object({ ok: z.literal(true), deleted: z.array(z.number().int()) }) },
    errors: [404, 429],
  },
  'POST /upload-image': {
    operationId: 'uploadImage',
    summary: 'Upload an image (JPEG, PNG or WebP; its metadata is removed)',
    access: 'member',
    form: {
      fields: UploadImageFieldsSchema,
      files: { image: 'The image (JPEG, PNG or WebP)', ...uploadFiles },
      requiredFiles: ['image'],
    },
    responses: { 201: ImageSchema },
    errors: [415, 429],
  },
  'GET /images/:key': {
    operationId: 'getImageBytes',
    summary: "An image's (or video's) bytes, for members only; Range, ETag and If-None-Match work",
    access: 'member',
    params: { key: z.string().describe("An image's url, display_url or thumb_url ends in it") },
    responses: {
      200: { description: 'The bytes.', mediaType: '*/*', headers: { ETag: 'The stored object’s ETag', 'Accept-Ranges': 'bytes' } },
      206: { description: 'The requested range.', mediaType: '*/*', headers: { 'Content-Range': 'bytes start-end/size' } },
      304: { description: 'Not modified (If-None-Match).' },
    },
    errors: [404, 416],
  },
});

const uploadId = { id: VideoUploadIdSchema };

/** Video uploads in parts (issue 15, ADR 0011: video-uploads.ts). */
export const videoRestDocs = describeRoutes<typeof videoRoutes>()('Images', {
  'POST /api/videos/uploads': {
    operationId: 'createVideoUpload',
    summary: 'Start a video upload: how to cut the file into parts',
    access: 'member',
    body: CreateVideoUploadSchema,
    responses: {
      201: z
        .object({ id: z.string(), part_bytes: z.number().int(), parts: z.number().int(), lookahead: z.number().int() })
        .meta({ id: 'VideoUpload' }),
    },
    errors: [415, 429],
  },
  'PUT /api/videos/uploads/:id/parts/:part': {
    operationId: 'uploadVideoPart',
    summary: 'One part of the video, in order (with `lookahead` bytes of the next part after it)',
    access: 'member',
    params: { ...uploadId, part: VideoPartNumberSchema },
    bytes: 'application/octet-stream',
    responses: { 200: z.object({ part: z.number().int(), parts_done: z.number().int() }) },
    errors: [404, 409, 415, 429],
  },
  'POST /api/videos/uploads/:id/complete': {
    operationId: 'completeVideoUpload',
    summary: 'Finish the upload: the fields, what the browser read of the video, and its poster frames',
    access: 'member',
    params: uploadId,
    form: {
      fields: UploadImageFieldsSchema.extend(VideoFactsSchema.shape),
      files: uploadFiles,
    },
    responses: { 201: ImageSchema },
    errors: [404, 409, 415, 429],
  },
  'DELETE /api/videos/uploads/:id': {
    operationId: 'abortVideoUpload',
    summary: 'Cancel an upload under way',
    access: 'member',
    params: uploadId,
    responses: { 200: OkSchema },
    errors: [404],
  },
});
