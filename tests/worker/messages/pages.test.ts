// Issue 38 "Speed": /messages and a conversation's first page are one D1 round trip each, read
// through their indexes (EXPLAIN QUERY PLAN on the services' own statements); a conversation of
// 10,000 messages pages as fast as one of ten: the rows a page reads do not grow with it.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { ConversationSummary, MessageDto } from '../../../src/shared/schemas/messages';
import { conversationPageQuery, listConversations } from '../../../src/worker/modules/messages/conversations';
import { listMessages, messagePageQuery } from '../../../src/worker/modules/messages/messages';
import { sealBody } from '../../../src/worker/modules/messages/sealed-body';
import { messagesUnreadQuery } from '../../../src/worker/modules/messages/unread';
import { countingDeps } from '../../../src/worker/platform/d1-round-trips';
import { encodeCursor } from '../../../src/worker/platform/keyset';
import { actorOf, createUser, deps, type TestUser } from '../helpers';
import { expectPageInputChecked, rowsRead, walkLinks } from '../pages';
import { expectIndexed, planOf } from '../query-plan';
import { send, start } from './messages-helpers';

/** `count` messages by `author` written straight to D1 in one statement (one sealed text for all). */
async function fill(conversationId: number, author: TestUser, count: number) {
  const body = await sealBody(env, conversationId, 'A message of the bench, a line long, like most.');
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO messages (conversation_id, author_id, body, created_at) SELECT ?, ?, ?, ? + i FROM n`,
  )
    .bind(count, conversationId, author.id, body, Date.now() - count)
    .run();
}

describe('pages', () => {
  it('walks a conversation newest first through Link, one round trip a page, and refuses foreign cursors', async () => {
    const [a, b] = [await createUser(), await createUser()];
    const c = await start(a, [b], 'm0');
    for (let i = 1; i < 7; i++) await send(i % 2 ? b : a, c.id, `m${i}`);
    const { items } = await walkLinks<MessageDto>(a, `/api/conversations/${c.id}/messages?limit=3`);
    expect(items.map((m) => m.body)).toEqual(['m6', 'm5', 'm4', 'm3', 'm2', 'm1', 'm0']);
    await expectPageInputChecked(a, `/api/conversations/${c.id}/messages`, [encodeCursor(['a']), encodeCursor([1, 2])]);

    const others = await Promise.all(Array.from({ length: 4 }, () => createUser()));
    for (const o of others) await start(o, [a], `from ${o.id}`);
    const list = await walkLinks<ConversationSummary>(a, '/api/conversations?limit=2');
    expect(list.items.map((x) => x.members[0]!.id)).toEqual([...others.map((o) => o.id)].reverse().concat(b.id));
    await expectPageInputChecked(a, '/api/conversations', [encodeCursor([1]), encodeCursor(['a', 1])]);
  });

  it('reads /messages and a first page in one round trip each, through their indexes', async () => {
    const [a, b] = [await createUser(), await createUser()];
    const c = await start(a, [b], 'hello');
    const me = actorOf(a);
    const counted = countingDeps(deps());
    await listConversations(counted.deps, me, {});
    await listMessages(counted.deps, me, { id: c.id });
    expect(counted.roundTrips()).toBe(2);

    expectIndexed(await planOf(conversationPageQuery(deps(), me, undefined, 30)), [
      /SEARCH conversation_members USING INDEX conversation_members_list_idx \(user_id=\?\)/,
    ]);
    expectIndexed(await planOf(conversationPageQuery(deps(), me, [Date.now(), 5], 30)), [
      /conversation_members_list_idx \(user_id=\? AND \(activity_at,conversation_id\)<\(\?,\?\)\)/,
    ]);
    expectIndexed(await planOf(messagePageQuery(deps(), me, c.id, undefined, 30)), [
      /SEARCH messages USING INDEX messages_conversation_idx \(conversation_id=\?\)/,
    ]);
    expectIndexed(await planOf(messagePageQuery(deps(), me, c.id, 1000, 30)), [
      /messages_conversation_idx \(conversation_id=\? AND id<\?\)/,
    ]);
    expectIndexed(await planOf(messagesUnreadQuery(deps(), a.id)), [/conversation_members_unread_idx \(user_id=\? AND unread_count>\?\)/]);
  });

  it('a conversation of 10,000 messages reads no more rows a page than one of ten, first page or deep', async () => {
    const [a, b, c, d] = [await createUser(), await createUser(), await createUser(), await createUser()];
    const small = await start(a, [b], 'small');
    await fill(small.id, b, 10);
    const large = await start(c, [d], 'large');
    await fill(large.id, d, 10_000);
    const [smallRead, largeRead, deepRead] = [
      await rowsRead(messagePageQuery(deps(), actorOf(a), small.id, undefined, 30)),
      await rowsRead(messagePageQuery(deps(), actorOf(c), large.id, undefined, 30)),
      await rowsRead(messagePageQuery(deps(), actorOf(c), large.id, large.last_message!.id + 5_000, 30)),
    ];
    // About four rows a message (its index entry, its row, its author, her face): the page's size, not the conversation's.
    expect(smallRead).toBeLessThanOrEqual(5 * 11);
    expect(largeRead).toBeLessThanOrEqual(5 * 31);
    expect(deepRead).toBeLessThanOrEqual(5 * 31);
    const page = await listMessages(deps(), actorOf(c), { id: large.id });
    expect(page.items).toHaveLength(30);
    expect(page.nextCursor).not.toBeNull();
  });
});
