// Issue 38 "Notifications" and "Live": the kind `message`, one entry per conversation while unread
// ("Amara Okafor sent you 3 messages"), emailed at once by default without the text; nobody told
// of her own messages or in a conversation she left; reading the conversation reads the entry.
// Her socket says her unread messages as she connects and tells each change, never its text.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../../src/worker/db/schema/notifications';
import { markConversationRead, startConversation } from '../../../src/worker/modules/messages/conversations';
import { sendMessage } from '../../../src/worker/modules/messages/messages';
import { processNotificationNews } from '../../../src/worker/modules/notifications/fan-out';
import { sendDueInstantEmails } from '../../../src/worker/modules/notifications/instant-emails';
import { actorOf, createUser, deps, mailTo, request, type TestUser } from '../helpers';
import { connect } from '../notifications/live-helpers';
import { depsAt } from '../notifications/notification-helpers';
import { send, start } from './messages-helpers';

const entriesOf = (u: TestUser) =>
  deps()
    .db.select()
    .from(notifications)
    .where(and(eq(notifications.userId, u.id), eq(notifications.kind, 'message')));

describe('notifications of messages', () => {
  it('one entry per conversation counts its messages, emailed at once without the text; the writer is told nothing', async () => {
    const [amara, eleanor] = [await createUser({ name: 'Amara Okafor' }), await createUser({ name: 'Eleanor Vance' })];
    const at = Date.now();
    const d = depsAt(at);
    const { conversation } = await startConversation(d, actorOf(amara), { member_ids: [eleanor.id], body: 'the secret recipe is saffron' });
    await processNotificationNews(d);
    await sendDueInstantEmails(d);
    for (const text of ['second', 'third']) await sendMessage(depsAt(at + 60_000), actorOf(amara), { id: conversation.id, body: text });
    await processNotificationNews(depsAt(at + 61_000));

    const list = await (await request('/api/notifications', { as: eleanor })).json<{ kind: string; text: string; url: string }[]>();
    expect(list.filter((n) => n.kind === 'message')).toEqual([
      expect.objectContaining({ text: 'Amara Okafor sent you 3 messages', url: `/messages/${conversation.id}` }),
    ]);
    expect(await entriesOf(amara)).toEqual([]);
    const mails = (await mailTo(eleanor.email)).filter((m) => m.kind === 'notification_message');
    expect(mails.map((m) => m.subject)).toEqual(['Amara Okafor sent you a message']);
    expect(mails[0]!.text).toContain(`/messages/${conversation.id}`);
    expect(JSON.stringify(mails)).not.toContain('saffron');
    // The next ones wait for the 10 minutes to end, merged into one email.
    await sendDueInstantEmails(depsAt(at + 11 * 60_000));
    expect((await mailTo(eleanor.email)).filter((m) => m.kind === 'notification_message').map((m) => m.subject)).toEqual([
      'Amara Okafor sent you 3 messages',
      'Amara Okafor sent you a message',
    ]);

    // Reading the conversation reads its entry.
    await markConversationRead(deps(), actorOf(eleanor), { id: conversation.id });
    await expect.poll(async () => (await entriesOf(eleanor)).every((n) => n.readAt !== null)).toBe(true);
  });

  it('nobody is told in a conversation she left', async () => {
    const [a, b, c] = [await createUser(), await createUser(), await createUser()];
    const at = Date.now();
    const { conversation } = await startConversation(depsAt(at), actorOf(a), { member_ids: [b.id, c.id], body: 'plans' });
    await request(`/api/conversations/${conversation.id}/leave`, { method: 'POST', as: c });
    await sendMessage(depsAt(at + 1000), actorOf(a), { id: conversation.id, body: 'after she left' });
    await processNotificationNews(depsAt(at + 2000));
    expect((await entriesOf(b)).map((n) => n.count)).toEqual([2]);
    // The fan-out runs after the request: by then she had left, so she is told of neither.
    expect(await entriesOf(c)).toEqual([]);
  });
});

describe('live', () => {
  it('says her unread messages as she connects and tells each change within seconds, never its text', async () => {
    const [a, b] = [await createUser(), await createUser()];
    const c = await start(a, [b], 'first');
    const socket = await connect(b);
    await socket.waitFor((m) => m.type === 'messages_unread' && m.count === 1);
    const started = Date.now();
    await send(a, c.id, 'the second, with a secret: tulips');
    await socket.waitFor((m) => m.type === 'message' && m.conversation_id === c.id && m.unread === 2, 2000);
    expect(Date.now() - started).toBeLessThan(2000);
    await request(`/api/conversations/${c.id}/read`, { method: 'POST', as: b });
    await socket.waitFor((m) => m.type === 'message' && m.unread === 0);
    expect(JSON.stringify(socket.messages)).not.toContain('tulips');
    socket.ws.close(1000);
  });

  it('does not tell the blocker of the blocked member’s message', async () => {
    const [blocker, blocked] = [await createUser(), await createUser()];
    const c = await start(blocked, [blocker], 'hello');
    await request('/api/blocks', { as: blocker, body: { member_id: blocked.id } });
    const [hers, theirs] = [await connect(blocker), await connect(blocked)];
    await hers.waitFor((m) => m.type === 'messages_unread');
    await send(blocked, c.id, 'you will not hear this');
    await theirs.waitFor((m) => m.type === 'message' && m.conversation_id === c.id);
    await new Promise((r) => setTimeout(r, 300));
    expect(hers.messages.filter((m) => m.type === 'message')).toEqual([]);
    hers.ws.close(1000);
    theirs.ws.close(1000);
  });
});
