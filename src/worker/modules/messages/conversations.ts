import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { lapsedMessage } from '../../../shared/membership-term';
import {
  MESSAGES_REFUSED,
  type ConversationDetail,
  type ConversationSummary,
  type StartConversationInput,
} from '../../../shared/schemas/messages';
import type { Page } from '../../../shared/schemas/page';
import { columnRef } from '../../db/column-ref';
import { conversationMembers, conversations, messageSettings, messages } from '../../db/schema/messages';
import { livePresence } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import type { Actor, MemberActor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import type { Deps } from '../../platform/deps';
import { requireMember } from '../../platform/guards';
import { decodeCursor, pageSize, toPage } from '../../platform/keyset';
import { memberPhotoSql } from '../members/member-refs';
import { readNotificationsAbout } from '../notifications/notifications';
import { wakeNotifications } from '../notifications/record';
import { checkNewConversations, limitMessages, newConversationsQuery } from './limits';
import { messageMember, othersJsonSql, parseOthers } from './message-members';
import { tellConversation } from './message-live';
import { conversationNotFound, memberOfSql, messageStatements, NOBODY_LEFT, sentMessage, suspendedError, suspendedSql } from './messages';
import { mayWriteToSql, messagesFromSql } from './policies';
import { openBody, previewOf, sealBody } from './sealed-body';
import { messagesUnreadQuery, toldQuery } from './unread';

/*
 * Her conversations (issue 38): /messages lists them latest activity first, 30 a page, one
 * statement on conversation_members_list_idx (her own rows: her unread count, the last message she
 * may see and its time are kept there by the batch that writes each message); a conversation has
 * 2 to 8 members; two members have one conversation, which "Message" reopens.
 */

const cm = conversationMembers;

/** A page's input as its schema answers it (PageQuerySchema's output). */
export interface PageInput {
  cursor?: string;
  limit?: number;
}
const iso = (ms: number) => new Date(ms).toISOString();

/** The conversation's entry for her: the others, her last message, her unread count. */
function summaryFields(me: MemberActor) {
  return {
    id: conversations.id,
    isGroup: conversations.isGroup,
    unread: cm.unreadCount,
    archived: cm.archived,
    activityAt: cm.activityAt,
    others: sql<string>`${othersJsonSql(me, columnRef(conversations.id))}`.as('others'),
    // Named apart from the conversation's columns: a batch's rows come back keyed by column name.
    lastId: sql<number | null>`${columnRef(messages.id)}`.as('last_id'),
    lastAuthorId: sql<number | null>`${columnRef(messages.authorId)}`.as('last_author_id'),
    lastBody: sql<string | null>`${columnRef(messages.body)}`.as('last_body'),
    lastCreatedAt: sql<number | null>`${columnRef(messages.createdAt)}`.as('last_created_at'),
    lastGone: sql<number | null>`(${columnRef(messages.deletedAt)} IS NOT NULL OR ${columnRef(messages.removedAt)} IS NOT NULL)`.as(
      'last_gone',
    ),
  };
}

/** Her rows (she has not left), with the conversation and the last message she may see. */
function summaryQuery(deps: Deps, me: MemberActor, where: SQL | undefined) {
  return deps.db
    .select(summaryFields(me))
    .from(cm)
    .innerJoin(conversations, eq(conversations.id, cm.conversationId))
    .leftJoin(messages, eq(messages.id, cm.lastMessageId))
    .where(and(eq(cm.userId, me.id), sql`${columnRef(cm.leftAt)} IS NULL`, where));
}

type SummaryRow = Awaited<ReturnType<typeof summaryQuery>>[number];

async function toSummary(deps: Deps, row: SummaryRow): Promise<ConversationSummary> {
  const body = row.lastGone ? null : await openBody(deps.env, row.id, row.lastBody);
  return {
    id: row.id,
    members: parseOthers(row.others, row.isGroup),
    last_message:
      row.lastId === null
        ? null
        : { id: row.lastId, author_id: row.lastAuthorId, preview: previewOf(body), created_at: iso(row.lastCreatedAt!) },
    unread_count: row.unread,
    updated_at: iso(row.activityAt),
  };
}

/**
 * One page (size + 1) of her list: latest activity first, then the conversation's id, after the
 * cursor; archived ones left out, and those with no message she may see (a conversation a member
 * she blocks started with her: it does not exist for her until a message of someone else's comes).
 */
export function conversationPageQuery(deps: Deps, me: MemberActor, after: [number, number] | undefined, size: number) {
  return summaryQuery(
    deps,
    me,
    and(
      sql`${columnRef(cm.archived)} = 0 AND ${columnRef(cm.lastMessageId)} IS NOT NULL`,
      after ? sql`(${columnRef(cm.activityAt)}, ${columnRef(cm.conversationId)}) < (${after[0]}, ${after[1]})` : undefined,
    ),
  )
    .orderBy(desc(cm.activityAt), desc(cm.conversationId))
    .limit(size + 1);
}

/** GET /api/conversations and messages.conversations: one D1 round trip. */
export async function listConversations(deps: Deps, actor: Actor, input: PageInput): Promise<Page<ConversationSummary>> {
  const me = requireMember(actor);
  const size = pageSize(input.limit);
  const after = decodeCursor(input.cursor, ['n', 'n']) as [number, number] | undefined;
  // A batch of one: the session check of a hinted request rides on it (ADR 0020).
  const [rows] = await deps.db.batch([conversationPageQuery(deps, me, after, size)]);
  const page = toPage(rows, size, (r) => [r.activityAt, r.id]);
  return { items: await Promise.all(page.items.map((r) => toSummary(deps, r))), nextCursor: page.nextCursor };
}

/** Why she cannot write in it now, or null. */
function cannotSendReason(me: MemberActor, row: { suspendedUntil: number | null; othersLeft: number; refused: boolean }) {
  if (me.membership.status === 'lapsed') return lapsedMessage(me.membership.renews_on);
  if (row.suspendedUntil !== null) return suspendedError(row.suspendedUntil).message;
  if (row.othersLeft === 0) return NOBODY_LEFT;
  if (row.refused) return MESSAGES_REFUSED;
  return null;
}

/** messages.conversation: the header of /messages/{id}; 404 when she is not in it. One round trip. */
export async function getConversation(deps: Deps, actor: Actor, input: { id: number | string }): Promise<ConversationDetail> {
  const me = requireMember(actor);
  const id = Number(input.id);
  const now = deps.now();
  const [[row]] = await deps.db.batch([
    deps.db
      .select({
        ...summaryFields(me),
        suspendedUntil: sql<number | null>`(SELECT "ms"."suspended_until" FROM ${messageSettings} AS "ms"
          WHERE "ms"."user_id" = ${me.id} AND "ms"."suspended_until" > ${now})`.as('suspended_until'),
        othersLeft: sql<number>`(SELECT count(*) FROM ${conversationMembers} AS "ol"
          WHERE "ol"."conversation_id" = ${id} AND "ol"."user_id" <> ${me.id} AND "ol"."left_at" IS NULL)`
          .mapWith(Number)
          .as('others_left'),
        refused: sql<number>`EXISTS (SELECT 1 FROM ${conversationMembers} AS "rf"
          WHERE "rf"."conversation_id" = ${id} AND "rf"."user_id" <> ${me.id} AND "rf"."left_at" IS NULL
            AND ${messagesFromSql(sql`"rf"."user_id"`)} = 'nobody')`
          .mapWith(Boolean)
          .as('refused'),
      })
      .from(cm)
      .innerJoin(conversations, eq(conversations.id, cm.conversationId))
      .leftJoin(messages, eq(messages.id, cm.lastMessageId))
      .where(and(eq(cm.conversationId, id), eq(cm.userId, me.id), sql`${columnRef(cm.leftAt)} IS NULL`)),
  ]);
  if (!row) throw conversationNotFound();
  const reason = cannotSendReason(me, { ...row, refused: Boolean(row.refused) && !row.isGroup });
  return {
    ...(await toSummary(deps, row)),
    is_group: row.isGroup,
    archived: row.archived,
    can_send: reason === null,
    cannot_send_reason: reason,
    can_leave: row.isGroup,
    can_archive: !row.isGroup,
  };
}

const pairKey = (a: number, b: number) => `p:${Math.min(a, b)}:${Math.max(a, b)}`;

/** The chosen members as the start needs them: who they are, and whether she may write to each. */
function recipientsQuery(deps: Deps, me: MemberActor, ids: number[]) {
  return deps.db
    .select({
      id: users.id,
      name: users.name,
      photo: sql<string | null>`${memberPhotoSql(me, users.id)}`.as('photo'),
      may: sql<number>`${mayWriteToSql(sql`${me.id}`, columnRef(users.id), deps.now())}`.mapWith(Boolean).as('may'),
    })
    .from(users)
    .where(inArray(users.id, ids));
}

function badMembers(message: string): AppError {
  return new AppError('BAD_REQUEST', message, { fieldErrors: { member_ids: [message] } });
}

/**
 * POST /api/conversations and messages.start: one to seven others and the first message. Two
 * members have one conversation: it is reused (and answered 200), and back in both lists; a group
 * is always new (201). 400 for herself or an unknown member, 403 where a member's messages_from
 * refuses her, 429 past the limits. A member who blocks her is not told: the conversation and
 * the message are written and reach everyone else (ADR 0023).
 */
export async function startConversation(
  deps: Deps,
  actor: Actor,
  input: StartConversationInput,
): Promise<{ conversation: ConversationSummary; created: boolean }> {
  const me = requireMember(actor);
  const others = [...new Set(input.member_ids.map(Number))];
  if (others.includes(me.id)) throw badMembers('You cannot start a conversation with yourself: choose the members to write to.');
  const now = deps.now();
  const isGroup = others.length > 1;
  const key = isGroup ? `g:${crypto.randomUUID()}` : pairKey(me.id, others[0]!);
  const [found, day, [mine], existing] = await deps.db.batch([
    recipientsQuery(deps, me, others),
    newConversationsQuery(deps, me),
    deps.db
      .select({ until: messageSettings.suspendedUntil })
      .from(messageSettings)
      .where(and(eq(messageSettings.userId, me.id), suspendedSql(sql`${me.id}`, now))),
    deps.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.key, key)),
  ]);
  if (found.length !== others.length) throw badMembers('One of the members chosen is not in the club.');
  if (mine?.until) throw suspendedError(mine.until);
  if (found.some((r) => !r.may)) throw new AppError('FORBIDDEN', MESSAGES_REFUSED);
  if (existing.length === 0) checkNewConversations(deps, day[0] ?? { started: 0, oldest: null });
  await limitMessages(deps, me);

  // The conversation (or the pair's own), then its first message once its id is known: the body
  // is sealed under it. A conversation left without a message by a failure here shows nowhere.
  const C = sql`(SELECT "c"."id" FROM ${conversations} AS "c" WHERE "c"."key" = ${key})`;
  const [created, , [conversation]] = await deps.db.batch([
    deps.db
      .insert(conversations)
      .values({ key, isGroup, createdBy: me.id, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: conversations.id }),
    // Every column in table order (Drizzle's insert … select).
    deps.db
      .insert(conversationMembers)
      .select(sql`SELECT ${C}, "value", ${now}, NULL, 0, 0, NULL, ${now} FROM json_each(${JSON.stringify([me.id, ...others])}) WHERE true`)
      .onConflictDoNothing(),
    deps.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.key, key)),
  ]);
  const id = conversation?.id ?? created[0]?.id;
  if (id === undefined) throw new AppError('CONFLICT', /*i18n*/ 'The conversation could not be started. Please try again.');
  const sealed = await sealBody(deps.env, id, input.body);
  const [inserted, , , , told] = await deps.db.batch(messageStatements(deps, me, sql`${id}`, sealed));
  const row = inserted[0];
  if (!row) throw conversationNotFound();
  await wakeNotifications(deps);
  tellConversation(deps, id, told);
  const message = sentMessage(me, row, input.body, now);
  return {
    created: created.length > 0,
    conversation: {
      id,
      members: found.map((r) => messageMember(r.id, r.name, r.photo)),
      last_message: { id: message.id, author_id: me.id, preview: previewOf(input.body), created_at: message.created_at },
      unread_count: 0,
      updated_at: message.created_at,
    },
  };
}

/** Her own row in the conversation, while she is in it. */
const mineIn = (me: MemberActor, id: number) => and(eq(cm.conversationId, id), eq(cm.userId, me.id), isNull(cm.leftAt));

/**
 * POST /api/conversations/{id}/read and messages.markRead: reading it marks it read for her (no
 * read receipts: nobody else learns of it); answers her unread total, in the same round trip.
 * Her other pages hear it, and its notification is read too.
 */
export async function markConversationRead(deps: Deps, actor: Actor, input: { id: number | string }): Promise<{ unread: number }> {
  const me = requireMember(actor);
  const id = Number(input.id);
  const [marked, [total], present] = await deps.db.batch([
    deps.db.update(cm).set({ unreadCount: 0 }).where(mineIn(me, id)).returning({ id: cm.conversationId }),
    messagesUnreadQuery(deps, me.id),
    deps.db.select({ userId: livePresence.userId }).from(livePresence).where(eq(livePresence.userId, me.id)),
  ]);
  if (marked.length === 0) throw conversationNotFound();
  const unread = total?.count ?? 0;
  // Her other pages (a socket open) hear her new total.
  if (present.length > 0) tellConversation(deps, id, [{ userId: me.id, unread }]);
  deps.waitUntil(readNotificationsAbout(deps, me.id, 'message', `conversation:${id}`));
  return { unread };
}

/** POST /api/conversations/{id}/leave and messages.leave: a group only; she reads and hears nothing more of it. */
export async function leaveConversation(deps: Deps, actor: Actor, input: { id: number | string }): Promise<void> {
  const me = requireMember(actor);
  const id = Number(input.id);
  const [[row]] = await deps.db.batch([
    deps.db
      .select({ isGroup: conversations.isGroup })
      .from(conversations)
      .where(and(eq(conversations.id, id), memberOfSql(me, sql`${id}`))),
  ]);
  if (!row) throw conversationNotFound();
  if (!row.isGroup) throw new AppError('BAD_REQUEST', /*i18n*/ 'A conversation of two cannot be left: archive it instead.');
  const [, told] = await deps.db.batch([
    deps.db.update(cm).set({ leftAt: deps.now(), unreadCount: 0 }).where(mineIn(me, id)),
    toldQuery(deps, sql`${id}`, null, sql`1`),
  ]);
  // The others' pages show one member fewer; hers hear her new total.
  tellConversation(deps, id, [...told, { userId: me.id, unread: (await messagesUnreadQuery(deps, me.id))[0]?.count ?? 0 }]);
}

/** messages.archive: a two-person conversation leaves her list until a new message comes (or back). */
export async function archiveConversation(deps: Deps, actor: Actor, input: { id: number | string; archived: boolean }): Promise<void> {
  const me = requireMember(actor);
  const id = Number(input.id);
  const [[row]] = await deps.db.batch([
    deps.db
      .select({ isGroup: conversations.isGroup })
      .from(conversations)
      .where(and(eq(conversations.id, id), memberOfSql(me, sql`${id}`))),
  ]);
  if (!row) throw conversationNotFound();
  if (row.isGroup) throw new AppError('BAD_REQUEST', /*i18n*/ 'A group conversation cannot be archived: leave it instead.');
  await deps.db.update(cm).set({ archived: input.archived }).where(mineIn(me, id));
}

/** messages.unread: her unread messages in all (the socket's first message usually says it). */
export async function unreadMessages(deps: Deps, actor: Actor): Promise<{ unread: number }> {
  const me = requireMember(actor);
  const [[row]] = await deps.db.batch([messagesUnreadQuery(deps, me.id)]);
  return { unread: row?.count ?? 0 };
}
