import { sql, type SQL } from 'drizzle-orm';
import type { NotificationKind } from '../../../shared/notifications';
import { comments } from '../../db/schema/comments';
import { eventParticipants, eventWaitlist, events } from '../../db/schema/events';
import { eventFeedback } from '../../db/schema/check-in';
import { homes, homeStays } from '../../db/schema/homes';
import { images } from '../../db/schema/images';
import { applications } from '../../db/schema/membership';
import { users } from '../../db/schema/users';
import type { Deps } from '../../platform/deps';
import { adminWithSecondFactorSql } from '../auth/sessions';
import { eventDetailsVisibleToSql } from '../events/policies';
import { imageVisibleToSql } from '../images/policies';
import { messageNewsOf } from '../messages/news';
import { circleNewsFacts, circlePostNewsFacts } from '../circles/circle-news';
import { postVisibleToSql } from '../circles/policies';
import { joinRequestNewsFacts } from '../events/join-requests';

/*
 * Who is told about what (issue 23 "What she is told about"), per kind: the entry's target (what
 * several occurrences merge on), its link, title and detail, and the recipients as one SELECT of
 * "user_id" that the fan-out writes from in slices. `visibleTo` keeps out anyone who may not see
 * the thing (an invite-only event's comments reach only those who see the event, ADR 0010); the
 * fan-out also leaves out the actor herself.
 */

export interface NotificationPlan {
  kind: NotificationKind;
  target: string;
  url: string;
  subject: string;
  detail: string | null;
  flags: number;
  /** SELECT ... AS "user_id" (duplicates allowed: the fan-out takes each member once). */
  recipients: SQL;
  /** A condition on the recipient (an SQL member id) that she may see it; none when all recipients do. */
  visibleTo?: (member: SQL) => SQL;
  /** The module that reported it sends the instant email itself (a stay's steps, a waitlist place). */
  instantEmailBySource: boolean;
  /** Its count grows by one per occurrence, not per new person ("Amara Okafor sent you 3 messages"). */
  countsOccurrences?: boolean;
}

export interface RecordedNews {
  id: number;
  kind: NotificationKind;
  actorId: number | null;
  data: Record<string, unknown>;
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isInteger(v) ? v : -1);
const ids = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : []);
const idList = (list: number[]) => sql`SELECT value AS "user_id" FROM json_each(${JSON.stringify(list)})`;

/** A comment's parent and whose it is: the event's creator, the image's uploader. */
async function commentFacts(deps: Deps, commentId: number) {
  const rows = await deps.db.all<{
    id: number;
    user_id: number | null;
    event_id: number | null;
    image_id: number | null;
    event_title: string | null;
    image_title: string | null;
    image_name: string | null;
    image_event: number | null;
    post_id: number | null;
    post_title: string | null;
    post_author: number | null;
    circle_slug: string | null;
    parent_author: number | null;
  }>(sql`SELECT "c"."id", "c"."user_id",
      (SELECT "pa"."user_id" FROM ${comments} AS "pa" WHERE "pa"."id" = "c"."parent_id") AS "parent_author", "c"."event_id", "c"."image_id", "e"."title" AS "event_title",
      "i"."title" AS "image_title", "i"."name" AS "image_name", "i"."associated_event_id" AS "image_event",
      "c"."post_id", "p"."title" AS "post_title", "p"."author_id" AS "post_author", "pc"."slug" AS "circle_slug"
    FROM ${comments} AS "c" LEFT JOIN ${events} AS "e" ON "e"."id" = "c"."event_id" LEFT JOIN ${images} AS "i" ON "i"."id" = "c"."image_id"
      LEFT JOIN "circle_posts" AS "p" ON "p"."id" = "c"."post_id" LEFT JOIN "circles" AS "pc" ON "pc"."id" = "p"."circle_id"
    WHERE "c"."id" = ${commentId}`);
  return rows[0];
}

type CommentFacts = NonNullable<Awaited<ReturnType<typeof commentFacts>>>;

/** The parent of a comment as an entry shows it and who may see it. */
function parentOf(deps: Deps, c: CommentFacts) {
  const now = deps.now();
  if (c.post_id !== null) {
    const postId = c.post_id;
    return {
      key: `post:${postId}`,
      url: `/circles/${c.circle_slug ?? ''}?post=${postId}`,
      subject: c.post_title ?? '',
      detail: 'post',
      visibleTo: (member: SQL) => postVisibleToSql(member, sql`${postId}`),
    };
  }
  if (c.event_id !== null) {
    const eventId = c.event_id;
    return {
      key: `event:${eventId}`,
      url: `/events/${eventId}?tab=comments`,
      subject: c.event_title ?? '',
      detail: 'event',
      visibleTo: (member: SQL) => eventDetailsVisibleToSql(member, sql`${eventId}`, now),
    };
  }
  const imageId = c.image_id!;
  return {
    key: `image:${imageId}`,
    url: `/gallery?image=${imageId}`,
    subject: c.image_title || c.image_name || '',
    detail: 'image',
    visibleTo: (member: SQL) => imageVisibleToSql(member, sql`${imageId}`, now),
  };
}

async function eventTitle(deps: Deps, eventId: number): Promise<string | null> {
  const rows = await deps.db.all<{ title: string }>(sql`SELECT "title" FROM ${events} WHERE "id" = ${eventId}`);
  return rows[0]?.title ?? null;
}

/** Members who joined or wait for the event. */
function takingPart(eventId: number): SQL {
  return sql`SELECT "p"."user_id" AS "user_id" FROM ${eventParticipants} AS "p" WHERE "p"."event_id" = ${eventId}
    UNION SELECT "w"."user_id" FROM ${eventWaitlist} AS "w" WHERE "w"."event_id" = ${eventId}`;
}

/** The plan of one recorded piece of news; null when there is nothing left to tell (its thing is gone). */
export async function planOf(deps: Deps, news: RecordedNews): Promise<NotificationPlan | null> {
  const d = news.data;
  switch (news.kind) {
    case 'comment': {
      const c = await commentFacts(deps, num(d.commentId));
      if (!c) return null;
      const parent = parentOf(deps, c);
      // Whose thing it is, who joined it (events), and who commented on it before: a reply's
      // top comment's author among them, told as for a comment on her thing (issue 46 point 11).
      const owner =
        c.post_id !== null
          ? sql`SELECT ${c.post_author} AS "user_id"`
          : c.event_id !== null
            ? sql`SELECT "e"."created_by" AS "user_id" FROM ${events} AS "e" WHERE "e"."id" = ${c.event_id}
            UNION SELECT "p"."user_id" FROM ${eventParticipants} AS "p" WHERE "p"."event_id" = ${c.event_id}`
            : sql`SELECT "i"."uploaded_by" AS "user_id" FROM ${images} AS "i" WHERE "i"."id" = ${c.image_id}`;
      const parentColumn =
        c.post_id !== null
          ? sql`"o"."post_id" = ${c.post_id} AND "o"."removed_at" IS NULL`
          : c.event_id !== null
            ? sql`"o"."event_id" = ${c.event_id}`
            : sql`"o"."image_id" = ${c.image_id}`;
      return {
        kind: 'comment',
        target: parent.key,
        url: parent.url,
        subject: parent.subject,
        detail: parent.detail,
        flags: 0,
        recipients: sql`${owner} UNION SELECT ${c.parent_author} UNION SELECT "o"."user_id" FROM ${comments} AS "o" WHERE ${parentColumn} AND "o"."id" < ${c.id}`,
        visibleTo: parent.visibleTo,
        instantEmailBySource: false,
      };
    }
    case 'like': {
      const c = await commentFacts(deps, num(d.commentId));
      if (!c || c.user_id === null) return null;
      const parent = parentOf(deps, c);
      return {
        kind: 'like',
        target: `comment:${c.id}`,
        url: parent.url,
        subject: parent.subject,
        detail: parent.detail,
        flags: 0,
        recipients: sql`SELECT ${c.user_id} AS "user_id"`,
        visibleTo: parent.visibleTo,
        instantEmailBySource: false,
      };
    }
    case 'event_changed': {
      const eventId = num(d.eventId);
      if (d.deleted) {
        return {
          kind: 'event_changed',
          target: `event:${eventId}`,
          url: '/calendar',
          subject: typeof d.title === 'string' ? d.title : '',
          detail: 'deleted',
          flags: 0,
          recipients: idList(ids(d.recipients)),
          instantEmailBySource: false,
        };
      }
      const title = await eventTitle(deps, eventId);
      if (title === null) return null;
      return {
        kind: 'event_changed',
        target: `event:${eventId}`,
        url: `/events/${eventId}`,
        subject: title,
        detail: null,
        flags: num(d.flags) > 0 ? num(d.flags) : 0,
        recipients: takingPart(eventId),
        instantEmailBySource: false,
      };
    }
    case 'waitlist_place': {
      const eventId = num(d.eventId);
      const title = await eventTitle(deps, eventId);
      if (title === null) return null;
      return {
        kind: 'waitlist_place',
        target: `event:${eventId}`,
        url: `/events/${eventId}`,
        subject: title,
        detail: null,
        flags: 0,
        recipients: idList(ids(d.userIds)),
        instantEmailBySource: true,
      };
    }
    case 'stay': {
      const stayId = num(d.stayId);
      const rows = await deps.db.all<{ title: string }>(
        sql`SELECT "h"."title" FROM ${homeStays} AS "s" JOIN ${homes} AS "h" ON "h"."id" = "s"."home_id" WHERE "s"."id" = ${stayId}`,
      );
      if (!rows[0]) return null;
      return {
        kind: 'stay',
        target: `stay:${stayId}`,
        url: '/homes/requests',
        subject: rows[0].title,
        detail: typeof d.step === 'string' ? d.step : null,
        flags: 0,
        recipients: idList(ids(d.recipientIds)),
        instantEmailBySource: true,
      };
    }
    case 'application': {
      const rows = await deps.db.all<{ full_name: string }>(
        sql`SELECT "full_name" FROM ${applications} WHERE "id" = ${num(d.applicationId)}`,
      );
      if (!rows[0]) return null;
      return {
        kind: 'application',
        // Every unread one is a single entry: "3 new membership applications".
        target: 'applications',
        url: '/applications',
        subject: rows[0].full_name,
        detail: null,
        flags: 0,
        // Admins with a second factor only: one without it has no admin powers (issue 45).
        recipients: sql`SELECT "a"."id" AS "user_id" FROM ${users} AS "a" WHERE "a"."is_admin" = 1 AND ${adminWithSecondFactorSql(sql`"a"."id"`)}`,
        instantEmailBySource: false,
      };
    }
    case 'message': {
      const m = await messageNewsOf(deps, num(d.messageId));
      if (!m) return null;
      return {
        kind: 'message',
        // One entry per conversation while unread, counting its messages.
        target: `conversation:${m.conversationId}`,
        url: `/messages/${m.conversationId}`,
        subject: '',
        detail: null,
        flags: 0,
        recipients: m.recipients,
        instantEmailBySource: false,
        countsOccurrences: true,
      };
    }
    case 'new_event': {
      const eventId = num(d.eventId);
      const title = await eventTitle(deps, eventId);
      if (title === null) return null;
      const now = deps.now();
      return {
        kind: 'new_event',
        target: `event:${eventId}`,
        url: `/events/${eventId}`,
        subject: title,
        detail: null,
        flags: 0,
        recipients: sql`SELECT "everyone"."id" AS "user_id" FROM ${users} AS "everyone"`,
        // An invite-only event's news reaches only those who may see its details.
        visibleTo: (member) => eventDetailsVisibleToSql(member, sql`${eventId}`, now),
        instantEmailBySource: false,
      };
    }
    // Issue 39: the circles' news (modules/circles/circle-news.ts says who is told).
    case 'circle_post': {
      const post = await circlePostNewsFacts(deps, num(d.postId));
      if (!post) return null;
      return {
        kind: 'circle_post',
        target: `post:${post.postId}`,
        url: `/circles/${post.slug}?post=${post.postId}`,
        subject: post.circleName,
        detail: post.title,
        flags: 0,
        recipients: post.recipients,
        instantEmailBySource: false,
      };
    }
    // Issue 43: those who came and have not answered yet, but its host (modules/check-in/feedback-job.ts records it).
    case 'event_feedback': {
      const eventId = num(d.eventId);
      const title = await eventTitle(deps, eventId);
      if (title === null) return null;
      return {
        kind: 'event_feedback',
        target: `event:${eventId}`,
        url: `/events/${eventId}?feedback=1`,
        subject: title,
        detail: null,
        flags: 0,
        recipients: sql`SELECT "p"."user_id" AS "user_id" FROM ${eventParticipants} AS "p"
          WHERE "p"."event_id" = ${eventId} AND "p"."checked_in_at" IS NOT NULL
            AND "p"."user_id" IS NOT (SELECT "created_by" FROM ${events} WHERE "id" = ${eventId})
            AND NOT EXISTS (SELECT 1 FROM ${eventFeedback} AS "f" WHERE "f"."event_id" = "p"."event_id" AND "f"."user_id" = "p"."user_id")`,
        instantEmailBySource: false,
      };
    }
    // Issue 46 point 12: a request to join an invite-only event goes to its host; her answer to the member.
    case 'event_join_request':
    case 'event_join_answer': {
      const facts = await joinRequestNewsFacts(deps, num(d.requestId));
      if (!facts) return null;
      const request = news.kind === 'event_join_request';
      return {
        kind: news.kind,
        target: request ? `event:${facts.eventId}` : `join_request:${num(d.requestId)}`,
        url: request ? `/events/${facts.eventId}?requests=1` : `/events/${facts.eventId}`,
        subject: facts.title,
        detail: request ? null : facts.status,
        flags: 0,
        recipients: request ? facts.hosts : idList([facts.userId]),
        instantEmailBySource: false,
      };
    }
    case 'circle_request':
    case 'circle_accepted': {
      const circle = await circleNewsFacts(deps, num(d.circleId));
      if (!circle) return null;
      const request = news.kind === 'circle_request';
      return {
        kind: news.kind,
        target: `circle:${circle.circleId}`,
        url: request ? `/circles/${circle.slug}?requests=1` : `/circles/${circle.slug}`,
        subject: circle.circleName,
        detail: null,
        flags: 0,
        recipients: request ? circle.hosts : idList([num(d.memberId)]),
        instantEmailBySource: false,
      };
    }
  }
}
