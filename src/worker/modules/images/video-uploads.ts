import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import {
  MAX_IMAGE_BYTES,
  MAX_VIDEO_BYTES,
  VIDEO_TOO_LARGE_MESSAGE,
  VIDEO_TYPES,
  WRONG_VIDEO_TYPE_MESSAGE,
  type CreateVideoUploadInput,
  type ImageDto,
  type UploadImageFields,
  type VideoFacts,
  type VideoType,
  type VideoUploadDto,
} from '../../../shared/schemas/images';
import { images, type ImageRow } from '../../db/schema/images';
import { videoUploads, type VideoUploadRow } from '../../db/schema/video-uploads';
import type { Actor, MemberActor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import { randomToken } from '../../platform/crypto';
import type { Deps } from '../../platform/deps';
import { requireMember } from '../../platform/guards';
import { enforceRateLimit } from '../../platform/rate-limit';
import { deleteObjects, newImageKey, objectMetadata, putObjects, type StoredObject } from './image-storage';
import { assertEventLinkable, cleanFileName, isFile, isForeignKeyError, newRowDto, NO_SUCH_EVENT, type UploadPart } from './images';
import { mp4Format } from './mp4-boxes';
import { safeImage, type SafeImage } from './safe-image';
import { sniffVideoType } from './video-bytes';
import { finishWalk, initialWalkState, isWalkRefusal, LOOKAHEAD, walkPart, type RefusalKind, type WalkState } from './video-walk';
import { webmFormat } from './webm-elements';

/**
 * Videos (issue 15, ADR 0011) go up through the Worker as an R2 multipart upload: create, then
 * parts of VIDEO_PART_BYTES in order (each rewritten by the metadata walk before R2 stores it; a
 * part sent again after a lost answer is acknowledged, not stored twice), then complete with the
 * poster frame the browser made; or abort. A video_uploads row follows each open upload, so the
 * housekeeping (video-uploads-job.ts) aborts the ones left behind.
 */

/** About 10 MB: far under any request body limit, and R2's parts (but the last) must be 5 MiB or more, all the same size. */
export const VIDEO_PART_BYTES = 10 * 1024 * 1024;
/** Uploads a member may have open at once. */
export const MAX_OPEN_UPLOADS = 5;
/** An upload no part has reached for this long is abandoned: the housekeeping aborts it. */
export const UPLOAD_IDLE_MS = 6 * 60 * 60 * 1000;

const NO_SUCH_UPLOAD = /*i18n*/ 'This upload does not exist (it may have been cancelled). Please start it again.';
/** The complete step's form: the poster's display size and thumbnail (WebP, small) and the text fields. */
export const MAX_COMPLETE_REQUEST = MAX_IMAGE_BYTES * 2 + 1024 * 1024;

const REFUSALS: Record<Exclude<RefusalKind, 'mismatch'>, string> = {
  unreadable: 'This video could not be read safely, so it was not stored. Please export it again as MP4 (H.264/AAC) or WebM.',
  telemetry:
    'This video carries a GPS track (camera telemetry) that cannot be removed, so it was not stored. Please export it again without telemetry.',
  location: 'The location data of this video could not be removed, so it was not stored. Please export it again as MP4 or WebM.',
  crowded:
    'This video is made of too many tiny pieces to be checked safely, so it was not stored. Please export it again as MP4 (H.264/AAC) or WebM.',
};
const MISMATCH = /*i18n*/ 'The parts of this upload do not fit together. Please retry the upload.';

const formatOf = (type: string) => (type === 'video/webm' ? webmFormat : mp4Format);
const partCount = (row: Pick<VideoUploadRow, 'bytes' | 'partBytes'>) => Math.ceil(row.bytes / row.partBytes);

async function ownUpload(deps: Deps, me: MemberActor, id: string): Promise<VideoUploadRow> {
  const [row] = await deps.db
    .select()
    .from(videoUploads)
    .where(and(eq(videoUploads.id, id), eq(videoUploads.uploadedBy, me.id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', NO_SUCH_UPLOAD);
  return row;
}

/** Aborts the R2 upload (its parts go) and forgets it. An upload R2 no longer knows is gone already. */
/** A 429 for uploads in progress: by then a part or two more has arrived (Retry-After, issue 47). */
const OPEN_UPLOADS_RETRY_AFTER_SECONDS = 30;

export async function discardUpload(deps: Deps, row: Pick<VideoUploadRow, 'id' | 'r2Key' | 'r2UploadId'>): Promise<void> {
  try {
    await deps.env.IMAGES.resumeMultipartUpload(row.r2Key, row.r2UploadId).abort();
  } catch (error) {
    console.error('R2 multipart abort failed', { upload: row.id, error: error instanceof Error ? error.message : String(error) });
  }
  await deps.db.delete(videoUploads).where(eq(videoUploads.id, row.id));
}

/** A refused file: the upload is aborted and the member told why (415). */
async function refuseFile(deps: Deps, row: VideoUploadRow, kind: Exclude<RefusalKind, 'mismatch'>, reason: string): Promise<never> {
  console.warn('video refused', { upload: row.id, kind, reason });
  await discardUpload(deps, row);
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', REFUSALS[kind]);
}

export const HOME_TAKES_PHOTOS_MESSAGE = /*i18n*/ 'A home takes photos only (JPEG, PNG or WebP), not videos.';
export const POST_TAKES_PHOTOS_MESSAGE = /*i18n*/ 'A circle’s post takes photos only (JPEG, PNG or WebP), not videos.';

// ---------------------------------------------------------------- create

export async function createVideoUpload(deps: Deps, actor: Actor, input: CreateVideoUploadInput): Promise<VideoUploadDto> {
  const me = requireMember(actor);
  await enforceRateLimit(deps.env, 'MEMBER_WRITE_LIMITER', `member:${me.id}`);
  if (!(VIDEO_TYPES as readonly string[]).includes(input.type)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', WRONG_VIDEO_TYPE_MESSAGE);
  if (input.size > MAX_VIDEO_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', VIDEO_TOO_LARGE_MESSAGE);
  if (input.size < LOOKAHEAD) throw new AppError('UNSUPPORTED_MEDIA_TYPE', REFUSALS.unreadable);
  const type = input.type as VideoType;
  const name = cleanFileName(input.name, 'video');
  const key = newImageKey(type);
  const upload = await deps.env.IMAGES.createMultipartUpload(key, { httpMetadata: objectMetadata(name, type) });
  const now = deps.now();
  const id = randomToken(24);
  // One statement decides the cap: the row goes in only while she has fewer than
  // MAX_OPEN_UPLOADS open, so creates sent at once cannot pass it together (issue 30).
  let inserted: { id: string }[];
  try {
    inserted = await deps.db.all<{ id: string }>(sql`
      INSERT INTO ${videoUploads} (id, uploaded_by, r2_key, r2_upload_id, content_type, name, bytes, part_bytes, scan, created_at, updated_at)
      SELECT ${id}, ${me.id}, ${key}, ${upload.uploadId}, ${type}, ${name}, ${input.size}, ${VIDEO_PART_BYTES},
        ${JSON.stringify(initialWalkState())}, ${now}, ${now}
      WHERE (SELECT count(*) FROM ${videoUploads} WHERE ${videoUploads.uploadedBy} = ${me.id}) < ${MAX_OPEN_UPLOADS}
      RETURNING id`);
  } catch (error) {
    await upload.abort().catch(() => {});
    throw error;
  }
  if (inserted.length === 0) {
    await upload.abort().catch(() => {});
    throw new AppError('TOO_MANY_REQUESTS', /*i18n*/ 'You have {count} uploads in progress. Wait for one to finish, or cancel one.', {
      values: { count: MAX_OPEN_UPLOADS },
      retryAfter: OPEN_UPLOADS_RETRY_AFTER_SECONDS,
    });
  }
  return { id, part_bytes: VIDEO_PART_BYTES, parts: partCount({ bytes: input.size, partBytes: VIDEO_PART_BYTES }), lookahead: LOOKAHEAD };
}

// ---------------------------------------------------------------- parts

export interface VideoPartRequest {
  id: string;
  part: number;
  /** Reads the body, at most maxBytes of it (413 beyond). */
  read: (maxBytes: number) => Promise<Uint8Array>;
}

/**
 * One part: the file's bytes [(n-1)·part_bytes, n·part_bytes) followed by the next `lookahead`
 * bytes (none after the last part). Walked, rewritten, stored as R2 part n, and the walk's state
 * kept for part n+1. Parts go in order; one already stored is acknowledged again.
 */
export async function uploadVideoPart(deps: Deps, actor: Actor, req: VideoPartRequest): Promise<{ part: number; parts_done: number }> {
  const me = requireMember(actor);
  // Every part request counts, before its body is read: a member cannot have the walk run on
  // part after part faster than other writes (a 500 MB video is 50 parts).
  await enforceRateLimit(deps.env, 'MEMBER_WRITE_LIMITER', `video-parts:${me.id}`);
  const row = await ownUpload(deps, me, req.id);
  const parts = partCount(row);
  if (req.part > parts) throw new AppError('BAD_REQUEST', /*i18n*/ 'This upload has {parts} parts.', { values: { parts } });
  if (req.part <= row.partsDone) return { part: req.part, parts_done: row.partsDone };
  if (req.part !== row.partsDone + 1)
    throw new AppError('CONFLICT', /*i18n*/ 'Send part {part} first.', { values: { part: row.partsDone + 1 } });

  const offset = (req.part - 1) * row.partBytes;
  const partLength = Math.min(row.partBytes, row.bytes - offset);
  const lookaheadLength = Math.min(LOOKAHEAD, row.bytes - offset - partLength);
  const body = await req.read(partLength + lookaheadLength);
  if (body.length !== partLength + lookaheadLength) {
    throw new AppError('BAD_REQUEST', `Part ${req.part} must be ${partLength + lookaheadLength} bytes (it was ${body.length}).`);
  }
  const part = body.subarray(0, partLength);
  const lookahead = body.subarray(partLength);

  if (req.part === 1) {
    const sniffed = sniffVideoType(body);
    if (!sniffed) {
      await discardUpload(deps, row);
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', WRONG_VIDEO_TYPE_MESSAGE);
    }
    if (sniffed !== row.contentType) await refuseFile(deps, row, 'unreadable', `declared ${row.contentType}, bytes say ${sniffed}`);
  }
  const walked = walkPart(formatOf(row.contentType), JSON.parse(row.scan) as WalkState, part, offset, lookahead, row.bytes);
  if (isWalkRefusal(walked)) {
    if (walked.refused === 'mismatch') throw new AppError('BAD_REQUEST', MISMATCH);
    return refuseFile(deps, row, walked.refused, walked.reason);
  }

  const stored = await deps.env.IMAGES.resumeMultipartUpload(row.r2Key, row.r2UploadId).uploadPart(req.part, part);
  const etags = [...(JSON.parse(row.etags) as string[]), stored.etag];
  // Only the request that moves the upload on from part n-1 records part n (a retry racing the
  // first send stored the same bytes under the same number).
  await deps.db
    .update(videoUploads)
    .set({ partsDone: req.part, etags: JSON.stringify(etags), scan: JSON.stringify(walked.state), updatedAt: deps.now() })
    .where(and(eq(videoUploads.id, row.id), eq(videoUploads.partsDone, req.part - 1)));
  return { part: req.part, parts_done: req.part };
}

// ---------------------------------------------------------------- complete and abort

export interface CompleteVideoInput {
  fields: UploadImageFields;
  facts: VideoFacts;
  /** The poster frame at about 1600 px (WebP). */
  display: UploadPart;
  /** The poster frame at about 400 px wide (WebP). */
  thumbnail: UploadPart;
}

export interface CompleteVideoRequest {
  id: string;
  contentLength: number;
  read: (maxBytes: number) => Promise<CompleteVideoInput>;
}

async function posterPart(part: UploadPart, label: string): Promise<SafeImage> {
  if (!isFile(part) || part.size === 0) throw new AppError('BAD_REQUEST', `Send the video's ${label} (a WebP frame made in the browser).`);
  if (part.size > MAX_IMAGE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', `The ${label} is larger than 15 MB.`);
  return safeImage(new Uint8Array(await part.arrayBuffer()), label);
}

/**
 * Every part stored and the walk at the end of the file: R2 joins the parts, the poster frames
 * are checked and stored like images, and the row goes into images (kind 'video') in the same
 * batch that forgets the upload. Whatever fails after R2 joined the parts deletes the objects.
 */
export async function completeVideoUpload(deps: Deps, actor: Actor, req: CompleteVideoRequest): Promise<ImageDto> {
  const me = requireMember(actor);
  await enforceRateLimit(deps.env, 'MEMBER_WRITE_LIMITER', `member:${me.id}`);
  const row = await ownUpload(deps, me, req.id);
  const parts = partCount(row);
  if (row.partsDone !== parts)
    throw new AppError('CONFLICT', /*i18n*/ 'Part {part} of {parts} has not arrived yet.', { values: { part: row.partsDone + 1, parts } });
  const unfinished = finishWalk(formatOf(row.contentType), JSON.parse(row.scan) as WalkState, row.bytes);
  if (unfinished) return refuseFile(deps, row, unfinished.refused === 'mismatch' ? 'unreadable' : unfinished.refused, unfinished.reason);

  if (req.contentLength > MAX_COMPLETE_REQUEST)
    throw new AppError('PAYLOAD_TOO_LARGE', /*i18n*/ 'The poster frames are larger than 30 MB.');
  const input = await req.read(MAX_COMPLETE_REQUEST);
  const display = await posterPart(input.display, 'poster frame');
  const thumb = await posterPart(input.thumbnail, 'thumbnail');
  const { fields, facts } = input;
  // A home's page shows photos only (issue 16); a video sent from the home editor would otherwise
  // land in the Gallery. The upload stays open: Cancel or the housekeeping ends it.
  if (fields.context === 'home') throw new AppError('UNSUPPORTED_MEDIA_TYPE', HOME_TAKES_PHOTOS_MESSAGE);
  if (fields.context === 'post') throw new AppError('UNSUPPORTED_MEDIA_TYPE', POST_TAKES_PHOTOS_MESSAGE);
  const eventId = fields.associated_event_id ?? fields.event_id ?? null;
  await assertEventLinkable(deps, me, eventId);

  const etags = JSON.parse(row.etags) as string[];
  try {
    await deps.env.IMAGES.resumeMultipartUpload(row.r2Key, row.r2UploadId).complete(etags.map((etag, i) => ({ partNumber: i + 1, etag })));
  } catch (error) {
    console.error('R2 multipart complete failed', { upload: row.id, error: error instanceof Error ? error.message : String(error) });
    throw new AppError('CONFLICT', /*i18n*/ 'This upload could not be completed (it may have been cancelled). Please start it again.');
  }
  const posters: StoredObject[] = [display, thumb].map((p) => ({ key: newImageKey(p.type), bytes: p.bytes, type: p.type }));
  const keys = [row.r2Key, ...posters.map((p) => p.key)];
  let stored: ImageRow;
  try {
    await putObjects(deps.env.IMAGES, posters, row.name);
    const [inserted] = (await deps.db.batch([
      deps.db
        .insert(images)
        .values({
          kind: 'video',
          r2Key: row.r2Key,
          displayKey: posters[0]!.key,
          thumbKey: posters[1]!.key,
          contentType: row.contentType,
          width: facts.width ?? display.width,
          height: facts.height ?? display.height,
          thumbWidth: thumb.width,
          thumbHeight: thumb.height,
          bytes: row.bytes,
          durationMs: facts.duration === null ? null : Math.round(facts.duration * 1000),
          title: fields.title || row.name.replace(/\.[^.]*$/, ''),
          name: row.name,
          description: fields.description,
          tags: fields.tags,
          associatedEventId: eventId,
          uploadedBy: me.id,
          createdAt: deps.now(),
        })
        .returning(),
      deps.db.delete(videoUploads).where(eq(videoUploads.id, row.id)),
    ])) as [ImageRow[], unknown];
    stored = inserted[0]!;
  } catch (error) {
    await deleteObjects(deps.env.IMAGES, keys);
    await deps.db.delete(videoUploads).where(eq(videoUploads.id, row.id));
    if (isForeignKeyError(error)) throw new AppError('BAD_REQUEST', NO_SUCH_EVENT);
    throw error;
  }
  return newRowDto(deps, me, stored);
}

/** Cancel: the parts stored so far go, and the upload is forgotten. */
export async function abortVideoUpload(deps: Deps, actor: Actor, id: string): Promise<{ ok: true }> {
  const me = requireMember(actor);
  await enforceRateLimit(deps.env, 'MEMBER_WRITE_LIMITER', `member:${me.id}`);
  await discardUpload(deps, await ownUpload(deps, me, id));
  return { ok: true };
}

/** Uploads left behind: idle for UPLOAD_IDLE_MS, or of a deleted account. */
export function abandonedUploads(deps: Deps, limit: number) {
  return deps.db
    .select({ id: videoUploads.id, r2Key: videoUploads.r2Key, r2UploadId: videoUploads.r2UploadId })
    .from(videoUploads)
    .where(or(lt(videoUploads.updatedAt, deps.now() - UPLOAD_IDLE_MS), isNull(videoUploads.uploadedBy)))
    .orderBy(videoUploads.updatedAt)
    .limit(limit);
}
