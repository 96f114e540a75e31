import { and, asc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import type { ImageContext } from '../../../shared/images';
import { images } from '../../db/schema/images';
import type { Deps } from '../../platform/deps';
import { deleteObjects } from './image-storage';

/** An upload nothing took after this long was abandoned (or taken off what showed it). */
export const UNTAKEN_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;
/** Rows per statement: three R2 keys each, and R2 deletes at most 1,000 keys per call. */
const BATCH = 300;
/** Statements per run, at most: a pile-up drains over a few runs. */
const ROUNDS = 3;

/**
 * Housekeeping of the photos uploaded for something else than the Gallery (a home's, issue 16; a
 * circle's post or cover, issue 39): those of `context` that nothing shows (`untaken`, a condition
 * on the images row) a day after their upload are deleted, the rows first (oldest first, through
 * the context's partial index), then the bytes, so no row ever names missing bytes.
 */
export async function deleteUntakenUploads(deps: Deps, context: ImageContext, untaken: SQL): Promise<{ deleted: number }> {
  const before = deps.now() - UNTAKEN_UPLOAD_GRACE_MS;
  let deleted = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const ids = deps.db
      .select({ id: images.id })
      .from(images)
      .where(and(eq(images.context, context), lt(images.createdAt, before), untaken))
      .orderBy(asc(images.createdAt))
      .limit(BATCH);
    const rows = await deps.db
      .delete(images)
      .where(inArray(images.id, ids))
      .returning({ r2Key: images.r2Key, displayKey: images.displayKey, thumbKey: images.thumbKey });
    await deleteObjects(
      deps.env.IMAGES,
      rows.flatMap((r) => [r.r2Key, r.displayKey ?? '', r.thumbKey ?? '']),
    );
    deleted += rows.length;
    if (rows.length < BATCH) break;
  }
  return { deleted };
}
