// Issue 38 "Privacy by construction": bodies sealed at rest (the D1 row alone shows no text), her
// data export holds her conversations with what she sent and received (nothing of others'
// conversations, nothing written while she blocked its author), and deleting her account takes
// her messages (the others see "Deleted member" and "Message deleted").
import { env } from 'cloudflare:workers';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ConversationSummary, MessageDto } from '../../../src/shared/schemas/messages';
import { blockMember } from '../../../src/worker/modules/messages/blocks';
import { actorOf, createUser, deps, request, TEST_PASSWORD } from '../helpers';
import { conversationsOf, send, start } from './messages-helpers';

describe('at rest', () => {
  it('seals every body: the raw D1 rows hold no text, and a body moved to another conversation does not open', async () => {
    const [a, b, c] = [await createUser(), await createUser(), await createUser()];
    const secret = `the gala venue is ${crypto.randomUUID()}`;
    const pair = await start(a, [b], secret);
    const edited = await send(a, pair.id, 'first draft');
    await request(`/api/messages/${edited.id}`, { method: 'PATCH', as: a, body: { body: `${secret}, edited` } });
    const { results } = await env.DB.prepare('SELECT * FROM messages WHERE conversation_id = ?')
      .bind(pair.id)
      .all<Record<string, unknown>>();
    expect(results).toHaveLength(2);
    const raw = JSON.stringify(results);
    expect(raw).not.toContain('gala venue');
    expect(raw).not.toContain('first draft');
    for (const row of results) expect(row.body).toMatch(/^v1\.[\w-]+\.[\w-]+$/);

    // Copied into another conversation's row, the sealed text does not open there.
    const other = await start(a, [c], 'hello');
    await env.DB.prepare('UPDATE messages SET body = ? WHERE conversation_id = ?').bind(results[0]!.body, other.id).run();
    const [moved] = await (await request(`/api/conversations/${other.id}/messages`, { as: c })).json<MessageDto[]>();
    expect(moved!.body).not.toContain('gala venue');
  });
});

describe('her data', () => {
  it('exports her conversations with the messages she sent and received, and nothing of others', async () => {
    const [me, friend, blocked, stranger] = await Promise.all([
      createUser(),
      createUser({ name: 'Friend Fox' }),
      createUser(),
      createUser(),
    ]);
    const pair = await start(me, [friend], 'from me');
    await send(friend, pair.id, 'from my friend');
    const group = await start(blocked, [me, friend], 'before the block');
    await blockMember(deps(), actorOf(me), { member_id: blocked.id });
    await send(blocked, group.id, 'during the block');
    await start(friend, [stranger], 'not hers');

    const res = await request('/api/account/export', { as: me, headers: { 'Sec-Fetch-Site': 'same-origin' } });
    expect(res.status).toBe(200);
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const data = JSON.parse(strFromU8(zip['data.json']!)) as {
      messages: { conversations: { id: number; with: string[]; messages: { body: string; from: string }[] }[]; blocked: { id: number }[] };
    };
    const byId = new Map(data.messages.conversations.map((c) => [c.id, c]));
    expect([...byId.keys()].sort()).toEqual([pair.id, group.id].sort());
    expect(byId.get(pair.id)!.with).toEqual(['Friend Fox']);
    expect(byId.get(pair.id)!.messages.map((m) => [m.from, m.body])).toEqual([
      ['you', 'from me'],
      ['Friend Fox', 'from my friend'],
    ]);
    expect(byId.get(group.id)!.messages.map((m) => m.body)).toEqual(['before the block']);
    expect(data.messages.blocked.map((b) => b.id)).toEqual([blocked.id]);
    expect(JSON.stringify(data)).not.toContain('not hers');
  });

  it('deleting her account deletes her messages: the others see “Deleted member” and “Message deleted”', async () => {
    const [leaving, stays] = [await createUser(), await createUser()];
    const pair = await start(leaving, [stays], 'goodbye soon');
    await send(stays, pair.id, 'stay!');
    const del = await request('/api/account', { method: 'DELETE', as: leaving, body: { password: TEST_PASSWORD } });
    expect(del.status).toBe(200);
    const seen = await (await request(`/api/conversations/${pair.id}/messages`, { as: stays })).json<MessageDto[]>();
    expect(seen.map((m) => [m.author.name, m.body, m.deleted])).toEqual([
      [stays.name, 'stay!', false],
      ['Deleted member', null, true],
    ]);
    expect(seen[1]!.author.id).toBeNull();
    const [entry] = (await conversationsOf(stays)) as [ConversationSummary];
    expect(entry.members).toEqual([{ id: null, name: 'Deleted member', photo_url: null }]);
    const { results } = await env.DB.prepare('SELECT body FROM messages WHERE conversation_id = ? AND author_id IS NULL')
      .bind(pair.id)
      .all();
    expect(results).toEqual([{ body: null }]);
    // Nobody left to write to.
    const detail = await request(`/trpc/messages.conversation?input=${encodeURIComponent(JSON.stringify({ id: pair.id }))}`, { as: stays });
    expect((await detail.json<{ result: { data: { can_send: boolean } } }>()).result.data.can_send).toBe(false);
    expect((await request(`/api/conversations/${pair.id}/messages`, { as: stays, body: { body: 'hello?' } })).status).toBe(409);
  });
});
