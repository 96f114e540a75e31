import { AppError } from '../../platform/app-error';
import { randomToken } from '../../platform/crypto';
import { IMAGE_EXTENSION, type ImageMime } from './image-bytes';
import { VIDEO_EXTENSION, type VideoMime } from './video-bytes';

/**
 * R2 side of the images: random keys, puts that clean up after themselves, and members-only
 * streaming with ETag / If-None-Match / Range. The bucket is never public; every byte goes
 * through the Worker after a session check (done by the caller).
 */

/** A key names one object forever (a new upload gets new random keys), so it may be cached as immutable. */
export const IMMUTABLE_CACHE = 'private, max-age=31536000, immutable';
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,80}\.(jpg|png|webp|mp4|webm)$/;

/** What the bucket holds: images, and videos with their poster frames (issue 15). */
export type MediaMime = ImageMime | VideoMime;
const EXTENSION: Record<MediaMime, string> = { ...IMAGE_EXTENSION, ...VIDEO_EXTENSION };

export function isImageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function newImageKey(type: MediaMime): string {
  return `${randomToken(24)}.${EXTENSION[type]}`;
}

export function imageUrl(key: string): string {
  return `/images/${key}`;
}

/** ASCII-safe file name for Content-Disposition, keeping the extension that matches the bytes. */
function dispositionFor(name: string, type: MediaMime): string {
  const ext = EXTENSION[type];
  const base =
    name
      .replace(/\.[^.]*$/, '')
      .replace(/[^\w .()-]+/g, '_')
      .trim()
      .slice(0, 100) || 'image';
  const utf8 = encodeURIComponent(`${name.replace(/\.[^.]*$/, '').slice(0, 100) || 'image'}.${ext}`);
  return `inline; filename="${base}.${ext}"; filename*=UTF-8''${utf8}`;
}

export interface StoredObject {
  key: string;
  bytes: Uint8Array;
  type: ImageMime;
}

/** The HTTP metadata every stored object carries (a video's is set when its multipart upload starts). */
export const objectMetadata = (fileName: string, type: MediaMime): R2HTTPMetadata => ({
  contentType: type,
  contentDisposition: dispositionFor(fileName, type),
  cacheControl: IMMUTABLE_CACHE,
});

/** Puts every object, or none: if one put fails the others are deleted before the error goes on. */
export async function putObjects(bucket: R2Bucket, objects: StoredObject[], fileName: string): Promise<void> {
  const results = await Promise.allSettled(
    objects.map((o) => bucket.put(o.key, o.bytes, { httpMetadata: objectMetadata(fileName, o.type) })),
  );
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) {
    await deleteObjects(
      bucket,
      objects.map((o) => o.key),
    );
    throw (failed as PromiseRejectedResult).reason;
  }
}

/** Deletes objects; a failure is logged, not thrown (the rows that named them are already gone). */
export async function deleteObjects(bucket: R2Bucket, keys: string[]): Promise<void> {
  const unique = [...new Set(keys.filter(Boolean))];
  if (!unique.length) return;
  try {
    await bucket.delete(unique);
  } catch (error) {
    console.error('R2 delete failed', { keys: unique, error: error instanceof Error ? error.message : String(error) });
  }
}

function etagMatches(header: string, etag: string): boolean {
  const strip = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => t.trim() === '*' || strip(t) === strip(etag));
}

/** One "bytes=a-b", "bytes=a-" or "bytes=-n" range; null for none or an unsupported (multi) range; 'invalid' when unsatisfiable. */
export function parseRange(header: string | null | undefined, size: number): { offset: number; length: number } | null | 'invalid' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return header.trim().startsWith('bytes=') && !header.includes(',') ? 'invalid' : null;
  const [, a, b] = m;
  if (a === '' && b === '') return 'invalid';
  if (a === '') {
    const n = Number(b);
    if (n === 0 || size === 0) return 'invalid';
    const length = Math.min(n, size);
    return { offset: size - length, length };
  }
  const start = Number(a);
  if (start >= size) return 'invalid';
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (end < start) return 'invalid';
  return { offset: start, length: end - start + 1 };
}

/** The stored object as an HTTP answer: 200, 206, 304, 404 or 416. */
export async function serveObject(bucket: R2Bucket, key: string, req: Request): Promise<Response> {
  if (!isImageKey(key)) throw new AppError('NOT_FOUND', /*i18n*/ 'Image not found.');
  const head = await bucket.head(key);
  if (!head) throw new AppError('NOT_FOUND', /*i18n*/ 'Image not found.');

  const headers = new Headers();
  head.writeHttpMetadata(headers);
  headers.set('ETag', head.httpEtag);
  headers.set('Cache-Control', IMMUTABLE_CACHE);
  headers.set('Accept-Ranges', 'bytes');
  headers.set('X-Content-Type-Options', 'nosniff');
  if (!headers.has('Content-Disposition')) headers.set('Content-Disposition', 'inline');

  const ifNoneMatch = req.headers.get('If-None-Match');
  if (ifNoneMatch && etagMatches(ifNoneMatch, head.httpEtag)) return new Response(null, { status: 304, headers });

  // If-Range with a stale validator means "send the whole thing".
  const ifRange = req.headers.get('If-Range');
  const range = ifRange && !etagMatches(ifRange, head.httpEtag) ? null : parseRange(req.headers.get('Range'), head.size);
  if (range === 'invalid') {
    headers.set('Content-Range', `bytes */${head.size}`);
    return new Response(null, { status: 416, headers });
  }
  const isHead = req.method === 'HEAD';
  if (range) {
    headers.set('Content-Range', `bytes ${range.offset}-${range.offset + range.length - 1}/${head.size}`);
    headers.set('Content-Length', String(range.length));
    if (isHead) return new Response(null, { status: 206, headers });
    const obj = await bucket.get(key, { range, onlyIf: { etagMatches: head.etag } });
    if (!obj || !('body' in obj)) throw new AppError('NOT_FOUND', /*i18n*/ 'Image not found.');
    return new Response(obj.body, { status: 206, headers });
  }
  headers.set('Content-Length', String(head.size));
  if (isHead) return new Response(null, { status: 200, headers });
  const obj = await bucket.get(key);
  if (!obj) throw new AppError('NOT_FOUND', /*i18n*/ 'Image not found.');
  return new Response(obj.body, { status: 200, headers });
}
