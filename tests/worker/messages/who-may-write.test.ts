// Issue 38 "Who may write to her": messages_from is members (the default), shared (an event both
// joined in the last 12 months or upcoming, or a conversation both are in) or nobody. The Message
// button (can_message on her page and her card) says what the server then does: 403 'She does not
// accept messages from you.', so a crafted request gains nothing.
import { describe, expect, it } from 'vitest';
import type { MemberCard, MemberProfileDto } from '../../../src/shared/members';
import { MESSAGES_REFUSED, type ConversationDetail } from '../../../src/shared/schemas/messages';
import { createUser, insertEvent, request, trpc, type TestUser } from '../helpers';
import { join } from '../notifications/notification-helpers';
import { conversationsOf, start } from './messages-helpers';

const DAY = 86_400_000;

async function choose(u: TestUser, messagesFrom: string) {
  const res = await request('/api/privacy', { method: 'PUT', as: u, body: { messages_from: messagesFrom } });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ messages_from: messagesFrom });
}

const startAs = (from: TestUser, to: TestUser[], body = 'Hello') =>
  request('/api/conversations', { as: from, body: { member_ids: to.map((u) => u.id), body } });

async function canMessage(viewer: TestUser, her: TestUser): Promise<boolean> {
  const page = await (await request(`/api/members/${her.id}`, { as: viewer })).json<MemberProfileDto>();
  const cards = await (await request(`/api/members?q=${encodeURIComponent(her.name.split(' ')[1]!)}`, { as: viewer })).json<MemberCard[]>();
  const card = cards.find((c) => c.id === her.id);
  expect(card?.can_message, 'the card says what the page says').toBe(page.can_message);
  return page.can_message;
}

/** An event ending `endsInDays` from now (negative: past), joined by `members`. */
async function sharedEvent(endsInDays: number, ...members: TestUser[]) {
  const endsAt = Date.now() + endsInDays * DAY;
  const ev = await insertEvent({ startsAt: endsAt - 3_600_000, endsAt });
  await join(ev.id, ...members);
  return ev;
}

describe('messages_from', () => {
  it('is `members` by default: anyone may write; nobody may message herself', async () => {
    const [her, anyone] = [await createUser(), await createUser()];
    expect(await (await request('/api/privacy', { as: her })).json()).toEqual({ messages_from: 'members' });
    expect(await canMessage(anyone, her)).toBe(true);
    expect((await (await request(`/api/members/${her.id}`, { as: her })).json<MemberProfileDto>()).can_message).toBe(false);
    expect((await startAs(anyone, [her])).status).toBe(201);
  });

  it('`nobody`: no Message button, 403 with the issue’s words, nothing written, and her pair conversation says why', async () => {
    const [her, friend, other, third] = [await createUser(), await createUser(), await createUser(), await createUser()];
    const pair = await start(friend, [her], 'before she chose nobody');
    await choose(her, 'nobody');
    expect(await canMessage(other, her)).toBe(false);
    for (const to of [[her], [third, her]]) {
      const res = await startAs(other, to);
      expect(res.status).toBe(403);
      expect((await res.json<{ error: string }>()).error).toBe(MESSAGES_REFUSED);
    }
    expect(await conversationsOf(other)).toEqual([]);
    const again = await request(`/api/conversations/${pair.id}/messages`, { as: friend, body: { body: 'still there?' } });
    expect(again.status).toBe(403);
    expect((await again.json<{ error: string }>()).error).toBe(MESSAGES_REFUSED);
    const detail = await trpc('messages.conversation', { id: pair.id }, { as: friend, type: 'query' });
    expect((await detail.json<{ result: { data: ConversationDetail } }>()).result.data).toMatchObject({
      can_send: false,
      cannot_send_reason: MESSAGES_REFUSED,
    });
  });

  it('`shared`: an event both joined that ended within 12 months or is to come, or a conversation both are in', async () => {
    const her = await createUser({ name: 'Priya Raman' });
    await choose(her, 'shared');
    const [recent, upcoming, longAgo, stranger, inGroup, host] = await Promise.all(Array.from({ length: 6 }, () => createUser()));
    await sharedEvent(-200, her, recent);
    await sharedEvent(30, her, upcoming);
    await sharedEvent(-400, her, longAgo);
    // She joined an event her host created: the host shares it with her.
    await join((await insertEvent({ createdBy: host.id, startsAt: Date.now() - 2 * DAY, endsAt: Date.now() - DAY })).id, her);
    await start(her, [inGroup, stranger], 'a group she started');

    for (const [who, may] of [
      [recent, true],
      [upcoming, true],
      [host, true],
      [inGroup, true],
      [longAgo, false],
    ] as const) {
      expect(await canMessage(who, her), who.name).toBe(may);
      expect((await startAs(who, [her])).status, who.name).toBe(may ? 201 : 403);
    }
    // The stranger was in the group too: it counts, until she leaves it.
    const [group] = await conversationsOf(stranger);
    await request(`/api/conversations/${group!.id}/leave`, { method: 'POST', as: stranger });
    expect(await canMessage(stranger, her)).toBe(false);
    expect((await startAs(stranger, [her])).status).toBe(403);
  });

  it('refuses a value it does not know (400), over REST and tRPC alike', async () => {
    const her = await createUser();
    expect((await request('/api/privacy', { method: 'PUT', as: her, body: { messages_from: 'friends' } })).status).toBe(400);
    const set = await trpc('messages.setPrivacy', { messages_from: 'shared' }, { as: her });
    expect(set.status).toBe(200);
    const got = await trpc('messages.privacy', undefined, { as: her, type: 'query' });
    expect((await got.json<{ result: { data: unknown } }>()).result.data).toEqual({ messages_from: 'shared' });
  });
});
