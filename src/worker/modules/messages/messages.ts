import { and, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  MESSAGE_EDIT_WINDOW_MS,
  MESSAGES_REFUSED,
  type EditMessageInput,
  type MessageDto,
  type SendMessageInput,
} from '../../../shared/schemas/messages';
import type { Page } from '../../../shared/schemas/page';
import { columnRef } from '../../db/column-ref';
import { conversationMembers, conversations, messageReports, messageSettings, messages } from '../../db/schema/messages';
import { users } from '../../db/schema/users';
import type { Actor, MemberActor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import type { Deps } from '../../platform/deps';
import { requireMember } from '../../platform/guards';
import { decodeCursor, pageSize, toPage } from '../../platform/keyset';
import { memberPhotoSql } from '../members/member-refs';
import { newsIf, wakeNotifications } from '../notifications/record';
import { limitMessages } from './limits';
import { messageMember } from './message-members';
import { tellConversation } from './message-live';
import { hiddenByBlockSql, messagePolicy, messagesFromSql, type MessageFacts } from './policies';
import { openBody, sealBody } from './sealed-body';
import { toldQuery } from './unread';

/*
 * A conversation's messages (issue 38): read newest first a page at a time on
 * messages_conversation_idx (the id is the order: keyset on it), written in one batch that also
 * moves every member's own view of the conversation (conversation_members: her unread count, the
 * last message she may see, its time), records the news for the notifications and reads who is
 * to be told live. A blocked member's messages are accepted and reach nobody who blocks her
 * (ADR 0023). Bodies are sealed at rest (sealed-body.ts).
 */

export const conversationNotFound = () => new AppError('NOT_FOUND', /*i18n*/ 'Conversation not found.');
export const NOBODY_LEFT = /*i18n*/ 'Nobody else is left in this conversation.';
const messageNotFound = () => new AppError('NOT_FOUND', /*i18n*/ 'Message not found.');

/** She is in the conversation (named by an SQL id) and has not left it. */
export function memberOfSql(me: MemberActor, conversationId: SQL): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${conversationMembers} AS "mine"
    WHERE "mine"."conversation_id" = ${conversationId} AND "mine"."user_id" = ${me.id} AND "mine"."left_at" IS NULL)`;
}

/** Her messaging is suspended by the admins (until a time after `now`). */
export function suspendedSql(member: SQL, now: number): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${messageSettings} AS "sus" WHERE "sus"."user_id" = ${member} AND "sus"."suspended_until" > ${now})`;
}

/** In a two-person conversation, the other accepts messages from nobody (a group's members may leave it instead). */
function refusedByOtherSql(me: MemberActor, conversationId: SQL): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${conversations} AS "pair" JOIN ${conversationMembers} AS "other"
    ON "other"."conversation_id" = "pair"."id" AND "other"."user_id" <> ${me.id} AND "other"."left_at" IS NULL
    WHERE "pair"."id" = ${conversationId} AND "pair"."is_group" = 0 AND ${messagesFromSql(sql`"other"."user_id"`)} = 'nobody')`;
}

/** Someone besides her is still in the conversation (nobody left: a deleted member's pair, a group all others left). */
function othersLeftSql(me: MemberActor, conversationId: SQL): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${conversationMembers} AS "still"
    WHERE "still"."conversation_id" = ${conversationId} AND "still"."user_id" <> ${me.id} AND "still"."left_at" IS NULL)`;
}

/** Everything a message of hers needs to be written: she is in it, someone else is, she is not suspended nor refused. */
function mayPostSql(me: MemberActor, conversationId: SQL, now: number): SQL {
  return sql`(${memberOfSql(me, conversationId)} AND ${othersLeftSql(me, conversationId)} AND NOT ${suspendedSql(sql`${me.id}`, now)}
    AND NOT ${refusedByOtherSql(me, conversationId)})`;
}

/**
 * The statements of one message, for one batch: the message (RETURNING its id, its conversation
 * and her small photo's key), the others' views (one more unread, the message as their last, the
 * conversation back from their archive; not for those who block her), her own view (read), the
 * news for the notifications, and who to tell live. Each holds only while she may post, so a
 * refused message writes nothing.
 */
export function messageStatements(deps: Deps, me: MemberActor, conversationId: SQL, sealed: string) {
  const now = deps.now();
  const may = mayPostSql(me, conversationId, now);
  const latest = sql`(SELECT max("lm"."id") FROM ${messages} AS "lm" WHERE "lm"."conversation_id" = ${conversationId})`;
  const cm = conversationMembers;
  const inIt = and(eq(cm.conversationId, conversationId), isNull(cm.leftAt), may);
  return [
    // Every column in table order (Drizzle's insert … select); the id is SQLite's.
    deps.db
      .insert(messages)
      .select(sql`SELECT NULL, ${conversationId}, ${me.id}, ${sealed}, ${now}, NULL, NULL, NULL WHERE ${may}`)
      .returning({ id: messages.id, conversation_id: messages.conversationId, photo_key: memberPhotoSql(me, sql`${me.id}`) }),
    deps.db
      .update(cm)
      .set({ unreadCount: sql`${cm.unreadCount} + 1`, lastMessageId: latest, activityAt: now, archived: false })
      .where(
        and(
          inIt,
          sql`${columnRef(cm.userId)} <> ${me.id}`,
          sql`NOT EXISTS (SELECT 1 FROM member_blocks AS "sb" WHERE "sb"."blocker_id" = ${columnRef(cm.userId)} AND "sb"."blocked_id" = ${me.id} AND "sb"."ended_at" IS NULL)`,
        ),
      ),
    deps.db
      .update(cm)
      .set({ unreadCount: 0, lastMessageId: latest, activityAt: now, archived: false })
      .where(and(inIt, eq(cm.userId, me.id))),
    newsIf(deps, me.id, 'message', sql`json_object('messageId', ${latest})`, may),
    toldQuery(deps, conversationId, me.id, may),
  ] as const;
}

/** Her new message as she sees it (the others see the same, without her flags). */
export function sentMessage(
  me: MemberActor,
  row: { id: number; conversation_id: number; photo_key: string | null },
  body: string,
  now: number,
): MessageDto {
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    author: messageMember(me.id, me.name, row.photo_key),
    body,
    created_at: new Date(now).toISOString(),
    edited_at: null,
    deleted: false,
    removed: false,
    is_mine: true,
    ...flagsOf(me, { authorId: me.id, createdAt: now, deleted: false }, now),
  };
}

function flagsOf(me: MemberActor, m: MessageFacts, now: number) {
  // A lapsed member reads and writes nothing (DECISIONS "Membership terms"; issue 38).
  const writes = me.membership.status !== 'lapsed';
  return {
    can_edit: writes && messagePolicy.edit(me, m, now),
    can_delete: writes && messagePolicy.delete(me, m),
    can_report: writes && messagePolicy.report(me, m),
  };
}

/** The conversation when she is in it: one row, or none. */
function myConversationQuery(deps: Deps, me: MemberActor, conversationId: number) {
  return deps.db
    .select({ isGroup: conversations.isGroup })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), memberOfSql(me, sql`${conversationId}`)));
}

/**
 * One page (size + 1) of the conversation's messages she may see, newest first before the
 * cursor's id: a walk of messages_conversation_idx, each author's name and face by primary key.
 * A message written while she blocked its author is not hers (hiddenByBlockSql).
 */
export function messagePageQuery(deps: Deps, me: MemberActor, conversationId: number, before: number | undefined, size: number) {
  return deps.db
    .select({
      id: messages.id,
      authorId: messages.authorId,
      authorName: users.name,
      authorPhoto: sql<string | null>`${memberPhotoSql(me, messages.authorId)}`.as('author_photo'),
      body: messages.body,
      createdAt: messages.createdAt,
      editedAt: messages.editedAt,
      deletedAt: messages.deletedAt,
      removedAt: messages.removedAt,
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.authorId))
    .where(
      and(
        eq(messages.conversationId, conversationId),
        before === undefined ? undefined : lt(messages.id, before),
        sql`NOT ${hiddenByBlockSql(sql`${me.id}`, columnRef(messages.authorId), columnRef(messages.createdAt))}`,
      ),
    )
    .orderBy(desc(messages.id))
    .limit(size + 1);
}

type MessageRow = Awaited<ReturnType<typeof messagePageQuery>>[number];

async function toMessageDto(deps: Deps, me: MemberActor, conversationId: number, row: MessageRow): Promise<MessageDto> {
  const deleted = row.deletedAt !== null || row.removedAt !== null;
  const now = deps.now();
  return {
    id: row.id,
    conversation_id: conversationId,
    author: messageMember(row.authorId, row.authorName, row.authorPhoto),
    body: deleted ? null : await openBody(deps.env, conversationId, row.body),
    created_at: new Date(row.createdAt).toISOString(),
    edited_at: row.editedAt === null ? null : new Date(row.editedAt).toISOString(),
    deleted,
    removed: row.removedAt !== null,
    is_mine: row.authorId === me.id,
    ...flagsOf(me, { authorId: row.authorId, createdAt: row.createdAt, deleted }, now),
  };
}

/**
 * GET /api/conversations/{id}/messages and messages.list: newest first, the next (older) page
 * by the cursor. One D1 round trip (the membership and the page in one batch); 404 for a
 * conversation she is not in, never 403: it does not say that it exists.
 */
export async function listMessages(
  deps: Deps,
  actor: Actor,
  input: { id: number; cursor?: string; limit?: number },
): Promise<Page<MessageDto>> {
  const me = requireMember(actor);
  const size = pageSize(input.limit);
  const before = decodeCursor(input.cursor, ['n']) as [number] | undefined;
  const id = Number(input.id);
  const [[mine], rows] = await deps.db.batch([myConversationQuery(deps, me, id), messagePageQuery(deps, me, id, before?.[0], size)]);
  if (!mine) throw conversationNotFound();
  const page = toPage(rows, size, (r) => [r.id]);
  return { items: await Promise.all(page.items.map((r) => toMessageDto(deps, me, id, r))), nextCursor: page.nextCursor };
}

/** Why a message of hers was not written, asked only after the batch wrote nothing. */
async function refusal(deps: Deps, me: MemberActor, conversationId: number): Promise<AppError> {
  const now = deps.now();
  const [row] = await deps.db
    .select({
      member: memberOfSql(me, sql`${conversationId}`).mapWith(Boolean),
      othersLeft: othersLeftSql(me, sql`${conversationId}`).mapWith(Boolean),
      suspendedUntil: messageSettings.suspendedUntil,
      refused: refusedByOtherSql(me, sql`${conversationId}`).mapWith(Boolean),
    })
    .from(sql`(SELECT 1)`)
    .leftJoin(messageSettings, and(eq(messageSettings.userId, me.id), sql`${columnRef(messageSettings.suspendedUntil)} > ${now}`));
  if (!row?.member) return conversationNotFound();
  if (row.suspendedUntil !== null) return suspendedError(row.suspendedUntil);
  if (!row.othersLeft) return new AppError('CONFLICT', NOBODY_LEFT);
  if (row.refused) return new AppError('FORBIDDEN', MESSAGES_REFUSED);
  return new AppError('CONFLICT', /*i18n*/ 'The message could not be sent. Please try again.');
}

export function suspendedError(until: number): AppError {
  // The day as a date value: each language writes it its own way (issue 41).
  return new AppError('FORBIDDEN', /*i18n*/ "The club's admins suspended your messages until {day, date, long}.", {
    values: { day: new Date(until) },
  });
}

/**
 * POST /api/conversations/{id}/messages and messages.send: one batch (messageStatements), then
 * the notifications' queue is woken and the members with a page open are told.
 */
export async function sendMessage(deps: Deps, actor: Actor, input: SendMessageInput): Promise<MessageDto> {
  const me = requireMember(actor);
  const id = Number(input.id);
  await limitMessages(deps, me);
  const sealed = await sealBody(deps.env, id, input.body);
  const [inserted, , , , told] = await deps.db.batch(messageStatements(deps, me, sql`${id}`, sealed));
  const row = inserted[0];
  if (!row) throw await refusal(deps, me, id);
  await wakeNotifications(deps);
  tellConversation(deps, id, told);
  return sentMessage(me, row, input.body, deps.now());
}

/** One message she may see, with its conversation's key, or 404. */
export async function visibleMessage(deps: Deps, me: MemberActor, messageId: number) {
  const [row] = await deps.db
    .select({
      conversationId: messages.conversationId,
      authorId: messages.authorId,
      createdAt: messages.createdAt,
      deletedAt: messages.deletedAt,
      removedAt: messages.removedAt,
    })
    .from(messages)
    .where(
      and(
        eq(messages.id, messageId),
        memberOfSql(me, columnRef(messages.conversationId)),
        sql`NOT ${hiddenByBlockSql(sql`${me.id}`, columnRef(messages.authorId), columnRef(messages.createdAt))}`,
      ),
    );
  if (!row) throw messageNotFound();
  return { ...row, deleted: row.deletedAt !== null || row.removedAt !== null };
}

/** The live fan-out of a change to a message of the conversation (an edit, a deletion, a removal). */
export async function tellChange(deps: Deps, conversationId: number, authorId: number | null): Promise<void> {
  tellConversation(deps, conversationId, await toldQuery(deps, sql`${conversationId}`, authorId, sql`1`));
}

/** PATCH /api/messages/{id} and messages.edit: her own, within 15 minutes of sending it (409 after). */
export async function editMessage(deps: Deps, actor: Actor, input: EditMessageInput): Promise<MessageDto> {
  const me = requireMember(actor);
  const m = await visibleMessage(deps, me, Number(input.id));
  if (m.authorId !== me.id) throw new AppError('FORBIDDEN', /*i18n*/ 'Only its author can edit a message.');
  if (m.deleted) throw new AppError('CONFLICT', /*i18n*/ 'This message was deleted.');
  const now = deps.now();
  if (!messagePolicy.edit(me, m, now)) {
    throw new AppError('CONFLICT', /*i18n*/ 'A message can be edited for {minutes} minutes after it is sent.', {
      values: { minutes: MESSAGE_EDIT_WINDOW_MS / 60_000 },
    });
  }
  await limitMessages(deps, me);
  const sealed = await sealBody(deps.env, m.conversationId, input.body);
  const [updated] = await deps.db
    .update(messages)
    .set({ body: sealed, editedAt: now })
    .where(
      and(
        eq(messages.id, Number(input.id)),
        eq(messages.authorId, me.id),
        isNull(messages.deletedAt),
        isNull(messages.removedAt),
        sql`${columnRef(messages.createdAt)} >= ${now - MESSAGE_EDIT_WINDOW_MS}`,
      ),
    )
    .returning({ id: messages.id });
  if (!updated) throw new AppError('CONFLICT', /*i18n*/ 'This message can no longer be edited.');
  await tellChange(deps, m.conversationId, me.id);
  const [row] = await messagePageQuery(deps, me, m.conversationId, Number(input.id) + 1, 1);
  return toMessageDto(deps, me, m.conversationId, row!);
}

/**
 * DELETE /api/messages/{id} and messages.delete: her own, at any time; the others see "Message
 * deleted". Its text goes at once, unless a report of it is still open: the admins then see what
 * was reported, and the text goes when they decide (reports.ts).
 */
export async function deleteMessage(deps: Deps, actor: Actor, input: { id: number | string }): Promise<void> {
  const me = requireMember(actor);
  const id = Number(input.id);
  const m = await visibleMessage(deps, me, id);
  if (m.authorId !== me.id) throw new AppError('FORBIDDEN', /*i18n*/ 'Only its author can delete a message.');
  if (m.deleted) return;
  const reported = sql`EXISTS (SELECT 1 FROM ${messageReports} AS "open" WHERE "open"."message_id" = ${id} AND "open"."status" = 'open')`;
  await deps.db
    .update(messages)
    .set({ deletedAt: deps.now(), body: sql`CASE WHEN ${reported} THEN ${columnRef(messages.body)} END` })
    .where(and(eq(messages.id, id), eq(messages.authorId, me.id)));
  await tellChange(deps, m.conversationId, me.id);
}
