import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { conversationMembers } from '../../db/schema/messages';
import { livePresence } from '../../db/schema/notifications';
import { columnRef } from '../../db/column-ref';
import type { Deps } from '../../platform/deps';

/**
 * Her unread messages in all (issue 38 "Unread counts without a scan"): the sum over her
 * conversations that have some, read through conversation_members_unread_idx (only those rows).
 * Her Durable Object sends it as she connects (modules/notifications/live.ts).
 */
export function messagesUnreadQuery(deps: Deps, userId: number) {
  const cm = conversationMembers;
  return deps.db
    .select({ count: sql<number>`coalesce(sum(${cm.unreadCount}), 0)`.mapWith(Number) })
    .from(cm)
    .where(and(eq(cm.userId, userId), sql`${cm.unreadCount} > 0`, isNull(cm.leftAt)));
}

/** The same sum for a member named by an SQL expression (the members told live, in a write's batch). */
export function messagesUnreadSql(member: SQL): SQL<number> {
  return sql<number>`(SELECT coalesce(sum("uc"."unread_count"), 0) FROM ${conversationMembers} AS "uc"
    WHERE "uc"."user_id" = ${member} AND "uc"."unread_count" > 0 AND "uc"."left_at" IS NULL)`;
}

/**
 * Who in the conversation hears of a change live (a socket open: live_presence), with her new
 * unread total: every member still in it but those who block `author` (a blocked member's doings
 * never reach the blocker), only while `condition` holds. For the batch that writes the change.
 */
export function toldQuery(deps: Deps, conversationId: SQL, author: number | null, condition: SQL) {
  const t = conversationMembers;
  const user = columnRef(t.userId);
  return deps.db
    .select({ userId: t.userId, unread: sql<number>`${messagesUnreadSql(user)}`.mapWith(Number).as('unread') })
    .from(t)
    .innerJoin(livePresence, eq(livePresence.userId, t.userId))
    .where(
      and(
        eq(t.conversationId, conversationId),
        isNull(t.leftAt),
        author === null
          ? undefined
          : sql`NOT EXISTS (SELECT 1 FROM member_blocks AS "tb" WHERE "tb"."blocker_id" = ${user} AND "tb"."blocked_id" = ${author} AND "tb"."ended_at" IS NULL)`,
        condition,
      ),
    );
}
