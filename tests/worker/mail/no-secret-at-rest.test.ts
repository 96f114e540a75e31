import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { emailDeliveries, emailMessages } from '../../../src/worker/db/schema/email';
import { createMailBatchHandler, type MailSender } from '../../../src/worker/modules/mail/consumer';
import { enqueueEmail } from '../../../src/worker/modules/mail/enqueue';
import { openMessageBody, sealMessageBody } from '../../../src/worker/modules/mail/message-body';
import type { MailJob } from '../../../src/worker/platform/mail-job';
import { createUser, deps, mailTo, request, unique } from '../helpers';
import { createEventAs } from '../events/events-helpers';
import { decide, randomIp, submitApplication } from '../membership/membership-helpers';

// DECISIONS "No secret at rest": after every kind of email is enqueued and sent, no table of the
// local D1 holds a usable token or a link carrying one; the consumer still sends the right link.

/** Any link to a page whose last segment is a single-use secret. */
const TOKEN_LINK = /https?:\/\/[^\s"'<>]*\/(register|reset-password|events\/invite)\/[A-Za-z0-9_-]{16,}/;

/** Every value of every table of the local D1, as text (the scan reads them all, not a chosen few). */
async function everyStoredText(): Promise<{ where: string; text: string }[]> {
  const { results: tables } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
  ).all<{ name: string }>();
  expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['email_messages', 'email_deliveries', 'tokens', 'users', 'audit_log']));
  const out: { where: string; text: string }[] = [];
  for (const { name } of tables) {
    const { results } = await env.DB.prepare(`SELECT * FROM "${name}"`).all<Record<string, unknown>>();
    for (const row of results) {
      for (const [column, value] of Object.entries(row)) {
        if (typeof value === 'string') out.push({ where: `${name}.${column}`, text: value });
        else if (value instanceof ArrayBuffer) out.push({ where: `${name}.${column}`, text: new TextDecoder().decode(value) });
      }
    }
  }
  return out;
}

async function expectNoSecretInD1(secrets: string[]) {
  const stored = await everyStoredText();
  for (const { where, text } of stored) {
    expect(TOKEN_LINK.test(text), `a token link in ${where}`).toBe(false);
    for (const secret of secrets) expect(text.includes(secret), `a token in ${where}`).toBe(false);
  }
}

/** Waits until the real queue consumer has settled every delivery of the message. */
async function settled(messageId: number) {
  await vi.waitFor(
    async () => {
      const rows = await deps().db.select().from(emailDeliveries).where(eq(emailDeliveries.messageId, messageId));
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.status === 'sent')).toBe(true);
    },
    { timeout: 15_000, interval: 100 },
  );
}

/**
 * What the consumer sends for a recorded message: its deliveries are put back in the queue state
 * and run through the consumer with the send_email binding watched.
 */
async function sentBy(messageId: number) {
  await settled(messageId);
  const rows = await deps()
    .db.update(emailDeliveries)
    .set({ status: 'queued', claimedAt: null })
    .where(eq(emailDeliveries.messageId, messageId))
    .returning({ id: emailDeliveries.id });
  const calls: EmailMessageBuilder[] = [];
  const handler = createMailBatchHandler({
    sender: (): MailSender => ({
      async send(message) {
        calls.push(message);
        return env.EMAIL.send(message);
      },
    }),
  });
  const batch = createMessageBatch<MailJob>('owow-club-mail', [
    { id: `scan-${unique()}`, timestamp: new Date(), attempts: 1, body: { deliveryIds: rows.map((r) => r.id) } },
  ]);
  const ctx = createExecutionContext();
  await handler(batch, env, ctx);
  await getQueueResult(batch, ctx);
  return calls;
}

/** The newest message of a kind sent to an address. */
async function messageIdOf(email: string, kind: string): Promise<number> {
  const rows = await deps()
    .db.select({ id: emailMessages.id, kind: emailMessages.kind })
    .from(emailMessages)
    .where(
      inArray(
        emailMessages.id,
        deps().db.select({ id: emailDeliveries.messageId }).from(emailDeliveries).where(eq(emailDeliveries.toEmail, email)),
      ),
    )
    .orderBy(emailMessages.id);
  const match = rows.filter((r) => r.kind === kind).pop();
  if (!match) throw new Error(`no ${kind} email to ${email}`);
  return match.id;
}

function tokenIn(text: string, path: string): string {
  const m = new RegExp(`${env.APP_ORIGIN.replace(/\./g, '\\.')}${path}([A-Za-z0-9_-]{43})`).exec(text);
  if (!m) throw new Error(`no ${path} link in: ${text.slice(0, 300)}`);
  return m[1]!;
}

describe('no secret at rest', () => {
  it('after every kind of email, D1 holds no token and no token link, and the consumer sends the right links', async () => {
    const admin = await createUser({ admin: true });
    const secrets: string[] = [];

    // Registration invitation (application accepted), then the resent one.
    const app = await submitApplication();
    expect((await decide(admin, app.id, true)).status).toBe(200);
    const registrationMail = await sentBy(await messageIdOf(app.email, 'registration'));
    expect(registrationMail).toHaveLength(1);
    const registrationToken = tokenIn(String(registrationMail[0]!.text), '/register/');
    expect(String(registrationMail[0]!.html)).toContain(`/register/${registrationToken}`);
    const resend = await request(`/api/applications/${app.id}/resend-invitation`, { method: 'POST', as: admin });
    expect(resend.status).toBe(200);
    const resent = await vi.waitFor(async () => {
      const mails = (await mailTo(app.email)).filter((m) => m.kind === 'registration');
      expect(mails.length).toBe(2);
      return mails[0]!;
    });
    const resentToken = tokenIn(resent.text, '/register/');
    secrets.push(registrationToken, resentToken);
    // The link the consumer sent is the live one.
    expect((await request(`/api/register/validate-token/${resentToken}`, { ip: randomIp() })).status).toBe(200);

    // Password reset.
    const member = await createUser();
    expect((await request('/forgot-password', { body: { email: member.email }, ip: randomIp() })).status).toBe(200);
    await vi.waitFor(async () => expect((await mailTo(member.email)).length).toBe(1), { timeout: 5000, interval: 50 });
    const resetMail = await sentBy(await messageIdOf(member.email, 'password_reset'));
    const resetToken = tokenIn(String(resetMail[0]!.text), '/reset-password/');
    expect(String(resetMail[0]!.html)).toContain(`/reset-password/${resetToken}`);
    secrets.push(resetToken);

    // Event invitation, confirmation and announcement.
    const host = await createUser({ type: 'Founding' });
    const event = await createEventAs(host, { exclusivity: 'invite-only', title: `Supper ${unique()}` });
    const guest = await createUser();
    expect((await request('/api/events/invite', { as: host, body: { eventId: event.id, userIds: [guest.id] } })).status).toBe(200);
    const inviteMail = await sentBy(await messageIdOf(guest.email, 'event_invitation'));
    const inviteToken = tokenIn(String(inviteMail[0]!.text), '/events/invite/');
    secrets.push(inviteToken);
    const open = await createEventAs(host, { title: `Picnic ${unique()}` });
    const participant = await createUser();
    expect((await request(`/api/events/${open.id}/join`, { method: 'POST', as: participant })).status).toBe(200);
    expect((await request('/api/events/send-confirmation', { as: participant, body: { eventId: open.id } })).status).toBe(200);
    const confirmation = await sentBy(await messageIdOf(participant.email, 'event_confirmation'));
    // The calendar file, and her ticket's QR code shown inline (issue 43).
    expect(confirmation[0]!.attachments?.map((a) => [a.disposition, a.type])).toEqual([
      ['attachment', 'text/calendar; charset=utf-8; method=PUBLISH'],
      ['inline', 'image/png'],
    ]);
    const announce = await request(`/api/events/${open.id}/announcement`, {
      as: host,
      body: { subject: 'Change of room', body: 'Upstairs.' },
    });
    expect(announce.status).toBe(200);
    await sentBy(await messageIdOf(participant.email, 'event_announcement'));

    // Group mail.
    const group = await request('/api/admin/send-email', {
      as: admin,
      body: { subject: `Group ${unique()}`, body: '<p>Dear {{name}}</p>', recipientGroup: 'testing', selectedMemberIds: [] },
    });
    expect(group.status).toBe(202);
    await sentBy(((await group.json()) as { message_id: number }).message_id);

    // The calendar feed URL, too.
    const feed = await request('/trpc/events.regenerateCalendarFeed', { method: 'POST', body: {}, as: member });
    const feedUrl = ((await feed.json()) as { result: { data: { url: string } } }).result.data.url;
    secrets.push(
      feedUrl
        .split('/')
        .pop()!
        .replace(/\.ics$/, '')
        .split('.')[1]!,
    );

    // Every body is stored sealed; the clear columns carry what the records need.
    const stored = await deps().db.select().from(emailMessages);
    expect(stored.length).toBeGreaterThanOrEqual(7);
    for (const m of stored) expect(m.body).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    // (The notifications' own emails, e.g. the admins' about the new application, come from the
    // notifications queue whenever its consumer runs: checked like the rest, not counted.)
    expect(new Set(stored.map((m) => m.kind).filter((k) => !k.startsWith('notification_')))).toEqual(
      new Set([
        'registration',
        'password_reset',
        'event_invitation',
        'event_confirmation',
        'event_announcement',
        'group',
        'application_received',
      ]),
    );

    await expectNoSecretInD1(secrets);

    // And the links still work once read from the sent mail: the invitation joins the guest.
    expect((await request(`/api/events/invite/${inviteToken}`, { as: guest })).status).toBe(200);
    const reset = await request('/reset-password', { body: { token: resetToken, newPassword: 'a-brand-new-password' }, ip: randomIp() });
    expect(reset.status).toBe(200);
  });

  it('refuses a subject that carries a token link', async () => {
    const member = await createUser();
    const send = (subject: string) =>
      enqueueEmail(deps(), { kind: 'group', subject, bodyHtml: '<p>x</p>', recipients: [{ email: member.email }] });
    await expect(send(`Your link ${env.APP_ORIGIN}/reset-password/${'a'.repeat(43)}`)).rejects.toThrow(
      'The subject cannot contain a registration, reset or invitation link.',
    );
    await expect(send('Register for the spring salon')).resolves.toMatchObject({ deliveryIds: [expect.any(Number)] });
  });

  it('a body sealed under another key does not open, and the consumer retries instead of failing it', async () => {
    const other = { DATA_ENCRYPTION_KEY: btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32)))) };
    const sealed = await sealMessageBody(other, { html: '<p>x</p>', text: 'x', attachments: null });
    await expect(openMessageBody(env, sealed)).rejects.toThrow('does not open with the current DATA_ENCRYPTION_KEY');
    expect((await openMessageBody(other, sealed))!.text).toBe('x');

    const [msg] = await deps().db.insert(emailMessages).values({ kind: 'group', subject: 'Other key', body: sealed }).returning();
    const [delivery] = await deps()
      .db.insert(emailDeliveries)
      .values({ messageId: msg!.id, toEmail: `${unique()}@keys.example` })
      .returning();
    const batch = createMessageBatch<MailJob>('owow-club-mail', [
      { id: `key-${unique()}`, timestamp: new Date(), attempts: 1, body: { deliveryIds: [delivery!.id] } },
    ]);
    const ctx = createExecutionContext();
    await createMailBatchHandler({ sender: () => ({ send: async () => ({}) }) })(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.retryMessages).toHaveLength(1);
    const [row] = await deps().db.select().from(emailDeliveries).where(eq(emailDeliveries.id, delivery!.id));
    expect(row).toMatchObject({ status: 'queued' });
    expect(row!.lastError).toContain('DATA_ENCRYPTION_KEY');
  });

  it('a message recorded before bodies were sealed (no body) fails for good with a clear reason', async () => {
    const [msg] = await deps().db.insert(emailMessages).values({ kind: 'password_reset', subject: 'Legacy', body: null }).returning();
    const [delivery] = await deps()
      .db.insert(emailDeliveries)
      .values({ messageId: msg!.id, toEmail: `${unique()}@legacy.example` })
      .returning();
    const sent: unknown[] = [];
    const batch = createMessageBatch<MailJob>('owow-club-mail', [
      { id: `legacy-${unique()}`, timestamp: new Date(), attempts: 1, body: { deliveryIds: [delivery!.id] } },
    ]);
    const ctx = createExecutionContext();
    await createMailBatchHandler({ sender: () => ({ send: async (m) => sent.push(m) }) })(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toHaveLength(1);
    expect(sent).toHaveLength(0);
    const [row] = await deps().db.select().from(emailDeliveries).where(eq(emailDeliveries.id, delivery!.id));
    expect(row).toMatchObject({ status: 'failed' });
    expect(row!.lastError).toMatch(/no longer stored/);
  });
});
