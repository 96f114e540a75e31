// Issue 13: Sent mail a page at a time on the shared primitives: newest first by id (an opaque
// cursor), 30 a page by default and 100 at most; Group mail walks email_messages_kind_idx, All
// email the primary key. GET /api/admin/sent-mail answers a bare list (issue 47) and
// tells the next page in a Link header. One D1 statement a page, delivery counts included.
import { describe, expect, it } from 'vitest';
import type { Page } from '../../../src/shared/schemas/page';
import { emailDeliveries, emailMessages, EMAIL_KINDS } from '../../../src/worker/db/schema/email';
import { listSentMail, sentMailPageQuery, type SentMailSummary } from '../../../src/worker/modules/mail/sent-mail';
import { countingDeps } from '../../../src/worker/platform/d1-round-trips';
import { encodeCursor } from '../../../src/worker/platform/keyset';
import { actorOf, createUser, deps, trpc, unique } from '../helpers';
import { expectPageInputChecked, rowsRead, walkLinks } from '../pages';
import { expectIndexed, planOf } from '../query-plan';

/** Messages stored directly (no body), one delivery each, of the given kinds. */
async function insertMessages(kinds: (typeof EMAIL_KINDS)[number][]): Promise<number[]> {
  const ids: number[] = [];
  for (const kind of kinds) {
    const [row] = await deps()
      .db.insert(emailMessages)
      .values({ kind, subject: `Paged ${unique('m')}`, createdAt: Date.now() })
      .returning({ id: emailMessages.id });
    await deps()
      .db.insert(emailDeliveries)
      .values({ messageId: row!.id, toEmail: `${unique('to')}@test.example`, status: 'sent' });
    ids.push(row!.id);
  }
  return ids;
}

describe('GET /api/admin/sent-mail, a page at a time', () => {
  it('walks group mail newest first without skipping or repeating while mail is sent', async () => {
    const admin = await createUser({ admin: true });
    const group = await insertMessages(['group', 'group', 'registration', 'group', 'password_reset', 'group', 'group']);
    const groupIds = new Set(
      (await deps().db.select({ id: emailMessages.id, kind: emailMessages.kind }).from(emailMessages))
        .filter((m) => m.kind === 'group')
        .map((m) => m.id),
    );
    let later: number[] = [];
    const walked = await walkLinks<SentMailSummary>(admin, '/api/admin/sent-mail?kind=group&limit=2', {
      between: async (page) => {
        // Sent after the walk began: newer than every page, so not in it.
        if (page === 0) later = await insertMessages(['group']);
      },
    });
    const ids = walked.items.map((m) => m.id);
    expect(new Set(ids)).toEqual(groupIds);
    expect(ids).toHaveLength(groupIds.size);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids).not.toContain(later[0]);
    for (const id of group.filter((_, i) => [0, 1, 3, 5, 6].includes(i))) expect(ids).toContain(id);
    expect(walked.items.every((m) => m.kind === 'group' && m.counts.total === 1 && m.counts.sent === 1)).toBe(true);
  });

  it('walks every email with All email: a bare list with the cursor in Link; tRPC keeps {items, nextCursor}', async () => {
    const admin = await createUser({ admin: true });
    await insertMessages(['group', 'registration', 'event_invitation']);
    const total = (await deps().db.select({ id: emailMessages.id }).from(emailMessages)).length;
    const walked = await walkLinks<SentMailSummary>(admin, '/api/admin/sent-mail?kind=all&limit=2');
    expect(walked.items.every((m) => /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(m.created_at))).toBe(true);
    expect(walked.items).toHaveLength(total);
    const res = await trpc('mail.sent', { kind: 'all', limit: 2 }, { as: admin, type: 'query' });
    const page = (await res.json<{ result: { data: Page<SentMailSummary> } }>()).result.data;
    expect(page.items.map((m) => m.id)).toEqual(walked.items.slice(0, 2).map((m) => m.id));
    expect(page.nextCursor).toEqual(expect.any(String));
  });

  it('takes 30 a page by default, 1 to 100, and refuses a cursor that is not its own', async () => {
    const admin = await createUser({ admin: true });
    await insertMessages(Array.from({ length: 31 }, () => 'group' as const));
    const first = await trpc('mail.sent', { kind: 'group' }, { as: admin, type: 'query' });
    expect((await first.json<{ result: { data: Page<SentMailSummary> } }>()).result.data.items).toHaveLength(30);
    await expectPageInputChecked(admin, '/api/admin/sent-mail?kind=group', [encodeCursor(['1']), encodeCursor([1, 2]), '12']);
  });

  it('is one D1 round trip a page', async () => {
    const admin = actorOf(await createUser({ admin: true }));
    await insertMessages(['group', 'group']);
    const first = countingDeps(deps());
    const page = await listSentMail(first.deps, admin, { kind: 'group', limit: 1 });
    expect(first.roundTrips()).toBe(1);
    const next = countingDeps(deps());
    await listSentMail(next.deps, admin, { kind: 'group', limit: 1, cursor: page.nextCursor! });
    expect(next.roundTrips()).toBe(1);
  });

  it('walks email_messages_kind_idx or the primary key in order (EXPLAIN QUERY PLAN), reading no more than the page', async () => {
    const deliveries = /SEARCH email_deliveries USING (COVERING )?INDEX email_deliveries_message_idx \(message_id=\?\)/;
    expectIndexed(await planOf(sentMailPageQuery(deps(), 'group', undefined, 30)), [
      /SEARCH email_messages USING INDEX email_messages_kind_idx \(kind=\?\)/,
      deliveries,
    ]);
    expectIndexed(await planOf(sentMailPageQuery(deps(), 'group', 40, 30)), [
      /SEARCH email_messages USING INDEX email_messages_kind_idx \(kind=\? AND rowid<\?\)/,
      deliveries,
    ]);
    expectIndexed(await planOf(sentMailPageQuery(deps(), 'all', 40, 30)), [/SEARCH email_messages USING INTEGER PRIMARY KEY \(rowid<\?\)/]);
    // The first page of All email walks the table's own b-tree (the rowid is its key) from its
    // end: SQLite calls that SCAN, and with nothing to sort it stops after the page.
    const all = await planOf(sentMailPageQuery(deps(), 'all', undefined, 30));
    expect(all).toMatch(/^SCAN email_messages$/m);
    expectIndexed(all.replace(/^SCAN email_messages$/m, ''), [deliveries]);
    await insertMessages(Array.from({ length: 30 }, () => 'registration' as const));
    // A few reads for each message of the page (its sender, its delivery's index entry and row),
    // not one for each of the table's messages and deliveries.
    expect((await deps().db.select({ id: emailDeliveries.id }).from(emailDeliveries)).length).toBeGreaterThan(30);
    expect(await rowsRead(sentMailPageQuery(deps(), 'all', undefined, 5))).toBeLessThanOrEqual(6 * 4);
  });
});
