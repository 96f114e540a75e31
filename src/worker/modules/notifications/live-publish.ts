import { sql } from 'drizzle-orm';
import { parseCommentableId } from '../../../shared/commentable';
import type { LiveChange } from '../../../shared/notifications';
import { livePresence, notifications } from '../../db/schema/notifications';
import type { Deps } from '../../platform/deps';
import type { Env } from '../../platform/env';
import { describeError } from '../../platform/log-redaction';
import { eventDetailsVisibleToSql } from '../events/policies';
import { imageVisibleToSql } from '../images/policies';
import { postVisibleToSql } from '../circles/policies';

/*
 * Telling open pages (issue 23 "Live"): a member's Durable Object (MemberLive) holds her sockets;
 * a topic's (LiveTopic, one per event or image) knows which members watch it. Nothing here waits
 * for a page: failures are logged and the page still works by asking the API.
 */

export const memberLiveName = (memberId: number) => `member:${memberId}`;

export function memberLive(env: Env, memberId: number) {
  return env.MEMBER_LIVE.get(env.MEMBER_LIVE.idFromName(memberLiveName(memberId)));
}

export function liveTopic(env: Env, topic: string) {
  return env.LIVE_TOPIC.get(env.LIVE_TOPIC.idFromName(topic));
}

/** Durable Objects called at once by one fan-out. */
const CALLS_IN_FLIGHT = 32;

/**
 * The unread counts of the members among `memberIds` who have a live socket open (live_presence):
 * one statement, the ids as one JSON parameter.
 */
export async function presentCountsOf(deps: Deps, memberIds: number[]): Promise<{ userId: number; count: number }[]> {
  if (memberIds.length === 0) return [];
  return deps.db.all<{ userId: number; count: number }>(sql`
    SELECT "lp"."user_id" AS "userId",
      (SELECT count(*) FROM ${notifications} AS "n" WHERE "n"."user_id" = "lp"."user_id" AND "n"."read_at" IS NULL) AS "count"
    FROM ${livePresence} AS "lp" WHERE "lp"."user_id" IN (SELECT value FROM json_each(${JSON.stringify(memberIds)}))`);
}

/** Sends each member her count (`{"type":"unread","count":N}` on every socket she has open). */
export async function publishUnreadCounts(deps: Deps, counts: { userId: number; count: number }[]): Promise<void> {
  for (let i = 0; i < counts.length; i += CALLS_IN_FLIGHT) {
    await Promise.all(
      counts.slice(i, i + CALLS_IN_FLIGHT).map(async ({ userId, count }) => {
        try {
          await memberLive(deps.env, userId).unread(count);
        } catch (err) {
          console.error('live: could not send the unread count', { error: describeError(err) });
        }
      }),
    );
  }
}

/**
 * Something changed on an event or image (a comment, a like, places, participants): every page
 * watching it hears `{"type":"changed","topic":…,"what":…}` and asks the API again. After the
 * answer (waitUntil): the request does not wait for the pages.
 */
export function publishChange(deps: Deps, topic: string, what: LiveChange): void {
  deps.waitUntil(
    liveTopic(deps.env, topic)
      .publish(topic, what)
      .catch((err: unknown) => console.error('live: could not publish', { topic, error: describeError(err) })),
  );
}

/**
 * Her sessions changed (issue 45): a logout, a session ended in Settings, "sign out other
 * devices", a password changed or reset, her account deleted, her term or admin role changed. Her
 * Durable Object checks each open socket's session again and closes those whose session ended or
 * whose membership lapsed, so no socket outlives its session. After the answer (waitUntil).
 */
export function recheckLiveSockets(deps: Deps, memberId: number): void {
  deps.waitUntil(
    memberLive(deps.env, memberId)
      .recheck()
      .catch((err: unknown) => console.error('live: could not check her sockets', { error: describeError(err) })),
  );
}

/** She may follow this topic: the event's details, the image, or the circle's post are hers to see. */
export async function mayWatch(deps: Deps, memberId: number, topic: string): Promise<boolean> {
  const target = parseCommentableId(topic);
  if (!target) return false;
  const member = sql`${memberId}`;
  const visible =
    target.kind === 'event'
      ? eventDetailsVisibleToSql(member, sql`${target.id}`, deps.now())
      : target.kind === 'post'
        ? postVisibleToSql(member, sql`${target.id}`)
        : imageVisibleToSql(member, sql`${target.id}`, deps.now());
  const rows = await deps.db.all<{ ok: number }>(sql`SELECT 1 AS "ok" WHERE ${visible}`);
  return rows.length > 0;
}
