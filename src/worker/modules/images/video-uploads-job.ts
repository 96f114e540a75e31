import type { ScheduledJob } from '../../platform/scheduled-job';
import { abandonedUploads, discardUpload } from './video-uploads';

/** Uploads aborted per run, at most: the oldest first, so a pile-up drains over a few runs. */
const BATCH = 50;

/**
 * Housekeeping (issue 15): video uploads that stopped (a closed tab, a lost connection) or whose
 * member's account is gone are aborted in R2, which deletes their stored parts, and forgotten.
 */
export const videoUploadsJob: ScheduledJob = {
  name: 'video-uploads',
  async run(deps) {
    const rows = await abandonedUploads(deps, BATCH);
    for (const row of rows) await discardUpload(deps, row);
    return { aborted: rows.length };
  },
};
