import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { images } from '../../db/schema/images';
import type { ScheduledJob } from '../../platform/scheduled-job';
import { deleteObjects } from '../images/image-storage';

/** An editor's upload no home took after this long was abandoned (or removed from its home). */
export const HOME_PHOTO_GRACE_MS = 24 * 60 * 60 * 1000;
/** Rows per statement: three R2 keys each, and R2 deletes at most 1,000 keys per call. */
const BATCH = 300;
/** Statements per run, at most: a pile-up drains over a few runs. */
const ROUNDS = 3;

/**
 * Housekeeping (issue 16): a photo uploaded in the home editor (context 'home') that no home
 * shows a day later, because the editor was abandoned or the photo was taken off its home (or its
 * home deleted), is deleted: the rows first (walking images_home_photos_idx, oldest first), then
 * the bytes, so no row ever names missing bytes.
 */
export const homePhotosJob: ScheduledJob = {
  name: 'home-photos',
  async run(deps) {
    const before = deps.now() - HOME_PHOTO_GRACE_MS;
    let deleted = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const untaken = deps.db
        .select({ id: images.id })
        .from(images)
        .where(
          and(
            eq(images.context, 'home'),
            lt(images.createdAt, before),
            sql`NOT EXISTS (SELECT 1 FROM "home_images" AS "hi" WHERE "hi"."image_id" = ${images.id})`,
          ),
        )
        .orderBy(asc(images.createdAt))
        .limit(BATCH);
      const rows = await deps.db
        .delete(images)
        .where(inArray(images.id, untaken))
        .returning({ r2Key: images.r2Key, displayKey: images.displayKey, thumbKey: images.thumbKey });
      await deleteObjects(
        deps.env.IMAGES,
        rows.flatMap((r) => [r.r2Key, r.displayKey ?? '', r.thumbKey ?? '']),
      );
      deleted += rows.length;
      if (rows.length < BATCH) break;
    }
    return { deleted };
  },
};
