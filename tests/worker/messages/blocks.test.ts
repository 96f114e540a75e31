// Issue 38 "Block": silent. The blocked member's messages are accepted (201, shown to her as sent)
// and go nowhere: not to the blocker's conversation, count, list or notifications, during the
// block or after an unblock (ADR 0023: blocks are periods). The blocker's page is hidden from her;
// the Message button stays. Settings > Privacy lists whom she blocks and unblocks.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MemberCard, MemberProfileDto } from '../../../src/shared/members';
import type { BlockedMember, MessageDto } from '../../../src/shared/schemas/messages';
import { notifications } from '../../../src/worker/db/schema/notifications';
import { createUser, deps, request, type TestUser } from '../helpers';
import { settleNotifications } from '../notifications/notification-helpers';
import { bodiesSeen, conversationsOf, send, start, unreadOf } from './messages-helpers';

const block = (blocker: TestUser, who: TestUser) => request('/api/blocks', { as: blocker, body: { member_id: who.id } });
const unblock = (blocker: TestUser, who: TestUser) => request(`/api/blocks/${who.id}`, { method: 'DELETE', as: blocker });

async function messageNotifications(u: TestUser) {
  await settleNotifications();
  return deps()
    .db.select()
    .from(notifications)
    .where(and(eq(notifications.userId, u.id), eq(notifications.kind, 'message')));
}

describe('a block', () => {
  it('lets her messages through to her and nowhere else, even after the unblock; what came before stays', async () => {
    const [eleanor, nadia] = [await createUser({ name: 'Eleanor Block' }), await createUser({ name: 'Nadia Blocked' })];
    const pair = await start(nadia, [eleanor], 'before the block');
    await request(`/api/conversations/${pair.id}/read`, { method: 'POST', as: eleanor });
    expect((await messageNotifications(eleanor)).map((n) => n.count)).toEqual([1]);
    expect((await block(eleanor, nadia)).status).toBe(201);

    const sent = await request(`/api/conversations/${pair.id}/messages`, { as: nadia, body: { body: 'during the block' } });
    expect(sent.status).toBe(201);
    expect(await bodiesSeen(nadia, pair.id)).toEqual(['before the block', 'during the block']);
    expect(await bodiesSeen(eleanor, pair.id)).toEqual(['before the block']);
    expect(await unreadOf(eleanor)).toBe(0);
    expect((await conversationsOf(eleanor))[0]!.last_message!.preview).toBe('before the block');
    expect((await messageNotifications(eleanor)).map((n) => n.count)).toEqual([1]);

    expect((await unblock(eleanor, nadia)).status).toBe(204);
    expect(await bodiesSeen(eleanor, pair.id)).toEqual(['before the block']);
    await send(nadia, pair.id, 'after the unblock');
    expect(await bodiesSeen(eleanor, pair.id)).toEqual(['before the block', 'after the unblock']);
    expect(await unreadOf(eleanor)).toBe(1);
  });

  it('in a group hides her messages from the blocker only; a conversation she starts with the blocker shows nowhere for her', async () => {
    const [a, b, c] = [await createUser(), await createUser(), await createUser()];
    const group = await start(b, [a, c], 'hello group');
    await block(a, b);
    const hidden = await send(b, group.id, 'a is not told');
    expect(await bodiesSeen(c, group.id)).toEqual(['hello group', 'a is not told']);
    expect(await bodiesSeen(a, group.id)).toEqual(['hello group']);
    // Nor can she reach it another way: its id is not hers to edit, delete or report.
    expect((await request(`/api/messages/${hidden.id}/report`, { as: a, body: { reason: 'x' } })).status).toBe(404);

    const fresh = await request('/api/conversations', { as: b, body: { member_ids: [a.id], body: 'new pair' } });
    expect(fresh.status).toBe(201);
    expect((await conversationsOf(a)).map((x) => x.id)).toEqual([group.id]);
    expect(await unreadOf(a)).toBe(1);
  });

  it('is never told to the member blocked: her Message button stays; the blocker’s page and card are hidden from her', async () => {
    const [her, blocked, other] = [await createUser({ name: 'Hidden Blockwell' }), await createUser(), await createUser()];
    await block(her, blocked);
    const page = await request(`/api/members/${her.id}`, { as: blocked });
    expect(page.status).toBe(404);
    const cards = await (await request('/api/members?q=Blockwell', { as: blocked })).json<MemberCard[]>();
    expect(cards.map((c) => c.id)).not.toContain(her.id);
    expect((await (await request('/api/members?q=Blockwell', { as: other })).json<MemberCard[]>()).map((c) => c.id)).toContain(her.id);
    // Her own view of the member she blocked offers Unblock; the blocked member still may write.
    const theirs = await (await request(`/api/members/${blocked.id}`, { as: her })).json<MemberProfileDto>();
    expect(theirs).toMatchObject({ blocked: true, can_message: true });
    const started = await request('/api/conversations', { as: blocked, body: { member_ids: [her.id], body: 'hi?' } });
    expect(started.status).toBe(201);
    const [mine] = await (
      await request(`/api/conversations/${(await started.json<{ id: number }>()).id}/messages`, { as: blocked })
    ).json<MessageDto[]>();
    expect(mine).toMatchObject({ body: 'hi?', deleted: false });
  });

  it('lists whom she blocks (Settings > Privacy); a second block is the same; herself 400, an unknown member 404', async () => {
    const [her, b, c] = [await createUser(), await createUser({ name: 'Bea Two' }), await createUser({ name: 'Ada One' })];
    for (const who of [b, c, b]) expect((await block(her, who)).status).toBe(201);
    expect(await (await request('/api/blocks', { as: her })).json<BlockedMember[]>()).toEqual([
      { id: c.id, name: 'Ada One' },
      { id: b.id, name: 'Bea Two' },
    ]);
    expect((await block(her, her)).status).toBe(400);
    expect((await request('/api/blocks', { as: her, body: { member_id: 99_999_999 } })).status).toBe(404);
    expect((await unblock(her, c)).status).toBe(204);
    expect((await unblock(her, c)).status).toBe(204);
    expect((await (await request('/api/blocks', { as: her })).json<BlockedMember[]>()).map((m) => m.id)).toEqual([b.id]);
    expect((await (await request(`/api/members/${c.id}`, { as: her })).json<MemberProfileDto>()).blocked).toBe(false);
  });
});
