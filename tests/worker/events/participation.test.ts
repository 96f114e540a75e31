import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tokens } from '../../../src/worker/db/schema/membership';
import { sha256Hex } from '../../../src/worker/platform/crypto';
import { deps, mailTo, request, roles, trpc } from '../helpers';
import { createEventAs, participantIds, type Json } from './events-helpers';

function inviteLinkToken(text: string): string {
  const m = text.match(/\/events\/invite\/([A-Za-z0-9_-]+)/);
  if (!m) throw new Error(`no invite link in: ${text}`);
  return m[1]!;
}

describe('join and leave', () => {
  it('joins an open event once, however often asked', async () => {
    const host = await roles.founding();
    const e = await createEventAs(host);
    const m = await roles.standard();
    const first = await request(`/api/events/${e.id}/join`, { method: 'POST', as: m });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ ok: true, status: 'joined', already_joined: false, event: { id: e.id, title: e.title } });
    const second = await request(`/api/events/${e.id}/join`, { method: 'POST', as: m });
    expect(await second.json()).toMatchObject({ ok: true, already_joined: true });
    expect((await trpc('events.join', { id: e.id }, { as: m })).status).toBe(200);
    expect(await participantIds(e.id)).toEqual([m.id]);
  });

  it('leaving when not a participant is a no-op; leaving after joining removes only you', async () => {
    const host = await roles.founding();
    const e = await createEventAs(host);
    const a = await roles.standard();
    const b = await roles.standard();
    const noop = await request(`/api/events/${e.id}/leave`, { method: 'DELETE', as: a });
    expect(noop.status).toBe(200);
    expect(await noop.json()).toEqual({ ok: true, left: false, left_waitlist: false });
    await request(`/api/events/${e.id}/join`, { method: 'POST', as: a });
    await request(`/api/events/${e.id}/join`, { method: 'POST', as: b });
    const left = await request(`/api/events/${e.id}/leave`, { method: 'DELETE', as: a });
    expect(await left.json()).toEqual({ ok: true, left: true, left_waitlist: false });
    expect(await participantIds(e.id)).toEqual([b.id]);
  });

  it('answers 404 for a missing event', async () => {
    const m = await roles.standard();
    expect((await request('/api/events/99999999/join', { method: 'POST', as: m })).status).toBe(404);
    expect((await request('/api/events/99999999/leave', { method: 'DELETE', as: m })).status).toBe(404);
  });

  it('an invite-only event needs an invitation, except for its creator and admins', async () => {
    const host = await roles.travelHost();
    const e = await createEventAs(host, { exclusivity: 'invite-only' });
    for (const who of [await roles.standard(), await roles.founding()]) {
      const res = await request(`/api/events/${e.id}/join`, { method: 'POST', as: who });
      expect(res.status).toBe(403);
      expect((await res.json<Json>()).error).toBe('This event is by invitation only. Ask its host for an invitation.');
    }
    expect((await request(`/api/events/${e.id}/join`, { method: 'POST', as: host })).status).toBe(200);
    const admin = await roles.admin();
    expect((await request(`/api/events/${e.id}/join`, { method: 'POST', as: admin })).status).toBe(200);
    expect((await participantIds(e.id)).sort()).toEqual([host.id, admin.id].sort());
  });
});

describe('invitations', () => {
  it('emails each invitee a personal link; accepting joins the event once', async () => {
    const host = await roles.founding();
    const e = await createEventAs(host, { exclusivity: 'invite-only', title: 'Secret <Supper> & Co' });
    const guest = await roles.standard();
    const res = await request('/api/events/invite', { as: host, body: { eventId: e.id, eventTitle: e.title, userIds: [guest.id] } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, invited: 1, skipped: [] });

    const [mail] = await mailTo(guest.email);
    expect(mail).toMatchObject({ kind: 'event_invitation', subject: "You're invited: Secret <Supper> & Co" });
    expect(mail!.html).toContain('Secret &lt;Supper&gt; &amp; Co');
    expect(mail!.text).toContain(`${env.APP_ORIGIN}/events/invite/`);
    const token = inviteLinkToken(mail!.text);

    // Only the hash is stored, with a 14-day expiry.
    const [row] = await deps()
      .db.select()
      .from(tokens)
      .where(eq(tokens.tokenHash, await sha256Hex(token)));
    expect(row).toMatchObject({ purpose: 'event_invitation', userId: guest.id, eventId: e.id, usedAt: null });
    expect(row!.expiresAt - row!.createdAt).toBe(14 * 24 * 3600 * 1000);
    expect(await deps().db.select().from(tokens).where(eq(tokens.tokenHash, token))).toHaveLength(0);

    // Someone else cannot use the link.
    const stranger = await roles.standard();
    const stolen = await request(`/api/events/invite/${token}`, { as: stranger });
    expect(stolen.status).toBe(400);
    expect((await stolen.json<Json>()).error).toBe('Invalid or expired invitation');

    const accepted = await request(`/api/events/invite/${token}`, { as: guest });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ event: { id: e.id, title: e.title } });
    expect(await participantIds(e.id)).toEqual([guest.id]);

    const again = await request(`/api/events/invite/${token}`, { as: guest });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'Invalid or expired invitation' });
  });

  it('refuses an expired invitation and an unknown token', async () => {
    const host = await roles.founding();
    const e = await createEventAs(host, { exclusivity: 'invite-only' });
    const guest = await roles.standard();
    await request('/api/events/invite', { as: host, body: { eventId: e.id, userIds: [guest.id] } });
    const token = inviteLinkToken((await mailTo(guest.email))[0]!.text);
    await deps()
      .db.update(tokens)
      .set({ expiresAt: Date.now() - 1000 })
      .where(eq(tokens.tokenHash, await sha256Hex(token)));
    expect((await request(`/api/events/invite/${token}`, { as: guest })).status).toBe(400);
    expect((await request(`/api/events/invite/${'A'.repeat(43)}`, { as: guest })).status).toBe(400);
    const t = await trpc('events.acceptInvitation', { token: 'A'.repeat(43) }, { as: guest });
    expect(t.status).toBe(400);
    expect(await participantIds(e.id)).toEqual([]);
  });

  it('lets an invited member use Join Event too, which uses up the invitation', async () => {
    const host = await roles.founding();
    const e = await createEventAs(host, { exclusivity: 'invite-only' });
    const guest = await roles.standard();
    await trpc('events.invite', { eventId: e.id, userIds: [guest.id] }, { as: host });
    const detail = await (await request(`/api/events/${e.id}`, { as: guest })).json<Json>();
    expect(detail.viewer.can_join).toBe(true);
    expect((await request(`/api/events/${e.id}/join`, { method: 'POST', as: guest })).status).toBe(200);
    const open = await deps()
      .db.select()
      .from(tokens)
      .where(and(eq(tokens.eventId, e.id), eq(tokens.userId, guest.id)));
    expect(open.every((t) => t.usedAt !== null)).toBe(true);
  });

  it('only the creator or an admin invites to an invite-only event; anyone to an open one', async () => {
    const host = await roles.founding();
    const closed = await createEventAs(host, { exclusivity: 'invite-only' });
    const open = await createEventAs(host);
    const member = await roles.standard();
    const friend = await roles.standard();
    expect((await request('/api/events/invite', { as: member, body: { eventId: closed.id, userIds: [friend.id] } })).status).toBe(403);
    expect((await request('/api/events/invite', { as: member, body: { eventId: open.id, userIds: [friend.id] } })).status).toBe(200);
    const admin = await roles.admin();
    expect((await request('/api/events/invite', { as: admin, body: { eventId: closed.id, userIds: [friend.id] } })).status).toBe(200);
  });

  it('validates the selection and skips members who already take part', async () => {
    const host = await roles.founding();
    const e = await createEventAs(host);
    const joined = await roles.standard();
    const fresh = await roles.standard();
    await request(`/api/events/${e.id}/join`, { method: 'POST', as: joined });
    const none = await request('/api/events/invite', { as: host, body: { eventId: e.id, userIds: [] } });
    expect(none.status).toBe(400);
    expect((await none.json<Json>()).fieldErrors.userIds).toContain('Select at least one member.');
    const res = await request('/api/events/invite', { as: host, body: { eventId: e.id, userIds: [joined.id, fresh.id, 99999999] } });
    expect(await res.json()).toMatchObject({ invited: 1, skipped: [joined.id, 99999999] });
    const onlyJoined = await request('/api/events/invite', { as: host, body: { eventId: e.id, userIds: [joined.id] } });
    expect(onlyJoined.status).toBe(400);
    expect((await request('/api/events/invite', { as: host, body: { eventId: 99999999, userIds: [fresh.id] } })).status).toBe(404);
  });

  it('lists invite candidates: members not yet taking part, not the viewer', async () => {
    const host = await roles.founding();
    const e = await createEventAs(host);
    const joined = await roles.standard();
    const fresh = await roles.standard();
    await request(`/api/events/${e.id}/join`, { method: 'POST', as: joined });
    const res = await trpc('events.inviteCandidates', { id: e.id }, { as: host, type: 'query' });
    const list = (await res.json<Json>()).result.data as { user_id: number }[];
    const ids = list.map((c) => c.user_id);
    expect(ids).toContain(fresh.id);
    expect(ids).not.toContain(joined.id);
    expect(ids).not.toContain(host.id);
  });
});

describe('confirmation email', () => {
  it("sends the event's details and an .ics file to a participant who asks", async () => {
    const host = await roles.founding();
    const e = await createEventAs(host, {
      title: 'Sunset, Sail; and Supper',
      time_zone: 'Pacific/Honolulu',
      event_date: '2031-06-01',
      start_time: '17:00',
      end_time: '20:00',
    });
    const m = await roles.standard();
    const notYet = await request('/api/events/send-confirmation', { as: m, body: { eventId: e.id, userId: m.id } });
    expect(notYet.status).toBe(400);
    await request(`/api/events/${e.id}/join`, { method: 'POST', as: m });
    const res = await request('/api/events/send-confirmation', { as: m, body: { eventId: e.id, userId: m.id } });
    expect(res.status).toBe(200);
    const [mail] = await mailTo(m.email);
    expect(mail).toMatchObject({ kind: 'event_confirmation', subject: 'Confirmed: Sunset, Sail; and Supper' });
    expect(mail!.text).toContain('Jun 01, 2031');
    expect(mail!.text).toContain('5:00 PM - 8:00 PM HST (Pacific/Honolulu)');
    expect(mail!.text).toContain(`${env.APP_ORIGIN}/events/${e.id}`);
    // The attachment is sealed with the rest of the body; mailTo opens it as the consumer does.
    const ics = mail!.attachments![0]!;
    expect(ics.filename).toBe(`${e.slug}.ics`);
    expect(ics.contentType).toContain('text/calendar');
    expect(ics.content).toContain('DTSTART;TZID=Pacific/Honolulu:20310601T170000');
    expect(ics.content).toContain('SUMMARY:Sunset\\, Sail\\; and Supper');
  });

  it('only the creator or an admin may send one to another participant', async () => {
    const host = await roles.founding();
    const e = await createEventAs(host);
    const a = await roles.standard();
    const b = await roles.standard();
    await request(`/api/events/${e.id}/join`, { method: 'POST', as: a });
    expect((await request('/api/events/send-confirmation', { as: b, body: { eventId: e.id, userId: a.id } })).status).toBe(403);
    expect((await request('/api/events/send-confirmation', { as: host, body: { eventId: e.id, userId: a.id } })).status).toBe(200);
  });
});

describe('announcement email', () => {
  it('sends the sanitized message to every participant', async () => {
    const host = await roles.travelHost();
    const e = await createEventAs(host);
    const a = await roles.standard();
    const b = await roles.founding();
    const outsider = await roles.standard();
    for (const m of [a, b]) await request(`/api/events/${e.id}/join`, { method: 'POST', as: m });
    const res = await trpc(
      'events.announce',
      { eventId: e.id, subject: 'Bring an umbrella', body: '<p>Rain is likely.</p><script>alert(1)</script>' },
      { as: host },
    );
    expect(res.status).toBe(200);
    expect((await res.json<Json>()).result.data).toMatchObject({ ok: true, recipients: 2 });
    for (const m of [a, b]) {
      const [mail] = await mailTo(m.email);
      expect(mail).toMatchObject({ kind: 'event_announcement', subject: 'Bring an umbrella' });
      expect(mail!.html).not.toContain('<script>');
      expect(mail!.text).toContain('Rain is likely.');
    }
    expect(await mailTo(outsider.email)).toHaveLength(0);
  });

  it('needs a subject and a body, and at least one participant', async () => {
    const host = await roles.founding();
    const e = await createEventAs(host);
    const empty = await request(`/api/events/${e.id}/announcement`, { as: host, body: { subject: ' ', body: '' } });
    expect(empty.status).toBe(400);
    expect((await empty.json<Json>()).error).toContain('Subject and body are required.');
    const nobody = await request(`/api/events/${e.id}/announcement`, { as: host, body: { subject: 'Hello', body: 'Hi' } });
    expect(nobody.status).toBe(400);
  });
});
