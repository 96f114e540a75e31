// Issue 38: members write to each other. Conversations of 2 to 8, the pair's reuse, sending,
// reading newest first, unread counts, edit within 15 minutes, delete, leave and archive.
import { describe, expect, it } from 'vitest';
import {
  getConversation,
  listConversations,
  markConversationRead,
  unreadMessages,
} from '../../../src/worker/modules/messages/conversations';
import { actorOf, createUser, deps } from '../helpers';
import { bodiesSeen, send, start } from './messages-helpers';

describe('conversations', () => {
  it('starts a conversation of two, reuses it, and counts her unread', async () => {
    const [amara, eleanor] = [await createUser({ name: 'Amara Okafor' }), await createUser({ name: 'Eleanor Vance' })];
    const first = await start(amara, [eleanor], 'Tea on Thursday?');
    expect(first.members.map((m) => m.name)).toEqual(['Eleanor Vance']);
    await send(amara, first.id, 'Or Friday\nif better');
    expect(await bodiesSeen(eleanor, first.id)).toEqual(['Tea on Thursday?', 'Or Friday\nif better']);
    expect(await unreadMessages(deps(), actorOf(eleanor))).toEqual({ unread: 2 });
    const again = await start(eleanor, [amara], 'Friday it is');
    expect(again.id).toBe(first.id);
    expect(await unreadMessages(deps(), actorOf(eleanor))).toEqual({ unread: 0 });
    expect(await unreadMessages(deps(), actorOf(amara))).toEqual({ unread: 1 });
    const list = await listConversations(deps(), actorOf(amara), {});
    expect(list.items[0]).toMatchObject({
      id: first.id,
      unread_count: 1,
      last_message: { preview: 'Friday it is', author_id: eleanor.id },
    });
    expect(await markConversationRead(deps(), actorOf(amara), { id: first.id })).toEqual({ unread: 0 });
    const detail = await getConversation(deps(), actorOf(amara), { id: first.id });
    expect(detail).toMatchObject({ is_group: false, can_send: true, can_archive: true, can_leave: false });
  });
});
