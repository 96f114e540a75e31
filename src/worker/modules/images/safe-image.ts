import { WRONG_TYPE_MESSAGE } from '../../../shared/schemas/images';
import { AppError } from '../../platform/app-error';
import { isRefusal } from './cleaned-image';
import { cleanImage, sniffImageType, type ImageMime } from './image-bytes';
import { leftoverMetadata } from './metadata-check';

/**
 * What the server stores of one uploaded part: a JPEG, PNG or WebP (by its bytes) rebuilt without
 * EXIF (but the orientation), XMP, IPTC, text chunks and trailing data. The gallery re-encodes in
 * the browser, so its uploads carry none; this protects uploads from any other client. A file the
 * walkers cannot read with certainty is refused (415) rather than stored as it came.
 */

/** Pixels beyond this are refused: a decompression bomb, not a photo. */
const MAX_PIXELS = 120_000_000;

export const unreadableMessage = (label: string) =>
  `This ${label} could not be read safely, so it was not stored. Please export it again as JPEG, PNG or WebP.`;
const metadataMessage = (label: string) =>
  `The location and camera data of this ${label} could not be removed, so it was not stored. Please export it again as JPEG, PNG or WebP.`;

export interface SafeImage {
  bytes: Uint8Array;
  type: ImageMime;
  /** The size the image is shown at: the stored pixels turned by their EXIF orientation. */
  width: number;
  height: number;
}

export function safeImage(raw: Uint8Array, label: string): SafeImage {
  const type = sniffImageType(raw);
  if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', WRONG_TYPE_MESSAGE);
  const clean = cleanImage(raw, type);
  if (isRefusal(clean)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', unreadableMessage(label));
  if (clean.width * clean.height > MAX_PIXELS) throw new AppError('PAYLOAD_TOO_LARGE', /*i18n*/ 'The image has too many pixels.');
  if (leftoverMetadata(clean.bytes, type)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', metadataMessage(label));
  // Orientations 5-8 turn the picture a quarter: it is shown as tall as the pixels are wide.
  const quarterTurn = clean.orientation >= 5;
  return { bytes: clean.bytes, type, width: quarterTurn ? clean.height : clean.width, height: quarterTurn ? clean.width : clean.height };
}
