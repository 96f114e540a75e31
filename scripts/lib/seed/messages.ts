// Issue 38's demo content: members writing to each other, through the messages services as the
// app writes them (bodies sealed, unread counts kept, the news recorded for the notifications,
// which notifications.ts then fans out).
// - Eleanor and Amara, over a few days: Eleanor read all but Amara's last message (one unread).
// - Claire, Hana and Grace, Travel Hosts, plan an autumn retreat in Kyoto in a group.
// - Priya accepts messages only from members she shares an event with (`shared`): Mei, who
//   shares none with her, finds no Message button on her page.
// - Nadia keeps selling seats at her supper club to members she hardly knows. Mei reported her
//   first note (dismissed: one invitation is not abuse); Hana reported a pushier one (removed,
//   and Nadia's messages suspended for 7 days, over since); Sofia blocked her, and Nadia's note
//   after the block was accepted and reached nobody; Amara's report of yesterday is open for the
//   admin (/admin/reports).
import { markConversationRead, startConversation } from '../../../src/worker/modules/messages/conversations';
import { blockMember } from '../../../src/worker/modules/messages/blocks';
import { sendMessage } from '../../../src/worker/modules/messages/messages';
import { setPrivacy } from '../../../src/worker/modules/messages/privacy';
import { reportMessage, resolveReport } from '../../../src/worker/modules/messages/reports';
import { and, eq, isNull, lte } from 'drizzle-orm';
import { notifications } from '../../../src/worker/db/schema/notifications';
import type { Seed } from './context';

type Line = [from: string, text: string, at: number];

/** A conversation `lines[0]`'s author starts with `with`, then each line at its time; answers the conversation and the message ids. */
async function converse(seed: Seed, withEmails: string[], lines: Line[]): Promise<{ id: number; messageIds: number[] }> {
  const [[from, text, at], ...rest] = lines as [Line, ...Line[]];
  const others = await Promise.all(withEmails.map((e) => seed.member(e)));
  const { conversation } = await startConversation(seed.at(at), await seed.member(from), {
    member_ids: others.map((m) => m.id),
    body: text,
  });
  const messageIds = [conversation.last_message!.id];
  for (const [who, body, time] of rest) {
    messageIds.push((await sendMessage(seed.at(time), await seed.member(who), { id: conversation.id, body })).id);
  }
  return { id: conversation.id, messageIds };
}

/** Who read which conversation when: notifications.ts writes the entries later, then seedMessageReads reads them. */
const reads: { userId: number; conversationId: number; at: number }[] = [];

async function read(seed: Seed, email: string, conversationId: number, at: number) {
  const member = await seed.member(email);
  await markConversationRead(seed.at(at), member, { id: conversationId });
  reads.push({ userId: member.id, conversationId, at });
}

/**
 * Reading a conversation reads its notification (the app does it as she reads: the entry is
 * seconds old then). The seed's notifications are written after its story (notifications.ts), so
 * each read is replayed on the entries that existed at its time, once they are written.
 */
export async function seedMessageReads(seed: Seed): Promise<void> {
  for (const r of reads) {
    await seed
      .at(r.at)
      .db.update(notifications)
      .set({ readAt: r.at })
      .where(
        and(
          eq(notifications.userId, r.userId),
          eq(notifications.kind, 'message'),
          eq(notifications.target, `conversation:${r.conversationId}`),
          isNull(notifications.readAt),
          lte(notifications.createdAt, r.at),
        ),
      );
  }
}

async function eleanorAndAmara(seed: Seed): Promise<void> {
  const E = 'eleanor@club.example';
  const A = 'amara@club.example';
  const { id } = await converse(
    seed,
    [E],
    [
      [A, 'Eleanor, the tea ceremony photos are lovely. Could I borrow two of them for the book club invitation?', seed.when(-4, -3)],
      [E, 'Of course! Take any you like.\nThe one with the lanterns is my favourite.', seed.when(-4, -2)],
      [A, 'Perfect, thank you. Are you coming on Thursday?', seed.when(-3, -5)],
      [E, 'I will, and I am bringing Sofia. Shall I bring the Ishiguro too, for anyone who has not finished it?', seed.when(-3, -4)],
      [A, 'Yes please. I will keep two seats by the window.', seed.when(-2, -6)],
    ],
  );
  await read(seed, E, id, seed.when(-2, -5));
  await read(seed, A, id, seed.when(-2, -5));
  // This morning's message: unread for Eleanor (her header and /messages show it).
  await sendMessage(seed.at(seed.when(0, -5)), await seed.member(A), {
    id,
    body: 'One more thing: could you say a few words about the garden before we start? Ten minutes at most.',
  });
}

async function travelHostsRetreat(seed: Seed): Promise<void> {
  const [C, H, G] = ['claire@club.example', 'hana@club.example', 'grace@club.example'];
  const { id } = await converse(
    seed,
    [H, G],
    [
      [C, 'Hana, Grace: shall we put together a Travel Hosts retreat this autumn? I was thinking Kyoto, four or five days.', seed.when(-6, -4)],
      [H, 'Yes! The townhouse sleeps six. Late October is the best light, before the crowds of November.', seed.when(-6, -3)],
      [G, 'Count me in. I can plan a day in the countryside, Ohara or Kurama, with an onsen at the end.', seed.when(-5, -8)],
      [C, 'Lovely. Let us each list three members who would enjoy it, and I will draft the invitation.', seed.when(-5, -7)],
      [H, 'I will ask the tea house near Daitoku-ji whether they can take eight of us on the first morning.', seed.when(-3, -2)],
    ],
  );
  // Claire read the plans before Grace's budget came (one unread for her); Hana read it since.
  await read(seed, C, id, seed.when(-2, -1));
  await sendMessage(seed.at(seed.when(-2)), await seed.member(G), {
    id,
    body: 'Drafted a budget: about 1,400 per person, flights not included. Too much?',
  });
  await read(seed, H, id, seed.when(-2, 3));
}

async function priyaShared(seed: Seed): Promise<void> {
  await setPrivacy(seed.at(seed.when(-20)), await seed.member('priya@club.example'), { messages_from: 'shared' });
}

async function nadiaSupperClub(seed: Seed): Promise<void> {
  const N = 'nadia@club.example';
  const admin = () => seed.member(seed.opts.adminEmail);
  const toMei = await converse(seed, ['mei@club.example'], [
    [N, 'Hi Mei! My supper club has two seats left on Sunday, 85 each. Shall I keep one for you?', seed.when(-19)],
  ]);
  await read(seed, 'mei@club.example', toMei.id, seed.when(-18, -1));
  const first = await reportMessage(seed.at(seed.when(-18)), await seed.member('mei@club.example'), {
    id: toMei.messageIds[0]!,
    reason: 'I do not know her and she is selling tickets.',
  });
  await resolveReport(seed.at(seed.when(-17)), await admin(), { id: first.id, action: 'dismiss' });

  const toHana = await converse(seed, ['hana@club.example'], [
    [N, 'Hana, last call for Sunday: everyone who matters will be there. Pay by tonight or lose the seat.', seed.when(-11)],
  ]);
  await read(seed, 'hana@club.example', toHana.id, seed.when(-10, -21));
  const second = await reportMessage(seed.at(seed.when(-10, -20)), await seed.member('hana@club.example'), {
    id: toHana.messageIds[0]!,
    reason: 'Pushy, and the third time she writes to me about paying for a dinner.',
  });
  await resolveReport(seed.at(seed.when(-10)), await admin(), { id: second.id, action: 'remove', suspend_days: 7 });

  const toSofia = await converse(seed, ['sofia@club.example'], [
    [N, 'Sofia, the supper club is back on Sunday. Shall I count you in?', seed.when(-2, -8)],
  ]);
  await read(seed, 'sofia@club.example', toSofia.id, seed.when(-2, -7));
  // Sofia blocks her; Nadia's next message is accepted and reaches nobody (she is never told).
  await blockMember(seed.at(seed.when(-2, -6)), await seed.member('sofia@club.example'), { member_id: (await seed.member(N)).id });
  await sendMessage(seed.at(seed.when(-1, -4)), await seed.member(N), { id: toSofia.id, body: 'Did you see my message? Only one seat left.' });

  const toAmara = await converse(seed, ['amara@club.example'], [
    [N, 'Amara, I hear you host the book club. Your members would love my Sunday supper: 85 a seat.', seed.when(-1, -6)],
    [N, 'I can give you a commission on every seat you sell.', seed.when(-1, -5)],
  ]);
  await read(seed, 'amara@club.example', toAmara.id, seed.when(-1, -3));
  await reportMessage(seed.at(seed.when(-1, -2)), await seed.member('amara@club.example'), {
    id: toAmara.messageIds[1]!,
    reason: 'Selling to members in private messages, and offering me money to do the same.',
  });
}

export async function seedMessages(seed: Seed): Promise<void> {
  await priyaShared(seed);
  await eleanorAndAmara(seed);
  await travelHostsRetreat(seed);
  await nadiaSupperClub(seed);
}
