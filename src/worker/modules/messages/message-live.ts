import type { Deps } from '../../platform/deps';
import { describeError } from '../../platform/log-redaction';
import { memberLive } from '../notifications/live-publish';

/** A member with a live socket open, and her unread messages in all. */
export interface ToldMember {
  userId: number;
  unread: number;
}

/**
 * Issue 38 "Live": something happened in a conversation (a message, an edit, a deletion, a
 * removal). Each member told (those with a socket open, read in the batch that wrote it) hears
 * `{"type":"message","conversation_id":…,"unread":N}` on every page she has open, after the answer:
 * the pages ask the API again with her own rights, so no text travels on the socket.
 */
export function tellConversation(deps: Deps, conversationId: number, told: ToldMember[]): void {
  if (told.length === 0) return;
  deps.waitUntil(
    Promise.all(
      told.map(({ userId, unread }) =>
        memberLive(deps.env, userId)
          .message(conversationId, Number(unread))
          .catch((err: unknown) => console.error('live: could not tell of a message', { error: describeError(err) })),
      ),
    ),
  );
}
