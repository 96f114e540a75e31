import {
  DISPLAY_MAX_EDGE,
  IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  MAX_VIDEO_BYTES,
  THUMB_TARGET_BYTES,
  THUMB_WIDTH,
  TOO_LARGE_MESSAGE,
  VIDEO_TOO_LARGE_MESSAGE,
  WRONG_TYPE_MESSAGE,
} from '../../../shared/images';
import { i18n } from '../i18n';

/**
 * Makes the three parts of an upload in the browser. Drawing to a canvas and encoding again keeps
 * only the pixels, so EXIF (GPS, camera), XMP and IPTC never leave the member's device; the
 * rotation EXIF asked for is applied first.
 */
export interface PreparedUpload {
  image: Blob;
  display: Blob;
  thumbnail: Blob;
  width: number;
  height: number;
}

/**
 * Videos the Upload dialog takes (issue 15), by the type the browser gives the file: QuickTime
 * files (what iPhones record) go up as MP4; the server decides by the bytes.
 */
export const VIDEO_FILE_TYPES: Record<string, 'video/mp4' | 'video/webm'> = {
  'video/mp4': 'video/mp4',
  'video/quicktime': 'video/mp4',
  'video/webm': 'video/webm',
};
export const MEDIA_ACCEPT = [...IMAGE_TYPES, ...Object.keys(VIDEO_FILE_TYPES)].join(',');

export const isVideoFile = (file: File) => file.type in VIDEO_FILE_TYPES;

/** The same limits the server applies, checked before any work: a clear message at once, in the page's language. Videos only where asked for. */
export function checkFile(file: File, opts: { videos?: boolean } = {}): string | null {
  if (opts.videos && isVideoFile(file)) return file.size > MAX_VIDEO_BYTES ? i18n._(VIDEO_TOO_LARGE_MESSAGE) : null;
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return opts.videos ? i18n.t('Only JPEG, PNG or WebP images and MP4 or WebM videos can be uploaded.') : i18n._(WRONG_TYPE_MESSAGE);
  }
  if (file.size > MAX_IMAGE_BYTES) return i18n._(TOO_LARGE_MESSAGE);
  return null;
}

/** Originals above this edge are scaled down: beyond it a photo only costs memory. */
const ORIGINAL_MAX_EDGE = 6000;

function canvasFor(source: CanvasImageSource, width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error(i18n.t('This browser cannot prepare images.'));
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(source, 0, 0, width, height);
  return canvas;
}

function encode(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(i18n.t('The image could not be encoded.')))), type, quality),
  );
}

export function fit(width: number, height: number, maxEdge: number) {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The display size (1600 px, WebP) and the thumbnail (400 px wide, WebP, quality lowered until
 * it is under 30 KB) of a picture: an image, or a video's poster frame.
 */
export async function derivatives(source: CanvasImageSource, width: number, height: number): Promise<{ display: Blob; thumbnail: Blob }> {
  const d = fit(width, height, DISPLAY_MAX_EDGE);
  const display = await encode(canvasFor(source, d.width, d.height), 'image/webp', 0.85);
  const tw = Math.min(THUMB_WIDTH, width);
  const thumbCanvas = canvasFor(source, tw, Math.max(1, Math.round((height * tw) / width)));
  let thumbnail = await encode(thumbCanvas, 'image/webp', 0.8);
  for (const q of [0.7, 0.6, 0.5, 0.4]) {
    if (thumbnail.size <= THUMB_TARGET_BYTES) break;
    thumbnail = await encode(thumbCanvas, 'image/webp', q);
  }
  return { display, thumbnail };
}

export async function prepareUpload(file: File): Promise<PreparedUpload> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new Error(i18n.t('This file could not be read as an image.'));
  }
  try {
    const size = fit(bitmap.width, bitmap.height, ORIGINAL_MAX_EDGE);
    const original = canvasFor(bitmap, size.width, size.height);
    // PNG stays lossless; JPEG and WebP keep their type at a high quality.
    let image = await encode(original, file.type, file.type === 'image/png' ? undefined : 0.92);
    if (image.size > MAX_IMAGE_BYTES) image = await encode(original, 'image/jpeg', 0.88);
    if (image.size > MAX_IMAGE_BYTES) throw new Error(i18n._(TOO_LARGE_MESSAGE));

    return { image, ...(await derivatives(bitmap, size.width, size.height)), width: size.width, height: size.height };
  } finally {
    bitmap.close();
  }
}
