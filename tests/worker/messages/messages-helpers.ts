import type { ConversationSummary, MessageDto } from '../../../src/shared/schemas/messages';
import { startConversation, unreadMessages } from '../../../src/worker/modules/messages/conversations';
import { listMessages, sendMessage } from '../../../src/worker/modules/messages/messages';
import { actorOf, deps, request, type TestUser } from '../helpers';

/** A conversation `from` starts with `to` (through the service), answering it. */
export async function start(from: TestUser, to: TestUser[], body = 'Hello there'): Promise<ConversationSummary> {
  const { conversation } = await startConversation(deps(), actorOf(from), { member_ids: to.map((u) => u.id), body });
  return conversation;
}

export const send = (from: TestUser, conversationId: number, body: string): Promise<MessageDto> =>
  sendMessage(deps(), actorOf(from), { id: conversationId, body });

/** The bodies she sees in the conversation, oldest first (one page of 100). */
export async function bodiesSeen(as: TestUser, conversationId: number): Promise<(string | null)[]> {
  const page = await listMessages(deps(), actorOf(as), { id: conversationId, limit: 100 });
  return page.items.map((m) => m.body).reverse();
}

/** GET /api/conversations as she sees it (the first page). */
export async function conversationsOf(as: TestUser): Promise<ConversationSummary[]> {
  const res = await request('/api/conversations', { as });
  if (res.status !== 200) throw new Error(`GET /api/conversations: ${res.status}`);
  return res.json();
}

/** Her unread messages in all (what the header shows). */
export async function unreadOf(as: TestUser): Promise<number> {
  return (await unreadMessages(deps(), actorOf(as))).unread;
}
