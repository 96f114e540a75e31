import { sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { emailDeliveries, emailMessages } from '../../db/schema/email';
import type { Deps } from '../../platform/deps';
import { describeError } from '../../platform/log-redaction';
import { enqueueDeliveries, NOT_QUEUED, sealedBody, type OutgoingEmail } from './enqueue';

/** One email to one person, with a body of her own (a link that is hers alone). */
export interface PersonalEmail {
  subject: string;
  bodyHtml: string;
  /** The language its subject and body were written in; the layout's footer follows (English by default). */
  language?: OutgoingEmail['language'];
  to: { email: string; name?: string | null };
}

/**
 * Many personal emails of one kind (a roster import's invitations, issue 24), as enqueueEmail
 * records one: each its own message and delivery, the caller's writes beside them, in ONE D1
 * batch of a fixed number of statements however many emails there are (the rows go in as one
 * JSON parameter each, so D1's 100 bound parameters are no limit), then the delivery ids queued.
 * The caller keeps a batch to a few dozen emails (each sealed body is a few KB).
 */
export async function enqueuePersonalEmails(
  deps: Deps,
  kind: OutgoingEmail['kind'],
  emails: PersonalEmail[],
  opts: { senderId?: number | null; alsoWrite?: BatchItem<'sqlite'>[] } = {},
): Promise<{ deliveryIds: number[] }> {
  if (emails.length === 0) return { deliveryIds: [] };
  const now = Math.trunc(deps.now());
  const messages = await Promise.all(
    emails.map(async (e) => ({
      subject: e.subject.trim(),
      body: await sealedBody(deps, { kind, subject: e.subject, bodyHtml: e.bodyHtml, language: e.language }),
    })),
  );
  const recipients = emails.map((e) => ({ email: e.to.email.trim(), name: e.to.name ?? null }));
  // The messages go in in their order; the batch is one transaction on a database that runs one at
  // a time, so their ids are the last N, consecutive: the k-th delivery belongs to max(id) - N + 1 + k.
  // Every column in table order (id left to SQLite), so each insert is a builder a batch can take.
  const insertMessages = deps.db.insert(emailMessages).select(sql`
    SELECT NULL, ${kind}, json_extract(j.value, '$.subject'), json_extract(j.value, '$.body'), NULL, ${opts.senderId ?? null}, NULL, ${now}
    FROM json_each(${JSON.stringify(messages)}) AS j ORDER BY j.key`);
  const insertDeliveries = deps.db
    .insert(emailDeliveries)
    .select(
      sql`SELECT NULL, (SELECT max(id) FROM ${emailMessages}) - ${emails.length - 1} + j.key, NULL,
        json_extract(j.value, '$.email'), json_extract(j.value, '$.name'), 'queued', 0, NULL, NULL, NULL, ${now}
      FROM json_each(${JSON.stringify(recipients)}) AS j ORDER BY j.key`,
    )
    .returning({ id: emailDeliveries.id });
  const results = await deps.db.batch([insertMessages, ...(opts.alsoWrite ?? []), insertDeliveries]);
  const deliveryIds = (results.at(-1) as { id: number }[]).map((r) => r.id);
  try {
    await enqueueDeliveries(deps, deliveryIds);
  } catch (err) {
    // As enqueueEmail does: Sent mail then offers Retry instead of leaving them 'queued' forever.
    console.error('mail enqueue failed', { deliveries: deliveryIds.length, error: describeError(err) });
    await deps.db.run(
      sql`UPDATE ${emailDeliveries} SET status = 'failed', last_error = ${NOT_QUEUED} WHERE status = 'queued' AND id IN (SELECT value FROM json_each(${JSON.stringify(deliveryIds)}))`,
    );
    throw err;
  }
  return { deliveryIds };
}
