import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from './constants';

// The images' plain facts and texts, without zod: the browser's gallery and upload code imports
// these alone, and the schemas (src/shared/schemas/images.ts) build on them.

export { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES };
/** The types the server accepts, by their bytes. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');
/** A gallery item is a photo or a short video (issue 15); both share the images table and DTO. */
export const MEDIA_KINDS = ['image', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** An image belongs to the Gallery, or is a home's photo (issue 16), which the Gallery never lists. */
export const IMAGE_CONTEXTS = ['gallery', 'home', 'post'] as const;
export type ImageContext = (typeof IMAGE_CONTEXTS)[number];
/** Videos the server accepts, by their bytes (MP4 with H.264/AAC plays everywhere; WebM is what browsers record). */
export const VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;
export type VideoType = (typeof VIDEO_TYPES)[number];
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;
export const MAX_IMAGE_TITLE = 200;
export const MAX_IMAGE_DESCRIPTION = 4000;
/** At most this many images in one "Delete Selected". */
export const MAX_DELETE_IMAGES = 100;
/** Derivatives made in the browser before upload. */
export const DISPLAY_MAX_EDGE = 1600;
export const THUMB_WIDTH = 400;
export const THUMB_TARGET_BYTES = 30 * 1024;

export const TOO_LARGE_MESSAGE = /*i18n*/ 'The image is larger than 15 MB. Please choose a smaller file.';
export const WRONG_TYPE_MESSAGE = /*i18n*/ 'Only JPEG, PNG or WebP images can be uploaded.';
export const VIDEO_TOO_LARGE_MESSAGE = /*i18n*/ 'The video is larger than 500 MB. Please choose a smaller file.';
export const WRONG_VIDEO_TYPE_MESSAGE = /*i18n*/ 'Only MP4 (H.264/AAC) or WebM videos can be uploaded.';

/** Splits "a, b,c" into trimmed, de-duplicated tags (case-insensitively), keeping the first spelling. */
export function parseTags(value: string | readonly string[]): string[] {
  const raw = typeof value === 'string' ? value.split(',') : value;
  const seen = new Set<string>();
  const out: string[] = [];
  for (const t of raw) {
    const tag = t.trim().replace(/\s+/g, ' ');
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      out.push(tag);
    }
  }
  return out;
}
