import { sql, type SQL } from 'drizzle-orm';
import { MESSAGE_EDIT_WINDOW_MS } from '../../../shared/schemas/messages';
import { conversationMembers, memberBlocks, messageSettings } from '../../db/schema/messages';
import { eventParticipants, events } from '../../db/schema/events';
import type { MemberActor } from '../../platform/actor';

/*
 * Who may write to whom, and what she may do with a message (issue 38; ADR 0023). The rules on
 * other members are SQL over a member id expression, so a list (the directory's cards, a
 * conversation's members) answers them in the statement that reads it.
 */

/** An event she joined in the last 12 months, or one to come, counts as shared. */
export const SHARED_EVENT_WINDOW_MS = 365 * 24 * 60 * 60 * 1000;

/** She took part in the event: joined it, or hosts it. */
function takesPartSql(eventId: SQL, member: SQL): SQL {
  return sql`(EXISTS (SELECT 1 FROM ${eventParticipants} AS "tp" WHERE "tp"."event_id" = ${eventId} AND "tp"."user_id" = ${member})
    OR EXISTS (SELECT 1 FROM ${events} AS "th" WHERE "th"."id" = ${eventId} AND "th"."created_by" = ${member}))`;
}

/**
 * `recipient` and `sender` share an event (both joined or host it) that ended within the last 12
 * months or is still to come: her participations (event_participants_user_idx) and her own
 * events (events_creator_idx), each tested for the sender by primary key.
 */
export function sharedEventSql(sender: SQL, recipient: SQL, now: number): SQL {
  const since = now - SHARED_EVENT_WINDOW_MS;
  return sql`(EXISTS (SELECT 1 FROM ${eventParticipants} AS "rp" JOIN ${events} AS "re" ON "re"."id" = "rp"."event_id"
      WHERE "rp"."user_id" = ${recipient} AND "re"."ends_at" > ${since} AND ${takesPartSql(sql`"rp"."event_id"`, sender)})
    OR EXISTS (SELECT 1 FROM ${events} AS "rh" WHERE "rh"."created_by" = ${recipient} AND "rh"."ends_at" > ${since}
      AND EXISTS (SELECT 1 FROM ${eventParticipants} AS "sp" WHERE "sp"."event_id" = "rh"."id" AND "sp"."user_id" = ${sender})))`;
}

/** Both are in a conversation now (neither left it). */
export function sharedConversationSql(sender: SQL, recipient: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM ${conversationMembers} AS "ra" JOIN ${conversationMembers} AS "sa"
    ON "sa"."conversation_id" = "ra"."conversation_id" AND "sa"."user_id" = ${sender} AND "sa"."left_at" IS NULL
    WHERE "ra"."user_id" = ${recipient} AND "ra"."left_at" IS NULL)`;
}

/** Her `messages_from` (members when she never chose). */
export function messagesFromSql(member: SQL): SQL<string> {
  return sql<string>`coalesce((SELECT "ms"."messages_from" FROM ${messageSettings} AS "ms" WHERE "ms"."user_id" = ${member}), 'members')`;
}

/**
 * Her `messages_from` lets `sender` start a conversation with her: any member; a member she shares
 * an event or a conversation with; nobody. A block is not part of it: it stays silent.
 */
export function mayWriteToSql(sender: SQL, recipient: SQL, now: number): SQL<boolean> {
  return sql<boolean>`(CASE ${messagesFromSql(recipient)}
    WHEN 'members' THEN 1
    WHEN 'shared' THEN (${sharedEventSql(sender, recipient, now)} OR ${sharedConversationSql(sender, recipient)})
    ELSE 0 END)`;
}

/** A block of `blocked` by `blocker` is in force now. */
export function blockInForceSql(blocker: SQL, blocked: SQL): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${memberBlocks} AS "bf"
    WHERE "bf"."blocker_id" = ${blocker} AND "bf"."blocked_id" = ${blocked} AND "bf"."ended_at" IS NULL)`;
}

/**
 * The message (its author and time) was written while `viewer` blocked its author: it never
 * reaches her, during the block or after it (ADR 0023: the block's periods stay).
 */
export function hiddenByBlockSql(viewer: SQL, author: SQL, createdAt: SQL): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${memberBlocks} AS "bh"
    WHERE "bh"."blocker_id" = ${viewer} AND "bh"."blocked_id" = ${author} AND "bh"."created_at" <= ${createdAt}
      AND ("bh"."ended_at" IS NULL OR "bh"."ended_at" > ${createdAt}))`;
}

export interface MessageFacts {
  authorId: number | null;
  createdAt: number;
  deleted: boolean;
}

/** What she may do with a message of a conversation she is in. */
export const messagePolicy = {
  edit: (me: MemberActor, m: MessageFacts, now: number) =>
    m.authorId === me.id && !m.deleted && now - m.createdAt <= MESSAGE_EDIT_WINDOW_MS,
  delete: (me: MemberActor, m: MessageFacts) => m.authorId === me.id && !m.deleted,
  report: (me: MemberActor, m: MessageFacts) => m.authorId !== null && m.authorId !== me.id && !m.deleted,
};
