// Issue 38 "Conversations" and "REST": conversations of 2 to 8, the pair's reuse (200) and a new
// one (201), the 400s, 404 (never 403) for a conversation she is not in, sending, reading newest
// first, unread counts kept per member, edit within 15 minutes (409 after), delete, leave (groups)
// and archive (two-person, back with a new message). Every answer is also checked against the
// OpenAPI document by request().
import { describe, expect, it } from 'vitest';
import { MESSAGE_DELETED_TEXT, type ConversationSummary, type MessageDto } from '../../../src/shared/schemas/messages';
import { archiveConversation, getConversation } from '../../../src/worker/modules/messages/conversations';
import { editMessage } from '../../../src/worker/modules/messages/messages';
import { actorOf, createUser, deps, request, trpc } from '../helpers';
import { bodiesSeen, conversationsOf, send, start, unreadOf } from './messages-helpers';

describe('POST /api/conversations', () => {
  it('starts a conversation of two (201), then reuses it from either side (200)', async () => {
    const [amara, eleanor] = [await createUser({ name: 'Amara Okafor' }), await createUser({ name: 'Eleanor Vance' })];
    const first = await request('/api/conversations', { as: amara, body: { member_ids: [eleanor.id], body: 'Tea on Thursday?' } });
    expect(first.status).toBe(201);
    const made = await first.json<ConversationSummary>();
    expect(made).toMatchObject({
      members: [{ id: eleanor.id, name: 'Eleanor Vance', photo_url: null }],
      last_message: { author_id: amara.id, preview: 'Tea on Thursday?' },
      unread_count: 0,
    });
    const again = await request('/api/conversations', { as: eleanor, body: { member_ids: [amara.id, amara.id], body: 'Yes!' } });
    expect(again.status).toBe(200);
    expect((await again.json<ConversationSummary>()).id).toBe(made.id);
    expect(await bodiesSeen(amara, made.id)).toEqual(['Tea on Thursday?', 'Yes!']);
  });

  it('starts a new group every time, of up to seven others', async () => {
    const [me, ...seven] = await Promise.all(Array.from({ length: 8 }, () => createUser()));
    const ids = seven.map((u) => u.id);
    const a = await request('/api/conversations', { as: me, body: { member_ids: ids, body: 'Retreat?' } });
    const b = await request('/api/conversations', { as: me, body: { member_ids: ids, body: 'Retreat, again?' } });
    expect([a.status, b.status]).toEqual([201, 201]);
    const [ga, gb] = [await a.json<ConversationSummary>(), await b.json<ConversationSummary>()];
    expect(ga.id).not.toBe(gb.id);
    expect(ga.members).toHaveLength(7);
    expect(await unreadOf(seven[6]!)).toBe(2);
  });

  it('refuses fewer than one or more than seven others, herself, an unknown member, an empty or over-long body (400)', async () => {
    const [me, other] = [await createUser(), await createUser()];
    const many = await Promise.all(Array.from({ length: 8 }, () => createUser()));
    for (const body of [
      { member_ids: [], body: 'Hi' },
      { member_ids: many.map((u) => u.id), body: 'Hi' },
      { member_ids: [me.id], body: 'Hi' },
      { member_ids: [other.id, me.id], body: 'Hi' },
      { member_ids: [99_999_999], body: 'Hi' },
      { member_ids: [other.id], body: '   \n ' },
      { member_ids: [other.id], body: 'x'.repeat(4001) },
      { member_ids: [other.id] },
    ]) {
      const res = await request('/api/conversations', { as: me, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await conversationsOf(other)).toEqual([]);
  });
});

describe('a conversation’s messages', () => {
  it('keeps line breaks, pages newest first with Link, and is 404 (never 403) to anyone not in it', async () => {
    const [a, b, outsider] = [await createUser(), await createUser(), await createUser()];
    const c = await start(a, [b], 'one');
    for (const text of ['two\nlines', 'three', 'four']) await send(b, c.id, text);
    const first = await request(`/api/conversations/${c.id}/messages?limit=3`, { as: a });
    expect(first.status).toBe(200);
    expect(first.headers.get('Server-Timing')).toContain('D1 round trips: 1');
    const page = await first.json<MessageDto[]>();
    expect(page.map((m) => m.body)).toEqual(['four', 'three', 'two\nlines']);
    expect(page[0]).toMatchObject({
      author: { id: b.id, name: b.name },
      is_mine: false,
      can_edit: false,
      can_report: true,
      deleted: false,
    });
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('Link') ?? '')?.[1];
    const older = await (await request(next!, { as: a })).json<MessageDto[]>();
    expect(older.map((m) => m.body)).toEqual(['one']);

    for (const [method, path, body] of [
      ['GET', `/api/conversations/${c.id}/messages`, undefined],
      ['POST', `/api/conversations/${c.id}/messages`, { body: 'let me in' }],
      ['POST', `/api/conversations/${c.id}/read`, undefined],
      ['GET', `/api/conversations/999999999/messages`, undefined],
    ] as const) {
      const res = await request(path, { method, as: outsider, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const tr = await trpc('messages.conversation', { id: c.id }, { as: outsider, type: 'query' });
    expect(tr.status).toBe(404);
    expect(await bodiesSeen(a, c.id)).toHaveLength(4);
  });

  it('counts unread per member in the batch that writes, and reading marks it read for her only', async () => {
    const [a, b, c] = [await createUser(), await createUser(), await createUser()];
    const group = await start(a, [b, c], 'hello both');
    await send(b, group.id, 'hi!');
    expect([await unreadOf(a), await unreadOf(b), await unreadOf(c)]).toEqual([1, 0, 2]);
    const read = await request(`/api/conversations/${group.id}/read`, { method: 'POST', as: c });
    expect(await read.json()).toEqual({ unread: 0 });
    expect(await unreadOf(a)).toBe(1);
    expect((await conversationsOf(a))[0]).toMatchObject({ id: group.id, unread_count: 1, last_message: { preview: 'hi!' } });
  });

  it('lets her edit her own message within 15 minutes (then 409), and delete it: the others see “Message deleted”', async () => {
    const [a, b] = [await createUser(), await createUser()];
    const c = await start(a, [b], 'Thursdy?');
    const [mine] = (await (await request(`/api/conversations/${c.id}/messages`, { as: a })).json<MessageDto[]>()) as [MessageDto];
    expect(mine).toMatchObject({ is_mine: true, can_edit: true, can_delete: true, can_report: false });
    const edited = await request(`/api/messages/${mine.id}`, { method: 'PATCH', as: a, body: { body: 'Thursday?' } });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ body: 'Thursday?', edited_at: expect.any(String) });
    expect((await request(`/api/messages/${mine.id}`, { method: 'PATCH', as: b, body: { body: 'mine now' } })).status).toBe(403);
    const later = { ...deps(), now: () => Date.now() + 16 * 60_000 };
    await expect(editMessage(later, actorOf(a), { id: mine.id, body: 'too late' })).rejects.toMatchObject({ code: 'CONFLICT' });

    expect((await request(`/api/messages/${mine.id}`, { method: 'DELETE', as: b })).status).toBe(403);
    expect((await request(`/api/messages/${mine.id}`, { method: 'DELETE', as: a })).status).toBe(204);
    const [seen] = (await (await request(`/api/conversations/${c.id}/messages`, { as: b })).json<MessageDto[]>()) as [MessageDto];
    expect(seen).toMatchObject({ id: mine.id, body: null, deleted: true, removed: false, can_report: false });
    expect(MESSAGE_DELETED_TEXT).toBe('Message deleted');
    expect((await conversationsOf(b))[0]!.last_message).toMatchObject({ id: mine.id, preview: null });
    expect((await request(`/api/messages/${mine.id}`, { method: 'PATCH', as: a, body: { body: 'back' } })).status).toBe(409);
  });

  it('leaves a group (204: it is gone from her list, 404 to her, one member fewer for the others); a pair is archived instead', async () => {
    const [a, b, c] = [await createUser(), await createUser(), await createUser()];
    const group = await start(a, [b, c], 'plans');
    expect((await request(`/api/conversations/${group.id}/leave`, { method: 'POST', as: c })).status).toBe(204);
    expect(await conversationsOf(c)).toEqual([]);
    expect((await request(`/api/conversations/${group.id}/messages`, { as: c })).status).toBe(404);
    await send(a, group.id, 'after she left');
    expect(await unreadOf(c)).toBe(0);
    expect((await conversationsOf(b))[0]!.members.map((m) => m.id)).toEqual([a.id]);

    const pair = await start(a, [b], 'just us');
    expect((await request(`/api/conversations/${pair.id}/leave`, { method: 'POST', as: b })).status).toBe(400);
    await archiveConversation(deps(), actorOf(b), { id: pair.id, archived: true });
    expect((await conversationsOf(b)).map((x) => x.id)).toEqual([group.id]);
    expect(await getConversation(deps(), actorOf(b), { id: pair.id })).toMatchObject({
      archived: true,
      can_archive: true,
      can_leave: false,
    });
    await send(a, pair.id, 'are you there?');
    expect((await conversationsOf(b)).map((x) => x.id)).toEqual([pair.id, group.id]);
  });
});
