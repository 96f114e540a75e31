import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { INSTANT_EMAIL_MERGE_MS } from '../../../shared/notifications';
import { notificationActors, notificationEvents, notifications } from '../../db/schema/notifications';
import type { Deps } from '../../platform/deps';
import { describeError } from '../../platform/log-redaction';
import { receivesClubNewsSql, todayOf } from '../membership/terms';
import { presentCountsOf, publishUnreadCounts } from './live-publish';
import { planOf, type NotificationPlan, type RecordedNews } from './plans';
import { emailModeSql, ensureSettingsQuery } from './preferences';

/*
 * The fan-out (issue 23 "Scale"): runs in the notifications queue's consumer, never in the request.
 * Each recorded piece of news becomes its recipients' notifications through one INSERT … SELECT
 * per slice of RECIPIENTS_PER_STATEMENT members (an event with 2,000 participants is four
 * statements, not 2,000), which grows an unread entry about the same thing instead of adding one
 * (ON CONFLICT on notifications_unread_idx). Then one statement records who did it, and the
 * members with a live socket hear their new count.
 */

/** Recipients written per statement: bounded work per statement, whatever the audience. */
export const RECIPIENTS_PER_STATEMENT = 500;
/** Recorded news taken per run of the consumer (the rest waits for the next message). */
const NEWS_PER_RUN = 25;
/** A run that died holding news lets it go after this long. */
export const STALE_NEWS_MS = 2 * 60 * 1000;

/** One slice: writes (or grows) the notifications of the recipients after `after`, answers whose. */
function writeSlice(deps: Deps, news: RecordedNews, plan: NotificationPlan, after: number) {
  const now = deps.now();
  const member = sql`"r"."user_id"`;
  const mode = emailModeSql(member, plan.kind);
  // An instant email is due at once, or 10 minutes after the last one about the same thing, so
  // everything in between goes in one email (the source module sends its own kinds' instant emails).
  const lastEmailed = sql`coalesce((SELECT max("prev"."emailed_at") FROM ${notifications} AS "prev"
    WHERE "prev"."user_id" = ${member} AND "prev"."kind" = ${plan.kind} AND "prev"."target" = ${plan.target}), 0)`;
  const instant = plan.instantEmailBySource ? sql`0` : sql`(${mode} = 'instant')`;
  const actor = news.actorId;
  // DECISIONS "Membership terms": a lapsed member keeps her own data and nothing else, so she is
  // told nothing (no entry, no email) until an admin renews her.
  const receives = receivesClubNewsSql(member, todayOf(deps));
  const newPerson =
    actor === null || plan.countsOccurrences
      ? sql`1`
      : sql`(NOT EXISTS (SELECT 1 FROM notification_actors AS "known" WHERE "known"."notification_id" = "notifications"."id" AND "known"."actor_id" = ${actor}))`;
  return deps.db.all<{ user_id: number }>(sql`
    INSERT INTO ${notifications} (user_id, kind, target, url, subject, detail, flags, count, created_at, read_at, last_event_id, email_state, email_due_at, emailed_at)
    SELECT "r"."user_id", ${plan.kind}, ${plan.target}, ${plan.url}, ${plan.subject}, ${plan.detail}, ${plan.flags}, 1, ${now}, NULL, ${news.id},
      CASE WHEN ${instant} THEN 'pending' ELSE 'none' END,
      CASE WHEN ${instant} THEN max(${now}, ${lastEmailed} + ${INSTANT_EMAIL_MERGE_MS}) END,
      NULL
    FROM (SELECT DISTINCT "all_recipients"."user_id" FROM (${plan.recipients}) AS "all_recipients") AS "r"
    WHERE "r"."user_id" > ${after}
      AND ${receives}
      ${actor === null ? sql`` : sql`AND "r"."user_id" <> ${actor}`}
      ${plan.visibleTo ? sql`AND ${plan.visibleTo(member)}` : sql``}
    ORDER BY "r"."user_id"
    LIMIT ${RECIPIENTS_PER_STATEMENT}
    ON CONFLICT (user_id, kind, target) WHERE read_at IS NULL DO UPDATE SET
      count = "notifications"."count" + ${newPerson},
      created_at = excluded.created_at,
      url = excluded.url,
      subject = excluded.subject,
      detail = excluded.detail,
      flags = "notifications"."flags" | excluded.flags,
      last_event_id = excluded.last_event_id,
      email_state = CASE WHEN "notifications"."email_state" = 'pending' THEN 'pending' ELSE excluded.email_state END,
      email_due_at = CASE WHEN "notifications"."email_state" = 'pending' THEN "notifications"."email_due_at" ELSE excluded.email_due_at END
    RETURNING user_id`);
}

/**
 * Writes one piece of news: its slices, then in one batch who did it (for "Amara Okafor and 2
 * others"), the recipients' settings rows (the daily summary finds them), and the news marked
 * processed. Answers how many members it reached.
 */
async function fanOut(deps: Deps, news: RecordedNews): Promise<number[]> {
  const plan = await planOf(deps, news);
  const done = deps.db.update(notificationEvents).set({ processedAt: deps.now() }).where(eq(notificationEvents.id, news.id));
  if (!plan) {
    await done;
    return [];
  }
  const reached: number[] = [];
  for (let after = 0; ;) {
    const rows = await writeSlice(deps, news, plan, after);
    for (const r of rows) reached.push(r.user_id);
    if (rows.length < RECIPIENTS_PER_STATEMENT) break;
    after = Math.max(...rows.map((r) => r.user_id));
  }
  const now = deps.now();
  const touched = sql`SELECT "t"."user_id" FROM ${notifications} AS "t" WHERE "t"."last_event_id" = ${news.id}`;
  const people =
    news.actorId === null
      ? []
      : [
          deps.db
            .insert(notificationActors)
            .select(sql`SELECT NULL, "t"."id", ${news.actorId}, ${now} FROM ${notifications} AS "t" WHERE "t"."last_event_id" = ${news.id}`)
            .onConflictDoUpdate({ target: [notificationActors.notificationId, notificationActors.actorId], set: { createdAt: now } }),
        ];
  await deps.db.batch([done, ...people, ensureSettingsQuery(deps, touched, now)]);
  return reached;
}

/**
 * Takes up to NEWS_PER_RUN unprocessed pieces of news (none another live run holds), oldest first;
 * with `recordedBy`, only those recorded by then (the demo seed replays its story in order).
 */
async function claimNews(deps: Deps, recordedBy?: number): Promise<RecordedNews[]> {
  const now = deps.now();
  const free = or(isNull(notificationEvents.claimedAt), lt(notificationEvents.claimedAt, now - STALE_NEWS_MS));
  const rows = await deps.db
    .update(notificationEvents)
    .set({ claimedAt: now })
    .where(
      inArray(
        notificationEvents.id,
        deps.db
          .select({ id: notificationEvents.id })
          .from(notificationEvents)
          .where(
            and(
              isNull(notificationEvents.processedAt),
              recordedBy === undefined ? undefined : lte(notificationEvents.createdAt, recordedBy),
              free,
            ),
          )
          .orderBy(asc(notificationEvents.id))
          .limit(NEWS_PER_RUN),
      ),
    )
    .returning({
      id: notificationEvents.id,
      kind: notificationEvents.kind,
      actorId: notificationEvents.actorId,
      data: notificationEvents.data,
    });
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Runs the fan-out until no news is left (or `maxRuns` claims were made), then tells the members
 * reached who have a live socket their new unread count. Answers how many pieces of news it wrote,
 * and which of them reached someone.
 */
export async function processNotificationNews(
  deps: Deps,
  opts: { maxRuns?: number; recordedBy?: number } = {},
): Promise<{ news: number; reached: number; newsReaching: number[] }> {
  let count = 0;
  const reached = new Set<number>();
  // The pieces of news that reached someone: their pushes follow (modules/push).
  const newsReaching: number[] = [];
  for (let run = 0; run < (opts.maxRuns ?? 8); run++) {
    const claimed = await claimNews(deps, opts.recordedBy);
    for (const news of claimed) {
      try {
        const ids = await fanOut(deps, news);
        for (const id of ids) reached.add(id);
        if (ids.length > 0) newsReaching.push(news.id);
        count++;
      } catch (err) {
        // Left claimed: another run takes it once the claim is stale.
        console.error('notifications: fan-out failed', { news: news.id, kind: news.kind, error: describeError(err) });
      }
    }
    if (claimed.length < NEWS_PER_RUN) break;
  }
  if (reached.size > 0) await publishUnreadCounts(deps, await presentCountsOf(deps, [...reached]));
  return { news: count, reached: reached.size, newsReaching };
}

/** How many pieces of news wait for the fan-out (for tests and the housekeeping). */
export async function pendingNewsCount(deps: Deps): Promise<number> {
  const rows = await deps.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(notificationEvents)
    .where(isNull(notificationEvents.processedAt));
  return rows[0]?.n ?? 0;
}
