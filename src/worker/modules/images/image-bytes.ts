import { startsWithText } from './bytes';
import type { CleanResult } from './cleaned-image';
import { cleanJpeg } from './jpeg';
import { cleanPng } from './png';
import { cleanWebp } from './webp';

/**
 * An upload's type by its magic bytes (never by the file name or the declared Content-Type), and
 * the file rebuilt without metadata by the walker for that type (jpeg.ts, png.ts, webp.ts).
 */

export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp';

export const IMAGE_EXTENSION: Record<ImageMime, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** JPEG, PNG or WebP by the first bytes; null for anything else. */
export function sniffImageType(b: Uint8Array): ImageMime | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && PNG_SIGNATURE.every((v, i) => b[i] === v)) return 'image/png';
  if (b.length >= 12 && startsWithText(b, 0, 'RIFF') && startsWithText(b, 8, 'WEBP')) return 'image/webp';
  return null;
}

/** The image without its metadata (EXIF but the orientation, XMP, IPTC, text, trailers), or a refusal. Never throws. */
export function cleanImage(b: Uint8Array, type: ImageMime): CleanResult {
  if (type === 'image/jpeg') return cleanJpeg(b);
  if (type === 'image/png') return cleanPng(b);
  return cleanWebp(b);
}
