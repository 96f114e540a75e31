// Issue 43, "Her ticket": a signed token for each participant (not the waitlist) that only the
// club's check-in reads: a screenshot works, a forged one, another event's or a voided one does not.
import { describe, expect, it } from 'vitest';
import { createUser, mailTo, request, roles } from '../helpers';
import { checkIn, doorEvent, joinAs, ticketOf, type Json } from './check-in-helpers';

const NOT_VALID = { error: 'Ticket not valid.', code: 'BAD_REQUEST' };

describe('GET /api/events/{id}/ticket', () => {
  it('answers a participant her token and its QR code; 404 to the waitlist and to others, 401 to visitors', async () => {
    const host = await roles.founding();
    const e = await doorEvent(host, { capacity: 1 });
    const [guest, waiting, stranger] = await Promise.all([createUser(), createUser(), createUser()]);
    await joinAs(e.id, guest!, waiting!);
    const res = await request(`/api/events/${e.id}/ticket`, { as: guest });
    expect(res.status).toBe(200);
    const ticket = await res.json<Json>();
    expect(Object.keys(ticket).sort()).toEqual(['qr_svg', 'token']);
    // Ids and a signature: nothing personal.
    expect(ticket.token).toMatch(new RegExp(`^${e.id}\\.${guest!.id}\\.[0-9a-z]+\\.[A-Za-z0-9_-]{22}$`));
    expect(ticket.token).not.toContain(guest!.name);
    expect(ticket.qr_svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+"[^>]*><rect[^>]*\/><path d="M/);
    // The same ticket each time (a screenshot keeps working).
    expect((await (await request(`/api/events/${e.id}/ticket`, { as: guest })).json<Json>()).token).toBe(ticket.token);

    for (const who of [waiting, stranger]) expect((await request(`/api/events/${e.id}/ticket`, { as: who })).status).toBe(404);
    expect((await request(`/api/events/${e.id}/ticket`)).status).toBe(401);
    expect((await request(`/api/events/999999/ticket`, { as: guest })).status).toBe(404);
  });

  it('a forged, altered or foreign token is "Ticket not valid."; the real one checks her in', async () => {
    const host = await roles.founding();
    const [e, other] = [await doorEvent(host), await doorEvent(host)];
    const guest = await createUser();
    await joinAs(e.id, guest);
    await joinAs(other.id, guest);
    const token = await ticketOf(e.id, guest);
    const [eventId, memberId, serial, mac] = token.split('.') as [string, string, string, string];
    const flipped = mac.slice(0, -1) + (mac.endsWith('A') ? 'B' : 'A');
    const forged = [
      'hello',
      `${eventId}.${memberId}.${serial}.${flipped}`,
      // Her id swapped for the host's, the signature kept.
      `${eventId}.${host.id}.${serial}.${mac}`,
      `${eventId}.${memberId}.${serial}`,
    ];
    for (const t of forged) {
      const res = await checkIn(e.id, host, { token: t });
      expect(res.status, t).toBe(400);
      expect(await res.json()).toMatchObject(NOT_VALID);
    }
    // Her genuine ticket to the other event, shown at this door.
    const foreign = await checkIn(e.id, host, { token: await ticketOf(other.id, guest) });
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toMatchObject(NOT_VALID);

    const ok = await checkIn(e.id, host, { token });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ member: { id: guest.id, name: guest.name, photo_url: null }, already: false });
  });

  it('leaving voids the ticket: not a participant after; after joining again only the new ticket works', async () => {
    const host = await roles.founding();
    const e = await doorEvent(host);
    const guest = await createUser();
    await joinAs(e.id, guest);
    const old = await ticketOf(e.id, guest);
    expect((await request(`/api/events/${e.id}/leave`, { method: 'DELETE', as: guest })).status).toBe(200);
    expect((await request(`/api/events/${e.id}/ticket`, { as: guest })).status).toBe(404);
    const gone = await checkIn(e.id, host, { token: old });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ error: 'Not a participant of this event.' });

    await new Promise((r) => setTimeout(r, 5)); // a new place, a new serial
    await joinAs(e.id, guest);
    const fresh = await ticketOf(e.id, guest);
    expect(fresh).not.toBe(old);
    expect((await checkIn(e.id, host, { token: old })).status).toBe(400);
    expect((await checkIn(e.id, host, { token: fresh })).status).toBe(200);
  });

  it('the event confirmation email shows the ticket’s QR code inline (a PNG image)', async () => {
    const host = await roles.founding();
    const e = await doorEvent(host);
    const guest = await createUser();
    await joinAs(e.id, guest);
    const res = await request('/api/events/send-confirmation', { as: guest, body: { eventId: e.id } });
    expect(res.status).toBe(200);
    const [mail] = await mailTo(guest.email);
    expect(mail!.kind).toBe('event_confirmation');
    expect(mail!.html).toContain('src="cid:ticket-qr"');
    expect(mail!.html).toContain('Your ticket');
    const png = mail!.attachments!.find((a) => a.contentId === 'ticket-qr')!;
    expect(png).toMatchObject({ contentType: 'image/png', base64: true, filename: `ticket-${e.id}.png` });
    const bytes = Uint8Array.from(atob(png.content), (c) => c.charCodeAt(0));
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // The calendar file is still attached.
    expect(mail!.attachments!.some((a) => a.contentType.startsWith('text/calendar') && !a.contentId)).toBe(true);
  });
});
