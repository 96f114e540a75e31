import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { MAX_IMAGE_BYTES } from '../../../shared/constants';
import {
  TOO_LARGE_MESSAGE,
  type DeleteImagesInput,
  type EventOption,
  type ImageDto,
  type ListImagesInput,
  type UpdateImageInput,
  type UploadImageFields,
} from '../../../shared/schemas/images';
import type { Actor, MemberActor } from '../../platform/actor';
import { comments } from '../../db/schema/comments';
import { events } from '../../db/schema/events';
import { images, type ImageRow } from '../../db/schema/images';
import { users } from '../../db/schema/users';
import { AppError } from '../../platform/app-error';
import { safeImage, type SafeImage } from './safe-image';
import { enforceRateLimit } from '../../platform/rate-limit';
import { ensure, requireMember } from '../../platform/guards';
import { imagePolicy, imageVisibleSql } from './policies';
import { eventDetailsVisibleSql } from '../events/policies';
import { homePolicy } from '../homes/policies';
import { auditEntry } from '../../platform/audit';
import { columnRef } from '../../db/column-ref';
import { containsText } from '../../db/like';
import { decodeCursor, pageSize, toPage } from '../../platform/keyset';
import type { Page } from '../../../shared/schemas/page';
import type { Deps } from '../../platform/deps';
import { afterSlots, builtOnce, readBatch, SLOT, slotsOf } from '../../platform/built-once';
import { deleteObjects, imageUrl, isImageKey, newImageKey, putObjects, serveObject, type StoredObject } from './image-storage';

const NOT_FOUND = /*i18n*/ 'Image not found.';
export const NO_SUCH_EVENT = /*i18n*/ 'That event does not exist.';
const NOT_LINKABLE = /*i18n*/ 'Only the members invited to that event can add images to it.';

// ---------------------------------------------------------------- reading

// Named apart from the image's own name and title: the first page is read in a D1 batch (it may
// carry the session check, ADR 0020), whose rows come back keyed by column name.
const listColumns = {
  image: images,
  authorName: sql<string | null>`${users.name}`.as('author_name'),
  eventTitle: sql<string | null>`${events.title}`.as('event_title'),
  commentCount: sql<number>`(SELECT count(*) FROM ${comments} WHERE ${comments.imageId} = ${images.id})`.mapWith(Number),
};

type ListRow = { image: ImageRow; authorName: string | null; eventTitle: string | null; commentCount: number };

function listQuery(deps: Deps) {
  return deps.db
    .select(listColumns)
    .from(images)
    .leftJoin(users, eq(users.id, images.uploadedBy))
    .leftJoin(events, eq(events.id, images.associatedEventId));
}

export function toImageDto(row: ListRow, viewer: MemberActor): ImageDto {
  const i = row.image;
  const author = row.authorName ?? 'Former member';
  return {
    id: i.id,
    image_id: i.id,
    url: imageUrl(i.r2Key),
    display_url: imageUrl(i.displayKey ?? i.r2Key),
    thumb_url: imageUrl(i.thumbKey ?? i.displayKey ?? i.r2Key),
    content_type: i.contentType,
    bytes: i.bytes,
    width: i.width,
    height: i.height,
    thumb_width: i.thumbWidth,
    thumb_height: i.thumbHeight,
    title: i.title,
    name: i.name,
    description: i.description,
    tags: i.tags,
    associated_event_id: i.associatedEventId,
    associated_event_title: row.eventTitle,
    uploaded_by: i.uploadedBy,
    author_name: author,
    author,
    upload_date: new Date(i.createdAt).toISOString(),
    comments: row.commentCount,
    comment_count: row.commentCount,
    can_manage: imagePolicy.manage(viewer, i),
    media_kind: i.kind,
    duration_seconds: i.durationMs === null ? null : i.durationMs / 1000,
  };
}

/** An image tagged with an event whose details the member does not see is left out everywhere (imageVisibleSql). */
function imageVisible(deps: Deps, me: MemberActor): SQL {
  return imageVisibleSql(me, deps.now());
}

// A home's photos (context 'home', from the home editor) belong to its page, not to the Gallery
// (issue 16), from their upload on; the bytes stay served to members like every image.
const inGallery = eq(images.context, 'gallery');

/** SPEC 5's tag search: a case-insensitive (ASCII) substring of any of the row's tags. */
function tagFilter(tag: string | undefined): SQL | undefined {
  if (!tag) return undefined;
  return sql`EXISTS (SELECT 1 FROM json_each(${columnRef(images.tags)}) WHERE ${containsText(sql`json_each.value`, tag)})`;
}

type ImageFilter = { eventId?: number; tag?: string };

/**
 * One page (size + 1 rows) of the gallery, newest first, after the cursor's [created_at, id]: a
 * walk of images_created_idx backwards (images_event_idx for one event's images), with the
 * author, the event's title, the comment count, the visibility check and the filters in the same
 * statement. A tag is a substring, so no index finds it: the walk tests each row's tags in
 * order and stops at the page's end.
 */
export function imagePageQuery(deps: Deps, me: MemberActor, filter: ImageFilter, after: [number, number] | undefined, size: number) {
  return listQuery(deps)
    .where(
      and(
        filter.eventId ? eq(images.associatedEventId, filter.eventId) : undefined,
        tagFilter(filter.tag),
        after ? sql`(${columnRef(images.createdAt)}, ${columnRef(images.id)}) < (${after[0]}, ${after[1]})` : undefined,
        imageVisible(deps, me),
        inGallery,
      ),
    )
    .orderBy(desc(images.createdAt), desc(images.id))
    .limit(size + 1);
}

/**
 * A page of the gallery without a tag, built once per isolate (ADR 0020). Key: the page size,
 * 'e' for one event's images (its id is SLOT.ref), '>' for a later page (its cursor in
 * SLOT.after, SLOT.afterId).
 */
type ImagePageKey = `${number}${'' | 'e'}${'' | '>'}`;
export const imagePage = builtOnce((deps, me, key: ImagePageKey) => {
  const filter = key.includes('e') ? { eventId: SLOT.ref as unknown as number } : {};
  const after = key.endsWith('>') ? ([SLOT.after, SLOT.afterId] as unknown as [number, number]) : undefined;
  return imagePageQuery(deps, me, filter, after, Number.parseInt(key, 10));
});

/**
 * GET /api/images (and of one event) and images.list: a page of the images the member may see,
 * newest first, keyset-paged over [created_at, id] (issue 13); one D1 statement.
 */
export async function listImages(deps: Deps, actor: Actor, input: ListImagesInput = {}): Promise<Page<ImageDto>> {
  const me = requireMember(actor);
  const size = pageSize(input.limit);
  const after = decodeCursor(input.cursor, ['n', 'n']) as [number, number] | undefined;
  // A batch of one: the session check of a hinted request rides on it (ADR 0020). A tag search
  // is built for its request (the rarer one); every other page was built once.
  const [rows] = input.tag
    ? await deps.db.batch([imagePageQuery(deps, me, { eventId: input.eventId, tag: input.tag }, after, size)])
    : await readBatch(deps, [
        imagePage(me, `${size}${input.eventId ? 'e' : ''}${after ? '>' : ''}`).with({
          ...slotsOf(deps, me),
          ...afterSlots(after),
          ...(input.eventId && { ref: input.eventId }),
        }),
      ]);
  return toPage(
    rows,
    size,
    (r) => [r.image.createdAt, r.image.id],
    (r) => toImageDto(r, me),
  );
}

export async function getImage(deps: Deps, actor: Actor, id: number): Promise<ImageDto> {
  const me = requireMember(actor);
  const [row] = await listQuery(deps)
    .where(and(eq(images.id, id), imageVisible(deps, me), inGallery))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return toImageDto(row, me);
}

/**
 * The events an image may be linked to, for the associated-event select and the 'Show...' filter:
 * those whose details (and so images) the member sees.
 */
export async function listEventOptions(deps: Deps, actor: Actor): Promise<EventOption[]> {
  const me = requireMember(actor);
  return deps.db
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(eventDetailsVisibleSql(me, events.id, deps.now()))
    .orderBy(desc(events.startsAt));
}

/**
 * GET /images/:key: members only, and only the bytes of an image the member may see (the key is
 * its original, display size or thumbnail; each key column has an index). Bytes that no row
 * names are not served either.
 */
export async function serveImage(deps: Deps, actor: Actor, key: string, req: Request): Promise<Response> {
  const me = requireMember(actor);
  if (!isImageKey(key)) throw new AppError('NOT_FOUND', NOT_FOUND);
  const [row] = await deps.db
    .select({ id: images.id })
    .from(images)
    .where(and(or(eq(images.r2Key, key), eq(images.displayKey, key), eq(images.thumbKey, key)), imageVisible(deps, me)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return serveObject(deps.env.IMAGES, key, req);
}

/** Linking an image to an event is for those who see that event's images (its details). */
export async function assertEventLinkable(deps: Deps, me: MemberActor, eventId: number | null | undefined): Promise<void> {
  if (!eventId) return;
  const [row] = await deps.db
    .select({ visible: eventDetailsVisibleSql(me, events.id, deps.now()).mapWith(Boolean) })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  if (!row) throw new AppError('BAD_REQUEST', NO_SUCH_EVENT);
  ensure(row.visible, NOT_LINKABLE);
}

// ---------------------------------------------------------------- uploading

/** One part of the upload form: a File (or Blob); anything else (a text field) counts as missing. */
export type UploadPart = Blob | string | null | undefined;

export interface UploadImageInput {
  fields: UploadImageFields;
  /** The image, re-encoded in the browser (so carrying no metadata). */
  image: UploadPart;
  /** About 1600 px; the original stands in when absent (a client without canvas). */
  display?: UploadPart;
  /** About 400 px wide WebP; the display image stands in when absent. */
  thumbnail?: UploadPart;
}

/** The whole multipart request: an original of up to 15 MB plus its display size and thumbnail. */
const MAX_UPLOAD_REQUEST = MAX_IMAGE_BYTES * 2 + 1024 * 1024;

/** An upload as the transport hands it over: its declared size, and its parts read on demand. */
export interface UploadRequest {
  contentLength: number;
  /** Reads the parts, counting the body as it streams: 413 once it passes maxBytes. */
  read: (maxBytes: number) => Promise<UploadImageInput>;
}

type CheckedPart = SafeImage;

/**
 * A part's bytes: at most 15 MB, then a JPEG, PNG or WebP (by its bytes) rebuilt without its
 * EXIF (but the orientation), XMP, IPTC and trailing data, or refused (safe-image.ts).
 */
export async function checkPart(part: Blob, label: string): Promise<CheckedPart> {
  if (part.size > MAX_IMAGE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE_MESSAGE);
  if (part.size === 0) throw new AppError('BAD_REQUEST', `The ${label} is empty.`);
  return safeImage(new Uint8Array(await part.arrayBuffer()), label);
}

export const isFile = (p: UploadPart): p is Blob => typeof p === 'object' && p !== null && typeof (p as Blob).arrayBuffer === 'function';

// eslint-disable-next-line no-control-regex -- matching control characters is the point: they are dropped from file names
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/g;

/** A file name as stored and shown: its last path segment, without control characters, at most 200 characters. */
export function cleanFileName(name: string, fallback: string): string {
  return name.split(/[\\/]/).pop()!.replace(CONTROL_CHARS, '').trim().slice(0, 200) || fallback;
}

function fileNameOf(part: Blob): string {
  return cleanFileName('name' in part && typeof part.name === 'string' ? part.name : '', 'image');
}

export function isForeignKeyError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}` : String(error);
  return /FOREIGN KEY constraint failed/i.test(text);
}

/**
 * Stores the three objects under new random keys, then the row. If the row cannot be written the
 * objects are deleted again, so R2 never holds bytes that no row names.
 */
export async function uploadImage(deps: Deps, actor: Actor, request: UploadRequest): Promise<ImageDto> {
  // Who is asking, how often, and how much, all before a body of up to 30 MB is read.
  const me = requireMember(actor);
  await enforceRateLimit(deps.env, 'MEMBER_WRITE_LIMITER', `member:${me.id}`);
  if (request.contentLength > MAX_UPLOAD_REQUEST) throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE_MESSAGE);
  const input = await request.read(MAX_UPLOAD_REQUEST);
  if (!isFile(input.image)) throw new AppError('BAD_REQUEST', /*i18n*/ 'Choose an image to upload.');
  const original = await checkPart(input.image, 'image');
  const display = isFile(input.display) ? await checkPart(input.display, 'display image') : null;
  const thumb = isFile(input.thumbnail) ? await checkPart(input.thumbnail, 'thumbnail') : null;

  const name = fileNameOf(input.image);
  const { fields } = input;
  const eventId = fields.associated_event_id ?? fields.event_id ?? null;
  if (fields.context === 'home') {
    ensure(homePolicy.create(me), /*i18n*/ 'Only Travel Hosts can upload photos of a home.');
    if (eventId) throw new AppError('BAD_REQUEST', /*i18n*/ 'A photo of a home cannot be linked to an event.');
  }
  // A circle's photo (a post's, or a cover: issue 39) belongs to its circle, never to an event.
  if (fields.context === 'post' && eventId) throw new AppError('BAD_REQUEST', /*i18n*/ 'A photo of a circle cannot be linked to an event.');
  await assertEventLinkable(deps, me, eventId);
  const objects: StoredObject[] = [original, display, thumb]
    .filter((p): p is CheckedPart => p !== null)
    .map((p) => ({ key: newImageKey(p.type), bytes: p.bytes, type: p.type }));
  const [originalKey, displayKey, thumbKey] = [
    objects[0]!.key,
    display ? objects[1]!.key : null,
    thumb ? objects[objects.length - 1]!.key : null,
  ];
  const thumbSize = thumb ?? display ?? original;

  await putObjects(deps.env.IMAGES, objects, name);
  let row: ImageRow;
  try {
    [row] = (await deps.db
      .insert(images)
      .values({
        r2Key: originalKey,
        displayKey,
        thumbKey,
        contentType: original.type,
        width: original.width,
        height: original.height,
        thumbWidth: thumbSize.width,
        thumbHeight: thumbSize.height,
        bytes: original.bytes.length,
        title: fields.title || name.replace(/\.[^.]*$/, ''),
        name,
        description: fields.description,
        tags: fields.tags,
        associatedEventId: eventId,
        context: fields.context,
        uploadedBy: me.id,
        createdAt: deps.now(),
      })
      .returning()) as [ImageRow];
  } catch (error) {
    await deleteObjects(
      deps.env.IMAGES,
      objects.map((o) => o.key),
    );
    if (isForeignKeyError(error)) throw new AppError('BAD_REQUEST', NO_SUCH_EVENT);
    throw error;
  }
  return newRowDto(deps, me, row);
}

/** A row just stored, as its uploader sees it (no comments yet; the event's title looked up). */
export async function newRowDto(deps: Deps, me: MemberActor, row: ImageRow): Promise<ImageDto> {
  const eventId = row.associatedEventId;
  const eventTitle = eventId
    ? ((await deps.db.select({ title: events.title }).from(events).where(eq(events.id, eventId)))[0]?.title ?? null)
    : null;
  return toImageDto({ image: row, authorName: me.name, eventTitle, commentCount: 0 }, me);
}

// ---------------------------------------------------------------- editing and deleting

/** Title, description, tags and the associated event; nothing else changes. Uploader or admin. */
export async function updateImage(deps: Deps, actor: Actor, input: UpdateImageInput): Promise<ImageDto> {
  const me = requireMember(actor);
  await enforceRateLimit(deps.env, 'MEMBER_WRITE_LIMITER', `member:${me.id}`);
  const [current] = await deps.db
    .select({ id: images.id, uploadedBy: images.uploadedBy })
    .from(images)
    .where(and(eq(images.id, input.id), imageVisible(deps, me), inGallery));
  if (!current) throw new AppError('NOT_FOUND', NOT_FOUND);
  ensure(imagePolicy.manage(me, current), /*i18n*/ 'Only the uploader or an administrator can edit this image.');
  if (input.associated_event_id) await assertEventLinkable(deps, me, input.associated_event_id);

  const patch: Partial<typeof images.$inferInsert> = {};
  if (input.title !== undefined) patch.title = input.title;
  if (input.description !== undefined) patch.description = input.description;
  if (input.tags !== undefined) patch.tags = input.tags;
  if (input.associated_event_id !== undefined) patch.associatedEventId = input.associated_event_id;
  if (Object.keys(patch).length) {
    const update = deps.db.update(images).set(patch).where(eq(images.id, input.id));
    try {
      if (current.uploadedBy !== me.id) {
        await deps.db.batch([
          update,
          auditEntry(deps, me, 'image.update', { type: 'image', id: input.id }, { fields: Object.keys(patch) }),
        ]);
      } else {
        await update.run();
      }
    } catch (error) {
      if (isForeignKeyError(error)) throw new AppError('BAD_REQUEST', NO_SUCH_EVENT);
      throw error;
    }
  }
  return getImage(deps, me, input.id);
}

/**
 * Deletes the images (all or none: one the member may not manage refuses the whole request), rows
 * first and then the bytes, so no row ever names missing bytes. Comments on them go with them.
 */
export async function deleteImages(deps: Deps, actor: Actor, input: DeleteImagesInput): Promise<{ deleted: number[] }> {
  const me = requireMember(actor);
  await enforceRateLimit(deps.env, 'MEMBER_WRITE_LIMITER', `member:${me.id}`);
  const rows = await deps.db
    .select({ id: images.id, uploadedBy: images.uploadedBy, r2Key: images.r2Key, displayKey: images.displayKey, thumbKey: images.thumbKey })
    .from(images)
    .where(inArray(images.id, input.images));
  if (!rows.length) throw new AppError('NOT_FOUND', input.images.length === 1 ? NOT_FOUND : 'None of these images exist.');
  for (const r of rows) ensure(imagePolicy.manage(me, r), /*i18n*/ 'Only the uploader or an administrator can delete an image.');

  const ids = rows.map((r) => r.id);
  const others = rows.filter((r) => r.uploadedBy !== me.id);
  await deps.db.batch([
    deps.db.delete(images).where(inArray(images.id, ids)),
    ...others.map((r) => auditEntry(deps, me, 'image.delete', { type: 'image', id: r.id }, { uploadedBy: r.uploadedBy })),
  ]);
  await deleteObjects(
    deps.env.IMAGES,
    rows.flatMap((r) => [r.r2Key, r.displayKey ?? '', r.thumbKey ?? '']),
  );
  return { deleted: ids };
}
