import { sql } from 'drizzle-orm';
import { circlePostImages, circles } from '../../db/schema/circles';
import { images } from '../../db/schema/images';
import type { ScheduledJob } from '../../platform/scheduled-job';
import { deleteUntakenUploads } from '../images/untaken-uploads';

/**
 * Housekeeping (issue 39): a photo uploaded for a circle (context 'post') that no post and no
 * circle's cover shows a day later (the post was abandoned, deleted or edited, the circle deleted)
 * is deleted (walking images_post_photos_idx).
 */
export const postPhotosJob: ScheduledJob = {
  name: 'post-photos',
  run: (deps) =>
    deleteUntakenUploads(
      deps,
      'post',
      sql`NOT EXISTS (SELECT 1 FROM ${circlePostImages} AS "on_post" WHERE "on_post"."image_id" = ${images.id})
        AND NOT EXISTS (SELECT 1 FROM ${circles} AS "covered" WHERE "covered"."cover_image_id" = ${images.id})`,
    ),
};
