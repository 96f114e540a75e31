// Issue 38 "Report": a member reports a message she received, with her reason; the admins (with
// 2FA, as every admin route) list open reports with the message, its conversation's previous ten
// messages and who reported; dismiss, or remove ("Removed by the club's admins") and suspend the
// sender's messages for 7 or 30 days. Every step is in the audit log, with no text. There is no
// other way for an admin to read a conversation.
import { desc, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGE_REMOVED_TEXT, type MessageDto, type MessageReportDto } from '../../../src/shared/schemas/messages';
import { auditLog } from '../../../src/worker/db/schema/membership';
import { sendMessage } from '../../../src/worker/modules/messages/messages';
import { resolveReport } from '../../../src/worker/modules/messages/reports';
import { actorOf, createUser, deps, request, roles, type TestUser } from '../helpers';
import { send, start } from './messages-helpers';

const report = (as: TestUser, messageId: number, reason = 'Selling to members') =>
  request(`/api/messages/${messageId}/report`, { as, body: { reason } });

async function auditOf(actions: string[]) {
  return deps()
    .db.select()
    .from(auditLog)
    .where(inArray(auditLog.action, actions as never[]))
    .orderBy(desc(auditLog.id));
}

describe('reports', () => {
  it('sends a received message with her reason and the ten before it to the admins, who alone list it', async () => {
    const [sender, reporter, admin] = [
      await createUser({ name: 'Nadia Seller' }),
      await createUser({ name: 'Amara Reporter' }),
      await roles.admin(),
    ];
    const c = await start(reporter, [sender], 'm0');
    for (let i = 1; i <= 11; i++) await send(i % 2 ? sender : reporter, c.id, `m${i}`);
    const bad = await send(sender, c.id, 'buy my tickets');
    await send(reporter, c.id, 'after it');

    expect((await report(reporter, bad.id, '  x'.repeat(200))).status).toBe(400);
    expect((await report(sender, bad.id)).status).toBe(400);
    const made = await report(reporter, bad.id, 'Selling to members in private');
    expect(made.status).toBe(201);
    const { id } = await made.json<{ id: number }>();
    expect(await (await report(reporter, bad.id)).json()).toEqual({ id });

    expect((await request('/api/admin/reports?status=open', { as: sender })).status).toBe(403);
    const listed = await request('/api/admin/reports?status=open', { as: admin });
    expect(listed.headers.get('Server-Timing')).toContain('D1 round trips: 1');
    const mine = (await listed.json<MessageReportDto[]>()).find((r) => r.id === id)!;
    expect(mine).toMatchObject({
      status: 'open',
      reason: 'Selling to members in private',
      reporter: { id: reporter.id, name: 'Amara Reporter' },
      message: { id: bad.id, author: { id: sender.id, name: 'Nadia Seller' }, body: 'buy my tickets' },
      sender_suspended_until: null,
    });
    expect(mine.context.map((m) => m.body)).toEqual(['m2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9', 'm10', 'm11']);
    expect(JSON.stringify(mine)).not.toContain('after it');
    const [entry] = await auditOf(['message.report']);
    expect(entry).toMatchObject({ actorId: reporter.id, targetId: String(id), details: { messageId: bad.id, conversationId: c.id } });
    expect(JSON.stringify(entry)).not.toContain('tickets');
  });

  it('remove: the members see “Removed by the club’s admins”; with a suspension she cannot write for 7 days', async () => {
    const [sender, reporter, other, admin] = [await createUser(), await createUser(), await createUser(), await roles.admin()];
    const c = await start(sender, [reporter], 'pushy');
    const { id } = await (await report(reporter, c.last_message!.id)).json<{ id: number }>();
    expect((await request(`/api/admin/reports/${id}`, { as: admin, body: { action: 'dismiss', suspend_days: 7 } })).status).toBe(400);
    expect((await request(`/api/admin/reports/${id}`, { as: admin, body: { action: 'remove', suspend_days: 3 } })).status).toBe(400);
    const res = await request(`/api/admin/reports/${id}`, { as: admin, body: { action: 'remove', suspend_days: 7 } });
    expect(res.status).toBe(200);
    const decided = await res.json<MessageReportDto>();
    expect(decided).toMatchObject({ status: 'removed', message: { body: null } });
    expect(Date.parse(decided.sender_suspended_until!) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect((await request(`/api/admin/reports/${id}`, { as: admin, body: { action: 'dismiss' } })).status).toBe(409);

    const [seen] = await (await request(`/api/conversations/${c.id}/messages`, { as: reporter })).json<MessageDto[]>();
    expect(seen).toMatchObject({ body: null, deleted: true, removed: true });
    expect(MESSAGE_REMOVED_TEXT).toBe("Removed by the club's admins");
    // Suspended: no new message, no new conversation; the conversation says why.
    const refused = await request(`/api/conversations/${c.id}/messages`, { as: sender, body: { body: 'again' } });
    expect(refused.status).toBe(403);
    expect((await refused.json<{ error: string }>()).error).toMatch(/suspended your messages until/);
    expect((await request('/api/conversations', { as: sender, body: { member_ids: [other.id], body: 'hi' } })).status).toBe(403);
    // Over after its days.
    const inEightDays = { ...deps(), now: () => Date.now() + 8 * 86_400_000 };
    await expect(sendMessage(inEightDays, actorOf(sender), { id: c.id, body: 'back' })).resolves.toMatchObject({ body: 'back' });

    const entries = await auditOf(['message_report.remove', 'messaging.suspend']);
    expect(entries.map((e) => [e.action, e.actorId, e.targetId])).toEqual([
      ['messaging.suspend', admin.id, String(sender.id)],
      ['message_report.remove', admin.id, String(id)],
    ]);
    expect(entries[0]!.details).toMatchObject({ days: 7, reportId: id });
  });

  it('dismiss keeps the message; a text its author deleted while reported is kept for the admins until then', async () => {
    const [sender, reporter, admin] = [await createUser(), await createUser(), await roles.admin()];
    const c = await start(sender, [reporter], 'borderline');
    const { id } = await (await report(reporter, c.last_message!.id)).json<{ id: number }>();
    await request(`/api/messages/${c.last_message!.id}`, { method: 'DELETE', as: sender });
    const open = (await (await request('/api/admin/reports', { as: admin })).json<MessageReportDto[]>()).find((r) => r.id === id)!;
    expect(open.message.body).toBe('borderline');
    const dismissed = await resolveReport(deps(), actorOf(admin), { id, action: 'dismiss' });
    expect(dismissed).toMatchObject({ status: 'dismissed', message: { body: null } });
    expect((await auditOf(['message_report.dismiss']))[0]).toMatchObject({ actorId: admin.id, targetId: String(id) });
    const dismissedList = await (await request('/api/admin/reports?status=dismissed', { as: admin })).json<MessageReportDto[]>();
    expect(dismissedList.map((r) => r.id)).toContain(id);
    expect((await request('/api/admin/reports?status=open', { as: admin })).ok).toBe(true);
    expect((await request('/api/admin/reports?status=nonsense', { as: admin })).status).toBe(400);
  });
});
