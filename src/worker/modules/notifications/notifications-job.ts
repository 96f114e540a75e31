import { and, isNotNull, lt } from 'drizzle-orm';
import { READ_NOTIFICATION_TTL_MS } from '../../../shared/notifications';
import { notificationEvents, notifications } from '../../db/schema/notifications';
import { deleteInBatches, HOUSEKEEPING_BOUNDS, type BatchBounds } from '../../platform/bounded-delete';
import type { ScheduledJob } from '../../platform/scheduled-job';
import { sendDailyDigests } from './digest';
import { processNotificationNews } from './fan-out';
import { sendDueInstantEmails } from './instant-emails';

/** Recorded news is kept this long after its fan-out (enough to look into a complaint), then goes. */
const PROCESSED_NEWS_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Housekeeping (issue 23): news the queue never heard of (its message was refused or lost), the
 * instant emails still due, the daily summaries whose 07:00 has come, and in bounded batches read
 * notifications older than 180 days (READ_NOTIFICATION_TTL_MS) and old recorded news.
 */
export function createNotificationsJob(bounds: BatchBounds = HOUSEKEEPING_BOUNDS): ScheduledJob {
  return {
    name: 'notifications',
    async run(deps) {
      const now = deps.now();
      const fanOut = await processNotificationNews(deps, { maxRuns: 2 });
      const instant = await sendDueInstantEmails(deps);
      const digest = await sendDailyDigests(deps);
      return {
        news: fanOut.news,
        instantEmails: instant.emailed,
        digests: digest.digests,
        readDeleted: await deleteInBatches(
          deps,
          notifications,
          and(isNotNull(notifications.readAt), lt(notifications.readAt, now - READ_NOTIFICATION_TTL_MS)),
          bounds,
        ),
        newsDeleted: await deleteInBatches(
          deps,
          notificationEvents,
          and(isNotNull(notificationEvents.processedAt), lt(notificationEvents.processedAt, now - PROCESSED_NEWS_TTL_MS)),
          bounds,
        ),
      };
    },
  };
}

export const notificationsJob = createNotificationsJob();
