// Operations (issue 44): the queue messages that used up their retries, and the admin's decisions
// on /admin/operations. Hana's hosts mail died in seedMail (her mailbox was full); here a
// notifications job dies during a D1 outage two days ago and the admin retries it once D1 is back,
// and discards Hana's (she reads the hosts' note on the site). Nothing waits: the dashboard shows
// no warning and /healthz says ok.
import { and, eq } from 'drizzle-orm';
import { deadLetters } from '../../../src/worker/db/schema/operations';
import { discardDeadLetter, recordDeadLetters, retryDeadLetter } from '../../../src/worker/modules/operations/dead-letters';
import { noteLastFailure, QUEUE_MAX_ATTEMPTS } from '../../../src/worker/platform/queue-failures';
import type { Seed } from './context';

export async function seedOperations(seed: Seed): Promise<void> {
  const admin = await seed.member(seed.opts.adminEmail);
  const [hana] = await seed
    .at(seed.now)
    .db.select({ id: deadLetters.id })
    .from(deadLetters)
    .where(and(eq(deadLetters.kind, 'mail'), eq(deadLetters.status, 'waiting')));

  const fanOut = { id: 'seed-notifications-1', attempts: QUEUE_MAX_ATTEMPTS } as Message<unknown>;
  const died = seed.when(-2, -3);
  await noteLastFailure(seed.at(died), 'notifications', fanOut, new Error('D1_ERROR: Network connection lost.'));
  await recordDeadLetters(seed.at(died + 60_000), 'notifications', [{ id: fanOut.id, body: { type: 'fan-out' } }]);
  const [notifications] = await seed
    .at(seed.now)
    .db.select({ id: deadLetters.id })
    .from(deadLetters)
    .where(and(eq(deadLetters.kind, 'notifications'), eq(deadLetters.messageId, fanOut.id)));
  await retryDeadLetter(seed.at(seed.when(-2, -1)), admin, { id: notifications!.id });
  if (hana) await discardDeadLetter(seed.at(seed.when(-1)), admin, { id: hana.id });
}
