// Issue 38 "Limits": at most 60 messages a minute (the rate-limit binding) and 20 new conversations
// a day (counted in D1) per member, each a 429 with Retry-After and a sentence; a lapsed member
// reads her conversations but sends nothing.
import { describe, expect, it } from 'vitest';
import type { ConversationDetail, MessageDto } from '../../../src/shared/schemas/messages';
import { conversations } from '../../../src/worker/db/schema/messages';
import { createUser, deps, request, trpc, untilLimited } from '../helpers';
import { lapsedMember } from '../membership/terms-helpers';
import { start } from './messages-helpers';

describe('limits', () => {
  it('answers past 60 messages a minute 429, with Retry-After and words; hers only', async () => {
    const [a, b] = [await createUser(), await createUser()];
    const c = await start(a, [b], 'message 0');
    let last: Response | undefined;
    const statuses = await untilLimited(60, async (i) => {
      last = await request(`/api/conversations/${c.id}/messages`, { as: a, body: { body: `message ${i + 1}` } });
      return last;
    });
    // The window is the clock's minute: 60 within one, or fewer when the start's message and these straddle two.
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(59);
    expect(last!.headers.get('Retry-After')).toBe('60');
    expect((await last!.json<{ error: string }>()).error).toMatch(/60 messages in the last minute/);
    expect((await request(`/api/conversations/${c.id}/messages`, { as: b, body: { body: 'calm down' } })).status).toBe(201);
  });

  it('answers the 21st new conversation of the day 429 (the reuse of a pair is not new), saying when she may start another', async () => {
    const [me, friend, stranger] = [await createUser(), await createUser(), await createUser()];
    const pair = await start(me, [friend], 'hello');
    // Nineteen more started in the last day (written straight to D1: the limit counts rows, not requests).
    const now = Date.now();
    await deps()
      .db.insert(conversations)
      .values(
        Array.from({ length: 19 }, (_, i) => ({
          key: `g:limit-${me.id}-${i}`,
          isGroup: true,
          createdBy: me.id,
          createdAt: now - (i + 1) * 3_600_000,
        })),
      );
    const refused = await request('/api/conversations', { as: me, body: { member_ids: [stranger.id], body: 'one more' } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(3_600 * 4);
    expect((await refused.json<{ error: string }>()).error).toMatch(/20 conversations in the last 24 hours.*another in 5 hours/);
    expect((await request('/api/conversations', { as: me, body: { member_ids: [friend.id], body: 'still us' } })).status).toBe(200);
    expect((await request(`/api/conversations/${pair.id}/messages`, { as: me, body: { body: 'and here' } })).status).toBe(201);
  });

  it('a lapsed member reads her conversations and marks them read, and sends nothing (403 MEMBERSHIP_LAPSED)', async () => {
    const [lapsed, friend] = [await lapsedMember(), await createUser()];
    const c = await start(friend, [lapsed], 'are you renewing?');
    const page = await request(`/api/conversations/${c.id}/messages`, { as: lapsed });
    expect(page.status).toBe(200);
    expect((await page.json<MessageDto[]>())[0]).toMatchObject({ body: 'are you renewing?', can_report: false });
    expect((await request(`/api/conversations/${c.id}/read`, { method: 'POST', as: lapsed })).status).toBe(200);
    expect((await request('/api/conversations', { as: lapsed })).status).toBe(200);
    for (const [path, body] of [
      [`/api/conversations/${c.id}/messages`, { body: 'yes' }],
      ['/api/conversations', { member_ids: [friend.id], body: 'yes' }],
      [`/api/messages/${c.last_message!.id}/report`, { reason: 'no' }],
    ] as const) {
      const res = await request(path, { as: lapsed, body });
      expect(res.status, path).toBe(403);
      expect((await res.json<{ code: string }>()).code).toBe('MEMBERSHIP_LAPSED');
    }
    const detail = await trpc('messages.conversation', { id: c.id }, { as: lapsed, type: 'query' });
    expect((await detail.json<{ result: { data: ConversationDetail } }>()).result.data).toMatchObject({
      can_send: false,
      cannot_send_reason: expect.stringMatching(/lapsed/),
    });
  });
});
