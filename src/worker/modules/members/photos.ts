import { eq, or, sql } from 'drizzle-orm';
import { MAX_IMAGE_BYTES, TOO_LARGE_MESSAGE } from '../../../shared/images';
import type { ProfilePhotoDto } from '../../../shared/members';
import { memberProfiles } from '../../db/schema/members';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import type { Deps } from '../../platform/deps';
import { requireMember } from '../../platform/guards';
import { enforceRateLimit } from '../../platform/rate-limit';
import { checkPart, isFile, type UploadPart } from '../images/images';
import { deleteObjects, isImageKey, newImageKey, putObjects, serveObject } from '../images/image-storage';
import { memberPhotoUrl, shownToMembersSql } from './member-refs';

/*
 * Her profile photo (issue 22): square-cropped in the browser and sent as a large and a small
 * WebP; each goes through the gallery's pipeline (images/safe-image.ts: JPEG, PNG or WebP by its
 * bytes, rebuilt without EXIF but the orientation, XMP, IPTC or trailing data, else 415). A
 * client without canvas may send one image: it stands in for both sizes. The bytes live in R2
 * under random keys and are served only to signed-in members who may see her photo.
 */

/** A photo's upload: the two sizes, each at most 15 MB, plus the form's overhead. */
const MAX_PHOTO_REQUEST = MAX_IMAGE_BYTES * 2 + 1024 * 1024;

export type PhotoPart = UploadPart;

export interface PhotoUploadRequest {
  contentLength: number;
  /** Reads the form's parts (the large photo in `photo`, the small one in `photo_small`), 413 past maxBytes. */
  read: (maxBytes: number) => Promise<{ photo: PhotoPart; small: PhotoPart }>;
}

/** Her current photo keys and the statement that sets new ones, in one batch (a transaction). */
function replacePhoto(deps: Deps, userId: number, keys: { photoKey: string | null; photoSmallKey: string | null }) {
  const now = deps.now();
  return deps.db.batch([
    deps.db
      .select({ photoKey: memberProfiles.photoKey, photoSmallKey: memberProfiles.photoSmallKey })
      .from(memberProfiles)
      .where(eq(memberProfiles.userId, userId)),
    deps.db
      .insert(memberProfiles)
      .values({ userId, ...keys, updatedAt: now })
      .onConflictDoUpdate({ target: memberProfiles.userId, set: { ...keys, updatedAt: now } }),
  ]);
}

/**
 * POST /api/profile/photo: stores the new photo's objects, then points her profile at them and
 * deletes the old ones. If the row cannot be written, the new objects are deleted again, so R2
 * never holds bytes that no profile names.
 */
export async function uploadProfilePhoto(deps: Deps, actor: Actor, request: PhotoUploadRequest): Promise<ProfilePhotoDto> {
  const me = requireMember(actor);
  await enforceRateLimit(deps.env, 'MEMBER_WRITE_LIMITER', `member:${me.id}`);
  if (request.contentLength > MAX_PHOTO_REQUEST) throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE_MESSAGE);
  const parts = await request.read(MAX_PHOTO_REQUEST);
  if (!isFile(parts.photo)) throw new AppError('BAD_REQUEST', /*i18n*/ 'Choose a photo to upload (the file in the form field "photo").');
  const large = await checkPart(parts.photo, 'photo');
  const small = isFile(parts.small) ? await checkPart(parts.small, 'small photo') : large;

  const objects = [large, ...(small === large ? [] : [small])].map((p) => ({ key: newImageKey(p.type), bytes: p.bytes, type: p.type }));
  const photoKey = objects[0]!.key;
  const photoSmallKey = objects[objects.length - 1]!.key;
  await putObjects(deps.env.IMAGES, objects, 'profile-photo');
  let old: { photoKey: string | null; photoSmallKey: string | null } | undefined;
  try {
    [[old]] = await replacePhoto(deps, me.id, { photoKey, photoSmallKey });
  } catch (error) {
    await deleteObjects(
      deps.env.IMAGES,
      objects.map((o) => o.key),
    );
    throw error;
  }
  if (old) await deleteObjects(deps.env.IMAGES, [old.photoKey ?? '', old.photoSmallKey ?? '']);
  return { photo_url: memberPhotoUrl(photoKey)!, photo_small_url: memberPhotoUrl(photoSmallKey)! };
}

/** DELETE /api/profile/photo: her profile forgets the photo, then its stored objects go. */
export async function deleteProfilePhoto(deps: Deps, actor: Actor): Promise<{ ok: true }> {
  const me = requireMember(actor);
  await enforceRateLimit(deps.env, 'MEMBER_WRITE_LIMITER', `member:${me.id}`);
  const [[old]] = await replacePhoto(deps, me.id, { photoKey: null, photoSmallKey: null });
  if (old) await deleteObjects(deps.env.IMAGES, [old.photoKey ?? '', old.photoSmallKey ?? '']);
  return { ok: true };
}

/**
 * GET /images/members/:key: the bytes of a profile photo (either size), to signed-in members, and
 * only while its owner shows her photo to them (herself and admins always; a lapsed member only her own). A key that no
 * profile names is not served: a replaced or deleted photo is gone for everyone.
 */
export async function serveMemberPhoto(deps: Deps, actor: Actor, key: string, req: Request): Promise<Response> {
  const me = requireMember(actor);
  if (!isImageKey(key)) throw new AppError('NOT_FOUND', /*i18n*/ 'Image not found.');
  const [row] = await deps.db
    .select({
      userId: memberProfiles.userId,
      shown: sql<number>`${shownToMembersSql('member_profiles', 'photo')}`.mapWith(Boolean),
    })
    .from(memberProfiles)
    .where(or(eq(memberProfiles.photoKey, key), eq(memberProfiles.photoSmallKey, key)))
    .limit(1);
  // A lapsed member keeps her own Settings (platform/lapsed-gate.ts): her own photo, no one else's.
  const seesOthers = me.membership.status !== 'lapsed' && (row?.shown || me.isAdmin);
  if (!row || !(row.userId === me.id || seesOthers)) throw new AppError('NOT_FOUND', /*i18n*/ 'Image not found.');
  return serveObject(deps.env.IMAGES, key, req);
}

/** The R2 keys of a member's photo, for her account's deletion (the row goes with her users row). */
export async function profilePhotoKeys(deps: Deps, userId: number): Promise<string[]> {
  const [row] = await deps.db
    .select({ photoKey: memberProfiles.photoKey, photoSmallKey: memberProfiles.photoSmallKey })
    .from(memberProfiles)
    .where(eq(memberProfiles.userId, userId));
  if (!row) return [];
  return [row.photoKey, row.photoSmallKey].filter((k): k is string => Boolean(k));
}
