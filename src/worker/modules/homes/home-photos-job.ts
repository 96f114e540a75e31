import { sql } from 'drizzle-orm';
import { images } from '../../db/schema/images';
import type { ScheduledJob } from '../../platform/scheduled-job';
import { deleteUntakenUploads, UNTAKEN_UPLOAD_GRACE_MS } from '../images/untaken-uploads';

/** An editor's upload no home took after this long was abandoned (or removed from its home). */
export const HOME_PHOTO_GRACE_MS = UNTAKEN_UPLOAD_GRACE_MS;

/**
 * Housekeeping (issue 16): a photo uploaded in the home editor (context 'home') that no home
 * shows a day later, because the editor was abandoned or the photo was taken off its home (or its
 * home deleted), is deleted (walking images_home_photos_idx).
 */
export const homePhotosJob: ScheduledJob = {
  name: 'home-photos',
  run: (deps) =>
    deleteUntakenUploads(deps, 'home', sql`NOT EXISTS (SELECT 1 FROM "home_images" AS "hi" WHERE "hi"."image_id" = ${images.id})`),
};
