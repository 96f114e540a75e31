import { eq, sql, type SQL } from 'drizzle-orm';
import type { PrivacySettings } from '../../../shared/schemas/messages';
import { messageSettings } from '../../db/schema/messages';
import type { Actor, MemberActor } from '../../platform/actor';
import type { Deps } from '../../platform/deps';
import { limitWrites } from './limits';
import { requireMember } from '../../platform/guards';
import { blockInForceSql, mayWriteToSql } from './policies';

/*
 * Settings > Privacy (issue 38): who may write to her (`messages_from`), and what the members
 * module shows of it on a profile and a directory card: `can_message` (the Message button) and
 * `blocked` (Block or Unblock). A block stays silent: a member she blocks still sees the button.
 */

/** GET /api/privacy and messages.privacy. */
export async function getPrivacy(deps: Deps, actor: Actor): Promise<PrivacySettings> {
  const me = requireMember(actor);
  const [[row]] = await deps.db.batch([
    deps.db.select({ messages_from: messageSettings.messagesFrom }).from(messageSettings).where(eq(messageSettings.userId, me.id)),
  ]);
  return { messages_from: row?.messages_from ?? 'members' };
}

/** PUT /api/privacy and messages.setPrivacy. */
export async function setPrivacy(deps: Deps, actor: Actor, input: PrivacySettings): Promise<PrivacySettings> {
  const me = requireMember(actor);
  await limitWrites(deps, me);
  const now = deps.now();
  await deps.db
    .insert(messageSettings)
    .values({ userId: me.id, messagesFrom: input.messages_from, updatedAt: now })
    .onConflictDoUpdate({ target: messageSettings.userId, set: { messagesFrom: input.messages_from, updatedAt: now } });
  return { messages_from: input.messages_from };
}

/**
 * The viewer may start a conversation with the member (an SQL id, a column of the caller's
 * statement): not herself, and her `messages_from` lets the viewer in. For the members module's
 * profile and directory card, in the statement that reads them.
 */
export function canMessageSql(viewer: MemberActor, member: SQL, now: number): SQL<boolean> {
  return sql<boolean>`(${member} <> ${viewer.id} AND ${mayWriteToSql(sql`${viewer.id}`, member, now)})`;
}

/** The viewer blocks the member now (her profile offers Unblock). */
export function blockedByViewerSql(viewer: MemberActor, member: SQL): SQL<boolean> {
  return blockInForceSql(sql`${viewer.id}`, member);
}

/** The member blocks the viewer now: her profile page and card are hidden from the viewer. */
export function blocksViewerSql(viewer: MemberActor, member: SQL): SQL<boolean> {
  return blockInForceSql(member, sql`${viewer.id}`);
}
