import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailDeliveries, emailMessages } from '../../../src/worker/db/schema/email';
import { emailOptOuts } from '../../../src/worker/db/schema/email-preferences';
import { createMailBatchHandler, type MailSender } from '../../../src/worker/modules/mail/consumer';
import { emailLayout, footerText } from '../../../src/worker/modules/mail/layout';
import { sealMessageBody } from '../../../src/worker/modules/mail/message-body';
import { unsubscribeUrl } from '../../../src/worker/modules/mail/email-preferences';
import type { MailJob } from '../../../src/worker/platform/mail-job';
import { createUser, deps, request, trpc, unique, type TestUser } from '../helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tRPC answers read loosely in tests
const data = async (res: Response): Promise<any> => ((await res.json()) as { result: { data: unknown } }).result.data;
const prefsOf = async (u: TestUser) => (await request('/api/account/email-preferences', { as: u })).json();
const optOuts = async (u: TestUser) =>
  (await deps().db.select().from(emailOptOuts).where(eq(emailOptOuts.userId, u.id))).map((r) => r.category).sort();

/** Sends deliveries through the real consumer with the real send_email binding, watched. */
async function sendThroughConsumer(deliveryIds: number[]) {
  const calls: EmailMessageBuilder[] = [];
  const sender = (): MailSender => ({
    async send(message) {
      calls.push(message);
      return env.EMAIL.send(message);
    },
  });
  const batch = createMessageBatch<MailJob>('owow-club-mail', [
    { id: `prefs-${unique()}`, timestamp: new Date(), attempts: 1, body: { deliveryIds } },
  ]);
  const ctx = createExecutionContext();
  await createMailBatchHandler({ sender })(batch, env, ctx);
  await getQueueResult(batch, ctx);
  return calls;
}

describe('email preferences', () => {
  it('are all on by default, and Settings saves them (REST and tRPC)', async () => {
    const u = await createUser();
    expect(await prefsOf(u)).toEqual({ announcements: true, group_mail: true, reminders: true });
    const res = await request('/api/account/email-preferences', {
      method: 'PUT',
      as: u,
      body: { announcements: false, group_mail: true, reminders: false },
    });
    expect(res.status).toBe(200);
    expect(await optOuts(u)).toEqual(['announcements', 'reminders']);
    const t = await trpc('account.updateEmailPreferences', { announcements: true, group_mail: false, reminders: false }, { as: u });
    expect(t.status).toBe(200);
    expect(await prefsOf(u)).toEqual({ announcements: true, group_mail: false, reminders: false });
    expect((await request('/api/account/email-preferences')).status).toBe(401);
  });
});

describe('one-click unsubscribe', () => {
  const pathOf = async (u: TestUser, category: 'announcements' | 'group_mail' | 'reminders') =>
    new URL(await unsubscribeUrl(env, u.id, category)).pathname;

  it('POST (what a mail client sends, no session, no Origin) unsubscribes at once', async () => {
    const u = await createUser();
    const path = await pathOf(u, 'group_mail');
    const res = await request(path, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { Origin: '' } });
    expect(res.status).toBe(200);
    expect(await optOuts(u)).toEqual(['group_mail']);
    // Again: still fine (idempotent).
    expect((await request(path, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status).toBe(200);
    expect(await optOuts(u)).toEqual(['group_mail']);
  });

  it('GET only shows a confirmation button; pressing it unsubscribes', async () => {
    const u = await createUser();
    const path = await pathOf(u, 'announcements');
    const page = await request(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<form method="post">');
    expect(html).toContain('announcements of events you joined');
    expect(page.headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(await optOuts(u)).toEqual([]);
    const confirmed = await request(path, { method: 'POST', body: '' });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('You are unsubscribed');
    expect(await optOuts(u)).toEqual(['announcements']);
  });

  it('refuses a bad token, another member’s token and another category’s token', async () => {
    const u = await createUser();
    const other = await createUser();
    const good = await pathOf(u, 'group_mail');
    const token = good.split('/').pop()!;
    // The first character: the last one's low bits are base64url padding, so 'A' and 'B' there can decode alike.
    const tampered = `${token.startsWith('A') ? 'B' : 'A'}${token.slice(1)}`;
    for (const path of [
      `/unsubscribe/${u.id}/group_mail/${tampered}`,
      `/unsubscribe/${other.id}/group_mail/${token}`,
      `/unsubscribe/${u.id}/announcements/${token}`,
      `/unsubscribe/${u.id}/group_mail/short`,
      `/unsubscribe/${u.id}/account/${token}`,
    ]) {
      expect((await request(path, { method: 'POST', body: '' })).status).toBe(404);
      expect((await request(path)).status).toBe(404);
    }
    expect(await optOuts(u)).toEqual([]);
    expect(await optOuts(other)).toEqual([]);
  });
});

describe('optional emails and opted-out members', () => {
  it('a group send skips opted-out members (recorded skipped), the count says so, and testing still reaches the admin', async () => {
    const admin = await createUser({ admin: true });
    const keen = await createUser();
    const quiet = await createUser();
    await request('/api/account/email-preferences', {
      method: 'PUT',
      as: quiet,
      body: { announcements: true, group_mail: false, reminders: true },
    });
    const selectedMemberIds = [keen.id, quiet.id];
    const count = await trpc('mail.recipientCount', { recipientGroup: 'selected', selectedMemberIds }, { as: admin, type: 'query' });
    expect(await data(count)).toEqual({ count: 2, optedOut: 1 });

    const res = await trpc(
      'mail.send',
      { recipientGroup: 'selected', selectedMemberIds, subject: `Hello ${unique()}`, body: '<p>Hi {{name}}</p>' },
      { as: admin },
    );
    const sent = await data(res);
    expect(sent).toMatchObject({ recipient_count: 1, skipped: 1 });
    const rows = await deps().db.select().from(emailDeliveries).where(eq(emailDeliveries.messageId, sent.message_id));
    expect(rows.find((r) => r.userId === quiet.id)?.status).toBe('skipped');
    expect(rows.find((r) => r.userId === keen.id)?.status).not.toBe('skipped');
    const detail = await trpc('mail.sentById', { id: sent.message_id }, { as: admin, type: 'query' });
    expect((await data(detail)).message.counts.skipped).toBe(1);

    // The admin turned group mail off too: her own test send still reaches her.
    await request('/api/account/email-preferences', {
      method: 'PUT',
      as: admin,
      body: { announcements: true, group_mail: false, reminders: true },
    });
    const testCount = await trpc('mail.recipientCount', { recipientGroup: 'testing', selectedMemberIds: [] }, { as: admin, type: 'query' });
    expect(await data(testCount)).toEqual({ count: 1, optedOut: 0 });
    const test = await trpc(
      'mail.send',
      { recipientGroup: 'testing', selectedMemberIds: [], subject: `Test ${unique()}`, body: '<p>Test</p>' },
      { as: admin },
    );
    expect(await data(test)).toMatchObject({ recipient_count: 1, skipped: 0 });
  });

  it('optional emails carry her own unsubscribe link and the RFC 8058 headers; account emails carry neither', async () => {
    const u = await createUser();
    const group = await recordMessage('group', u);
    const announcement = await recordMessage('event_announcement', u);
    const account = await recordMessage('password_reset', u);
    const calls = await sendThroughConsumer([group.deliveryId, announcement.deliveryId, account.deliveryId]);
    const bySubject = (subject: string) => calls.find((c) => c.subject === subject)!;
    const groupUrl = await unsubscribeUrl(env, u.id, 'group_mail');
    const annUrl = await unsubscribeUrl(env, u.id, 'announcements');
    expect(groupUrl.startsWith(`${env.APP_ORIGIN}/unsubscribe/${u.id}/group_mail/`)).toBe(true);
    const g = bySubject(group.subject);
    expect(g.headers).toEqual({ 'List-Unsubscribe': `<${groupUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(g.html).toContain(`href="${groupUrl}"`);
    expect(g.text).toContain(groupUrl);
    const a = bySubject(announcement.subject);
    expect(a.headers).toEqual({ 'List-Unsubscribe': `<${annUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(a.html).toContain(`href="${annUrl}"`);
    const r = bySubject(account.subject);
    expect(r.headers).toBeUndefined();
    expect(r.html).not.toContain('nsubscribe');
    expect(r.text).not.toContain('nsubscribe');
    const rows = await deps().db.select().from(emailDeliveries).where(eq(emailDeliveries.userId, u.id));
    expect(rows.map((x) => x.status)).toEqual(['sent', 'sent', 'sent']);
  });
});

/**
 * A message as enqueueEmail records it (the same layout and footer), written straight to D1 and
 * not queued, so only our batch sends it.
 */
async function recordMessage(kind: 'group' | 'event_announcement' | 'password_reset', u: TestUser) {
  const unsubscribe = kind !== 'password_reset';
  const subject = `${kind} ${unique()}`;
  const [msg] = await deps()
    .db.insert(emailMessages)
    .values({
      kind,
      subject,
      body: await sealMessageBody(env, {
        html: emailLayout('<p>News</p>', { appOrigin: env.APP_ORIGIN, unsubscribe }),
        text: `News\n\n${footerText(env.APP_ORIGIN, { unsubscribe })}`,
        attachments: null,
      }),
    })
    .returning();
  const [d] = await deps()
    .db.insert(emailDeliveries)
    .values({ messageId: msg!.id, userId: u.id, toEmail: u.email, toName: u.name })
    .returning();
  return { subject, deliveryId: d!.id };
}
