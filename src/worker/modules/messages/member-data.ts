import { and, asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { DELETED_MEMBER_NAME, type MessagesFrom } from '../../../shared/schemas/messages';
import { columnRef } from '../../db/column-ref';
import { conversationMembers, memberBlocks, messageReports, messageSettings, messages } from '../../db/schema/messages';
import { users } from '../../db/schema/users';
import type { Deps } from '../../platform/deps';
import { hiddenByBlockSql } from './policies';
import { openBody } from './sealed-body';

/*
 * Her messages in her data (DECISIONS "The member's own data", issue 38 "Privacy by construction"):
 * the export holds her conversations with the messages she sent and received (those that reached
 * her: none written while she blocked the author, none after she left), whom she blocks, her
 * choice of who may write to her and her reports; never another conversation. Deleting her
 * account takes her messages' text (messagesOfDeletedMember, in the deletion's batch).
 */

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export interface MessagesExport {
  messagesFrom: MessagesFrom;
  blocked: { id: number; name: string; since: string }[];
  conversations: {
    id: number;
    with: string[];
    joinedAt: string;
    leftAt: string | null;
    messages: {
      id: number;
      from: string;
      mine: boolean;
      body: string | null;
      createdAt: string;
      editedAt: string | null;
      deleted: boolean;
    }[];
  }[];
  reports: { messageId: number; reason: string; status: string; createdAt: string }[];
}

export async function exportMessages(deps: Deps, userId: number): Promise<MessagesExport> {
  const cm = conversationMembers;
  const mine = sql`"em"."conversation_id" = ${columnRef(messages.conversationId)} AND "em"."user_id" = ${userId}`;
  const [settings, blocks, memberships, rows, reports] = await deps.db.batch([
    deps.db.select({ from: messageSettings.messagesFrom }).from(messageSettings).where(eq(messageSettings.userId, userId)),
    deps.db
      .select({ id: users.id, name: users.name, since: memberBlocks.createdAt })
      .from(memberBlocks)
      .innerJoin(users, eq(users.id, memberBlocks.blockedId))
      .where(and(eq(memberBlocks.blockerId, userId), sql`${columnRef(memberBlocks.endedAt)} IS NULL`)),
    deps.db
      .select({
        id: cm.conversationId,
        joinedAt: cm.joinedAt,
        leftAt: cm.leftAt,
        others: sql<string>`(SELECT json_group_array(coalesce("ou"."name", ${DELETED_MEMBER_NAME})) FROM ${conversationMembers} AS "oc"
          LEFT JOIN ${users} AS "ou" ON "ou"."id" = "oc"."user_id"
          WHERE "oc"."conversation_id" = ${columnRef(cm.conversationId)} AND "oc"."user_id" <> ${userId})`.as('others'),
      })
      .from(cm)
      .where(eq(cm.userId, userId))
      .orderBy(asc(cm.conversationId)),
    deps.db
      .select({
        id: messages.id,
        conversationId: messages.conversationId,
        authorId: messages.authorId,
        authorName: users.name,
        body: messages.body,
        createdAt: messages.createdAt,
        editedAt: messages.editedAt,
        gone: sql<number>`(${columnRef(messages.deletedAt)} IS NOT NULL OR ${columnRef(messages.removedAt)} IS NOT NULL)`
          .mapWith(Boolean)
          .as('gone'),
      })
      .from(messages)
      .leftJoin(users, eq(users.id, messages.authorId))
      .where(
        and(
          // Her conversations, while she was in them.
          sql`EXISTS (SELECT 1 FROM ${conversationMembers} AS "em" WHERE ${mine}
            AND ${columnRef(messages.createdAt)} >= "em"."joined_at"
            AND ("em"."left_at" IS NULL OR ${columnRef(messages.createdAt)} <= "em"."left_at"))`,
          sql`NOT ${hiddenByBlockSql(sql`${userId}`, columnRef(messages.authorId), columnRef(messages.createdAt))}`,
        ),
      )
      .orderBy(asc(messages.conversationId), asc(messages.id)),
    deps.db
      .select({
        messageId: messageReports.messageId,
        reason: messageReports.reason,
        status: messageReports.status,
        createdAt: messageReports.createdAt,
      })
      .from(messageReports)
      .where(and(eq(messageReports.reporterId, userId), isNotNull(messageReports.messageId))),
  ]);
  const texts = await Promise.all(rows.map((m) => (m.gone ? null : openBody(deps.env, m.conversationId, m.body))));
  return {
    messagesFrom: settings[0]?.from ?? 'members',
    blocked: blocks.map((b) => ({ id: b.id, name: b.name, since: iso(b.since)! })),
    conversations: memberships.map((c) => ({
      id: c.id,
      with: JSON.parse(c.others) as string[],
      joinedAt: iso(c.joinedAt)!,
      leftAt: iso(c.leftAt),
      messages: rows
        .map((m, i) => ({ m, body: texts[i]! }))
        .filter(({ m }) => m.conversationId === c.id)
        .map(({ m, body }) => ({
          id: m.id,
          from: m.authorId === userId ? 'you' : (m.authorName ?? DELETED_MEMBER_NAME),
          mine: m.authorId === userId,
          body,
          createdAt: iso(m.createdAt)!,
          editedAt: iso(m.editedAt),
          deleted: m.gone,
        })),
    })),
    reports: reports.map((r) => ({ ...r, createdAt: iso(r.createdAt)! })),
  };
}

/**
 * The deletion of her account takes her messages' text (the others see "Message deleted" by
 * "Deleted member": author_id goes null with her row). For the deletion's batch, before her row
 * goes, under its guard.
 */
export function messagesOfDeletedMember(deps: Deps, userId: number, guard: SQL) {
  return deps.db
    .update(messages)
    .set({ body: null, deletedAt: sql`coalesce(${columnRef(messages.deletedAt)}, ${deps.now()})` })
    .where(and(eq(messages.authorId, userId), guard));
}
