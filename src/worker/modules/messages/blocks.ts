import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { BlockedMember, BlockInput } from '../../../shared/schemas/messages';
import { memberBlocks } from '../../db/schema/messages';
import { users } from '../../db/schema/users';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import type { Deps } from '../../platform/deps';
import { limitWrites } from './limits';
import { requireMember } from '../../platform/guards';

/*
 * Block (issue 38): from a profile or a conversation, never told to the member blocked. A block
 * is a period (member_blocks: created_at to ended_at); what she writes while it holds never
 * reaches the blocker, during it or after (ADR 0023), so an unblock ends the period and keeps it.
 */

/** How many members her list shows (a member blocks a few; this only bounds the answer). */
const BLOCKS_SHOWN = 500;

/** GET /api/blocks and messages.blocks: whom she blocks now, by name. */
export async function listBlocks(deps: Deps, actor: Actor): Promise<BlockedMember[]> {
  const me = requireMember(actor);
  const [rows] = await deps.db.batch([
    deps.db
      .select({ id: users.id, name: users.name })
      .from(memberBlocks)
      .innerJoin(users, eq(users.id, memberBlocks.blockedId))
      .where(and(eq(memberBlocks.blockerId, me.id), isNull(memberBlocks.endedAt)))
      .orderBy(asc(users.name), asc(users.id))
      .limit(BLOCKS_SHOWN),
  ]);
  return rows;
}

/** POST /api/blocks and messages.block: a second block of the same member changes nothing. */
export async function blockMember(deps: Deps, actor: Actor, input: BlockInput): Promise<BlockedMember> {
  const me = requireMember(actor);
  await limitWrites(deps, me);
  if (input.member_id === me.id) {
    throw new AppError('BAD_REQUEST', /*i18n*/ 'You cannot block yourself.', {
      fieldErrors: { member_id: ['You cannot block yourself.'] },
    });
  }
  const [[member]] = await deps.db.batch([
    deps.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, input.member_id)),
    // Every column in table order (Drizzle's insert … select); a block in force already is kept.
    deps.db
      .insert(memberBlocks)
      .select(sql`SELECT NULL, ${me.id}, ${users.id}, ${deps.now()}, NULL FROM ${users} WHERE ${users.id} = ${input.member_id}`)
      .onConflictDoNothing(),
  ]);
  if (!member) throw new AppError('NOT_FOUND', /*i18n*/ 'Member not found.');
  return member;
}

/** DELETE /api/blocks/{member_id} and messages.unblock: the block ends (a member not blocked: nothing to do). */
export async function unblockMember(deps: Deps, actor: Actor, input: BlockInput): Promise<void> {
  const me = requireMember(actor);
  await deps.db
    .update(memberBlocks)
    .set({ endedAt: deps.now() })
    .where(and(eq(memberBlocks.blockerId, me.id), eq(memberBlocks.blockedId, input.member_id), isNull(memberBlocks.endedAt)));
}
