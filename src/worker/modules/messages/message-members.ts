import { sql, type SQL } from 'drizzle-orm';
import { DELETED_MEMBER_NAME, type MessageMember } from '../../../shared/schemas/messages';
import { conversationMembers } from '../../db/schema/messages';
import { users } from '../../db/schema/users';
import type { MemberActor } from '../../platform/actor';
import { memberPhotoSql, memberPhotoUrl } from '../members/member-refs';

/** A member as a conversation names her: a deleted member's messages read 'Deleted member'. */
export function messageMember(id: number | null, name: string | null, photoKey: string | null): MessageMember {
  if (id === null || name === null) return { id: null, name: DELETED_MEMBER_NAME, photo_url: null };
  return { id, name, photo_url: memberPhotoUrl(photoKey) };
}

export const DELETED_MEMBER: MessageMember = messageMember(null, null, null);

/**
 * The others in a conversation (not the viewer, not those who left), by id (the key's order), as
 * a JSON array of {id, name, photo}: each face as issue 22 shows it to the viewer.
 */
export function othersJsonSql(viewer: MemberActor, conversationId: SQL): SQL<string> {
  // One walk of the conversation's key (conversation_id, user_id): its order is the array's.
  return sql<string>`(SELECT json_group_array(json_object('id', "ou"."id", 'name', "ou"."name", 'photo', ${memberPhotoSql(viewer, sql`"ou"."id"`)}))
    FROM ${conversationMembers} AS "om" JOIN ${users} AS "ou" ON "ou"."id" = "om"."user_id"
    WHERE "om"."conversation_id" = ${conversationId} AND "om"."user_id" <> ${viewer.id} AND "om"."left_at" IS NULL)`;
}

/** The others of othersJsonSql; a two-person conversation whose other member is gone names 'Deleted member'. */
export function parseOthers(json: string | null, isGroup: boolean): MessageMember[] {
  const list = (JSON.parse(json ?? '[]') as { id: number; name: string; photo: string | null }[]).map((m) =>
    messageMember(m.id, m.name, m.photo),
  );
  return list.length === 0 && !isGroup ? [DELETED_MEMBER] : list;
}
