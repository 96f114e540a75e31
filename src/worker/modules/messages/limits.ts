import { and, eq, gt, sql } from 'drizzle-orm';
import { conversations } from '../../db/schema/messages';
import type { MemberActor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import { COUNTED_POLICIES } from '../../platform/rate-limit-policy';
import type { Deps } from '../../platform/deps';
import { enforceRateLimit } from '../../platform/rate-limit';

/*
 * Issue 38 "Limits": at most 60 messages a minute (the Workers Rate Limiting binding of
 * wrangler.toml, MESSAGE_SEND_LIMITER) and 20 new conversations a day per member. The binding's
 * period is at most a minute, so the day is counted in D1: her conversations of the last 24 hours,
 * through conversations_created_by_idx. Both answer 429 with Retry-After and a sentence.
 */

export const MESSAGES_PER_MINUTE = 60;
export const NEW_CONVERSATIONS_PER_DAY = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

export const TOO_MANY_MESSAGES = `You have sent ${MESSAGES_PER_MINUTE} messages in the last minute, the most the club allows. Please wait a minute before sending more.`;

/** One message more this minute (a new conversation's first message counts too). */
export async function limitMessages(deps: Deps, me: MemberActor): Promise<void> {
  await enforceRateLimit(deps.env, 'MESSAGE_SEND_LIMITER', `messages:${me.id}`, TOO_MANY_MESSAGES);
}

/** Her other writes (blocks, reports, privacy): the member write limiter every module uses. */
export async function limitWrites(deps: Deps, me: MemberActor): Promise<void> {
  await enforceRateLimit(deps.env, 'MEMBER_WRITE_LIMITER', `messages-settings:${me.id}`);
}

/** Her new conversations of the last 24 hours, and the oldest one's time (when a place frees up). */
export function newConversationsQuery(deps: Deps, me: MemberActor) {
  return deps.db
    .select({
      started: sql<number>`count(*)`.mapWith(Number),
      oldest: sql<number | null>`min(${conversations.createdAt})`,
    })
    .from(conversations)
    .where(and(eq(conversations.createdBy, me.id), gt(conversations.createdAt, deps.now() - DAY_MS)));
}

function inWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/** 429 when she started NEW_CONVERSATIONS_PER_DAY already; Retry-After is when the oldest leaves the day. */
export function checkNewConversations(deps: Deps, day: { started: number; oldest: number | null }): void {
  if (day.started < NEW_CONVERSATIONS_PER_DAY) return;
  const wait = Math.max(1_000, (day.oldest ?? deps.now()) + DAY_MS - deps.now());
  throw new AppError(
    'TOO_MANY_REQUESTS',
    `You have started ${NEW_CONVERSATIONS_PER_DAY} conversations in the last 24 hours, the most the club allows. You can start another in ${inWords(wait)}; meanwhile you can write in the conversations you have.`,
    { retryAfter: Math.ceil(wait / 1000), policy: COUNTED_POLICIES.conversationsPerDay(NEW_CONVERSATIONS_PER_DAY) },
  );
}
