import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emailDeliveries, emailMessages } from '../../../src/worker/db/schema/email';
import { createMailBatchHandler } from '../../../src/worker/modules/mail/consumer';
import { sealMessageBody } from '../../../src/worker/modules/mail/message-body';
import { describeError, redactPath } from '../../../src/worker/platform/log-redaction';
import type { MailJob } from '../../../src/worker/platform/mail-job';
import { createUser, deps, mailTo, request, trpc, unique } from '../helpers';
import { createEventAs } from '../events/events-helpers';

// DECISIONS "No secret at rest": logs never carry a token, a password or the bound values of a
// failed statement. Real D1 failures are made with triggers that refuse one test's own rows.

const triggers: string[] = [];

/** A trigger that makes D1 refuse a write (only the rows the condition names: other tests are untouched). */
async function refuse(table: string, when: 'INSERT' | 'UPDATE', condition: string) {
  const name = `refuse_${unique('t')}`;
  await env.DB.prepare(
    `CREATE TRIGGER ${name} BEFORE ${when} ON ${table} WHEN ${condition} BEGIN SELECT RAISE(ABORT, 'refused by the test trigger'); END`,
  ).run();
  triggers.push(name);
}

afterEach(async () => {
  for (const name of triggers.splice(0)) await env.DB.prepare(`DROP TRIGGER IF EXISTS ${name}`).run();
  vi.restoreAllMocks();
});

/** Everything console.error was given, as one text (an Error with its message, stack and cause, as a log shows it). */
function watchErrors() {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
  const expand = (_key: string, value: unknown) =>
    value instanceof Error
      ? { name: value.name, message: value.message, stack: value.stack, cause: (value as { cause?: unknown }).cause }
      : value;
  return () => JSON.stringify(spy.mock.calls, expand);
}

describe('log redaction', () => {
  it("a failed statement's error keeps its SQL and reason but none of its bound values", async () => {
    await env.DB.prepare('CREATE TABLE IF NOT EXISTS log_probe (secret TEXT)').run();
    await refuse('log_probe', 'INSERT', '1');
    const canary = `canary-${crypto.randomUUID()}`;
    const error = await deps()
      .db.run(sql`INSERT INTO log_probe (secret) VALUES (${canary})`)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeTruthy();
    // Drizzle's own message carries the value: that is what must not be logged.
    expect(String((error as Error).message)).toContain(canary);
    const logged = JSON.stringify(describeError(error));
    expect(logged).not.toContain(canary);
    expect(logged).toContain('INSERT INTO log_probe');
    expect(logged).toContain('refused by the test trigger');
  });

  it('paths with a token are logged as their route', () => {
    const token = 'x'.repeat(43);
    expect(redactPath(`/api/events/invite/${token}`)).toBe('/api/events/invite/:token');
    expect(redactPath(`/api/register/validate-token/${token}`)).toBe('/api/register/validate-token/:token');
    expect(redactPath(`/reset-password/${token}`)).toBe('/reset-password/:token');
    expect(redactPath(`/calendar-feed/12.${token}.ics`)).toBe('/calendar-feed/:token');
    expect(redactPath(`/api/something/${token}/more`)).toBe('/api/something/:token/more');
    expect(redactPath('/api/events/42')).toBe('/api/events/42');
  });

  it('a D1 failure in a REST route logs neither the token of its path nor the values of the statement', async () => {
    const host = await createUser({ type: 'Founding' });
    const guest = await createUser();
    const event = await createEventAs(host, { exclusivity: 'invite-only' });
    expect((await request('/api/events/invite', { as: host, body: { eventId: event.id, userIds: [guest.id] } })).status).toBe(200);
    const token = /\/events\/invite\/([A-Za-z0-9_-]{43})/.exec((await mailTo(guest.email))[0]!.text)![1]!;
    await refuse('event_participants', 'INSERT', `NEW.user_id = ${guest.id}`);

    const logged = watchErrors();
    // An injected D1 failure: the 500 the OpenAPI document rightly does not list.
    const res = await request(`/api/events/invite/${token}`, { as: guest, contract: false });
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ code: 'INTERNAL_SERVER_ERROR' });
    const text = logged();
    expect(text).toContain('unhandled error');
    expect(text).toContain('/api/events/invite/:token');
    expect(text).toContain('refused by the test trigger');
    expect(text).not.toContain(token);
  });

  it('a D1 failure in a tRPC procedure and in a REST route logs no bound value', async () => {
    const member = await createUser();
    const canary = `Secret Name ${crypto.randomUUID()}`;
    await refuse('users', 'UPDATE', `NEW.name = '${canary}'`);

    const logged = watchErrors();
    const viaTrpc = await trpc('auth.updateUser', { name: canary }, { as: member });
    expect(viaTrpc.status).toBe(500);
    const viaRest = await request('/update-user', { body: { name: canary }, as: member, contract: false });
    expect(viaRest.status).toBe(500);
    const text = logged();
    expect(text).toContain('trpc error');
    expect(text).toContain('unhandled error');
    expect(text).toContain('refused by the test trigger');
    expect(text).not.toContain(canary);
    expect(text).not.toContain(member.email);
  });

  it("the mail consumer's failure log carries no bound value", async () => {
    const to = `${unique()}@logs.example`;
    const [msg] = await deps()
      .db.insert(emailMessages)
      .values({ kind: 'group', subject: 'Logs', body: await sealMessageBody(env, { html: '<p>x</p>', text: 'x', attachments: null }) })
      .returning();
    const [delivery] = await deps().db.insert(emailDeliveries).values({ messageId: msg!.id, toEmail: to }).returning();
    // The email goes out, but recording it as sent (an UPDATE binding the status and the time) is refused.
    await refuse('email_deliveries', 'UPDATE', `OLD.to_email = '${to}' AND NEW.status = 'sent'`);

    const logged = watchErrors();
    const batch = createMessageBatch<MailJob>('owow-club-mail', [
      { id: `logs-${unique()}`, timestamp: new Date(), attempts: 1, body: { deliveryIds: [delivery!.id] } },
    ]);
    const ctx = createExecutionContext();
    await createMailBatchHandler({ sender: () => ({ send: async () => ({}) }) })(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).retryMessages).toHaveLength(1);
    const text = logged();
    expect(text).toContain('mail job failed');
    expect(text).toContain('refused by the test trigger');
    expect(text).toContain('params: [redacted]');
    expect(text).not.toMatch(/params: [^[]/);
  });
});
