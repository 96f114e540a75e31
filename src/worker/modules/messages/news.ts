import { eq, sql, type SQL } from 'drizzle-orm';
import { conversationMembers, messages } from '../../db/schema/messages';
import type { Deps } from '../../platform/deps';
import { hiddenByBlockSql } from './policies';

/**
 * What the notifications' fan-out needs of a message (issue 38): its conversation, and who is
 * told: the members still in it, not its author, not those who blocked her when she wrote it
 * (the fan-out leaves out lapsed members too). Null when there is nothing to tell (gone, deleted).
 * Never the text: the entry names who wrote, the email too.
 */
export async function messageNewsOf(deps: Deps, messageId: number): Promise<{ conversationId: number; recipients: SQL } | null> {
  const [m] = await deps.db
    .select({
      conversationId: messages.conversationId,
      authorId: messages.authorId,
      createdAt: messages.createdAt,
      gone: sql<number>`(${messages.deletedAt} IS NOT NULL OR ${messages.removedAt} IS NOT NULL)`.mapWith(Boolean),
    })
    .from(messages)
    .where(eq(messages.id, messageId));
  if (!m || m.gone || m.authorId === null) return null;
  return {
    conversationId: m.conversationId,
    recipients: sql`SELECT "nm"."user_id" AS "user_id" FROM ${conversationMembers} AS "nm"
      WHERE "nm"."conversation_id" = ${m.conversationId} AND "nm"."left_at" IS NULL AND "nm"."user_id" <> ${m.authorId}
        AND NOT ${hiddenByBlockSql(sql`"nm"."user_id"`, sql`${m.authorId}`, sql`${m.createdAt}`)}`,
  };
}
