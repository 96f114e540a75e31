import { describe, expect, it } from 'vitest';
import { createUser, insertEvent, request } from '../helpers';
import { join, listOf, settleNotifications, unreadOf } from './notification-helpers';

describe('smoke', () => {
  it('a comment reaches the creator', async () => {
    const host = await createUser({ type: 'Founding', name: 'Host Person' });
    const amara = await createUser({ name: 'Amara Okafor' });
    const ev = await insertEvent({ createdBy: host.id, title: 'Garden Tea' });
    await join(ev.id, amara);
    const res = await request('/api/comments', { as: amara, body: { content: 'Hello', commentableId: `event-${ev.id}` } });
    expect(res.status).toBe(201);
    await settleNotifications();
    expect(await unreadOf(host)).toBe(1);
    const list = await listOf(host);
    expect(list[0]!.text).toBe('Amara Okafor commented on Garden Tea');
  });
});
