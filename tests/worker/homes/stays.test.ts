// Stays (issue 16): who may request and answer, the date rules, overlapping requests, the race of
// two accepts, the emails of every step, and the host's nights against the tier's minimum.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { HomeView, HostingSummary, StayView } from '../../../src/shared/schemas/homes';
import { restPageOf } from '../pages';
import { mailTo, request, roles, trpc } from '../helpers';
import { createHome, day, newStay, patchStay, requestStay } from './homes-helpers';

describe('requesting a stay', () => {
  it('any member but the host, at dates within a window, at most 90 nights, not past, not over the guest count', async () => {
    const host = await roles.travelHost();
    const home = await createHome(host, { availability: [{ start: day(10), end: day(200) }], max_guests: 2 });
    const cases: [string, Awaited<ReturnType<typeof roles.standard>> | null, Parameters<typeof requestStay>[2], number][] = [
      ['visitor', null, { start_date: day(12), end_date: day(14) }, 401],
      ['own home', host, { start_date: day(12), end_date: day(14) }, 403],
      ['end before start', await roles.standard(), { start_date: day(14), end_date: day(12) }, 400],
      ['same day', await roles.standard(), { start_date: day(14), end_date: day(14) }, 400],
      ['outside the window', await roles.standard(), { start_date: day(5), end_date: day(12) }, 400],
      ['91 nights', await roles.standard(), { start_date: day(20), end_date: day(111) }, 400],
      ['too many guests', await roles.standard(), { start_date: day(12), end_date: day(14), guests: 3 }, 400],
      ['bad date', await roles.standard(), { start_date: '2030-02-30', end_date: '2030-03-02' }, 400],
    ];
    for (const [name, as, body, status] of cases) {
      expect((await requestStay(as!, home.id, body)).status, name).toBe(status);
    }
    for (const role of ['standard', 'founding', 'travelHost', 'admin'] as const) {
      const as = await roles[role]();
      const res = await requestStay(as, home.id, { start_date: day(20), end_date: day(110), guests: 2 });
      expect(res.status, role).toBe(201);
      const stay = await res.json<StayView>();
      expect(stay).toMatchObject({ status: 'pending', nights: 90, viewer_role: 'guest', can_cancel: true, can_accept: false });
    }
    // The host was told of each, through the queue.
    const mail = await mailTo(host.email);
    expect(mail.filter((m) => m.kind === 'home_stay' && m.subject === `Stay request for ${home.title}`)).toHaveLength(4);
  });

  it('over tRPC as well, with the same rules', async () => {
    const host = await roles.travelHost();
    const home = await createHome(host);
    const guest = await roles.founding();
    const ok = await trpc('homes.requestStay', { homeId: home.id, start_date: day(12), end_date: day(14), guests: 1 }, { as: guest });
    expect(ok.status).toBe(200);
    const own = await trpc('homes.requestStay', { homeId: home.id, start_date: day(12), end_date: day(14), guests: 1 }, { as: host });
    expect(own.status).toBe(403);
  });
});

describe('answering', () => {
  it('only the host accepts or declines; each step emails the other side; the accept mails the address', async () => {
    const host = await roles.travelHost();
    const home = await createHome(host);
    const guest = await roles.standard();
    const [admin, otherHost] = await Promise.all([roles.admin(), roles.travelHost()]);
    const stay = await newStay(guest, home.id, day(12), day(16));
    expect((await patchStay(guest, stay.id, 'accepted')).status).toBe(403);
    expect((await patchStay(admin, stay.id, 'accepted')).status).toBe(403);
    expect((await patchStay(otherHost, stay.id, 'accepted')).status).toBe(404);
    expect((await patchStay(null, stay.id, 'accepted')).status).toBe(401);
    expect((await patchStay(host, stay.id, 'cancelled')).status).toBe(403);

    const res = await patchStay(host, stay.id, 'accepted', 'Keys are with the neighbour.');
    expect(res.status).toBe(200);
    expect((await res.json<StayView>()).status).toBe('accepted');
    expect((await patchStay(host, stay.id, 'declined')).status).toBe(409);
    const [accepted] = await mailTo(guest.email);
    expect(accepted!.subject).toBe(`Your stay at ${home.title} is confirmed`);
    expect(accepted!.text).toContain(home.address!);
    expect(accepted!.text).toContain('Keys are with the neighbour.');

    const asGuest = await restPageOf<StayView>(await request('/api/stays?role=guest', { as: guest }));
    expect(asGuest.items[0]).toMatchObject({ id: stay.id, status: 'accepted', home: { address: home.address } });

    // The guest cancels; the host is told.
    expect((await patchStay(guest, stay.id, 'cancelled')).status).toBe(200);
    expect((await mailTo(host.email))[0]!.subject).toBe(`Stay cancelled: ${home.title}`);
    expect((await patchStay(guest, stay.id, 'cancelled')).status).toBe(409);

    const second = await newStay(guest, home.id, day(20), day(22));
    expect((await patchStay(host, second.id, 'declined', 'Family visiting.')).status).toBe(200);
    const [declined] = await mailTo(guest.email);
    expect(declined!.subject).toBe(`Your stay request for ${home.title} was declined`);
    expect(declined!.text).not.toContain(home.address!);
  });

  it('overlapping pending requests stay pending and show the conflict; only one of them can be accepted', async () => {
    const host = await roles.travelHost();
    const home = await createHome(host);
    const [a, b, c] = await Promise.all([roles.standard(), roles.founding(), roles.standard()]);
    const first = await newStay(a, home.id, day(12), day(18));
    const second = await newStay(b, home.id, day(15), day(20));
    await newStay(c, home.id, day(18), day(22)); // touches the first at check-out: no overlap
    const hostList = async () => (await restPageOf<StayView>(await request('/api/stays?role=host', { as: host }))).items;
    const byId = async (id: number) => (await hostList()).find((s) => s.id === id)!;
    expect(await byId(first.id)).toMatchObject({ overlapping_pending: 1, conflicts_with_accepted: false, can_accept: true });
    expect((await patchStay(host, first.id, 'accepted')).status).toBe(200);
    expect(await byId(second.id)).toMatchObject({ status: 'pending', conflicts_with_accepted: true });
    const refused = await patchStay(host, second.id, 'accepted');
    expect(refused.status).toBe(409);
    expect((await byId(second.id)).status).toBe('pending');
    // A new request over accepted dates is refused at once.
    expect((await requestStay(await roles.standard(), home.id, { start_date: day(13), end_date: day(14) })).status).toBe(409);
    // Back-to-back stays are fine.
    expect((await patchStay(host, (await hostList()).find((s) => s.guest.id === c.id)!.id, 'accepted')).status).toBe(200);
  });

  it('how many others asked for the same dates is the host’s to know: a guest’s own request never carries it (issue 30)', async () => {
    const host = await roles.travelHost();
    const home = await createHome(host);
    const [a, b] = await Promise.all([roles.standard(), roles.founding()]);
    const first = await newStay(a, home.id, day(12), day(18));
    const res = await requestStay(b, home.id, { start_date: day(15), end_date: day(20) });
    expect(res.status).toBe(201);
    const second = await res.json<StayView>();
    expect(second.overlapping_pending).toBeNull();
    for (const guest of [a, b]) {
      const own = (await restPageOf<StayView>(await request('/api/stays?role=guest', { as: guest }))).items;
      expect(own).toHaveLength(1);
      expect(own[0]!.overlapping_pending).toBeNull();
    }
    const hosts = (await restPageOf<StayView>(await request('/api/stays?role=host', { as: host }))).items;
    expect(hosts.find((s) => s.id === first.id)!.overlapping_pending).toBe(1);
    expect(hosts.find((s) => s.id === second.id)!.overlapping_pending).toBe(1);
  });

  it('two accepts of overlapping stays at the same moment: exactly one succeeds', async () => {
    const host = await roles.travelHost();
    const home = await createHome(host);
    const [a, b] = await Promise.all([roles.standard(), roles.founding()]);
    const one = await newStay(a, home.id, day(12), day(18));
    const two = await newStay(b, home.id, day(14), day(16));
    const results = await Promise.all([patchStay(host, one.id, 'accepted'), patchStay(host, two.id, 'accepted')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const items = (await restPageOf<StayView>(await request('/api/stays?role=host', { as: host }))).items;
    expect(items.filter((s) => s.status === 'accepted')).toHaveLength(1);
  });
});

describe('listing stays', () => {
  it('shows the member hers as guest and as host, keyset-paged in one round trip; admins see all', async () => {
    const host = await roles.travelHost();
    const home = await createHome(host);
    const guest = await roles.standard();
    const s1 = await newStay(guest, home.id, day(12), day(13));
    const s2 = await newStay(guest, home.id, day(14), day(15));
    const first = await request('/api/stays?role=guest&limit=1', { as: guest });
    expect(first.headers.get('Server-Timing')).toContain('D1 round trips: 1');
    const p1 = await restPageOf<StayView>(first);
    expect(p1.items.map((s) => s.id)).toEqual([s2.id]);
    const p2 = await restPageOf<StayView>(await request(`/api/stays?role=guest&limit=1&cursor=${p1.nextCursor}`, { as: guest }));
    expect(p2.items.map((s) => s.id)).toEqual([s1.id]);
    const both = await restPageOf<StayView>(await request('/api/stays', { as: host }));
    expect(both.items.map((s) => [s.id, s.viewer_role])).toEqual([
      [s2.id, 'host'],
      [s1.id, 'host'],
    ]);
    expect((await request('/api/stays?role=all', { as: guest })).status).toBe(403);
    const all = await restPageOf<StayView>(await request('/api/stays?role=all&limit=100', { as: await roles.admin() }));
    expect(all.items.some((s) => s.id === s2.id && s.viewer_role === 'admin')).toBe(true);
    expect((await request('/api/stays', { as: null })).status).toBe(401);
  });
});

describe('nights hosted this year', () => {
  it('counts the accepted nights falling in this calendar year against the one-month minimum', async () => {
    const host = await roles.travelHost();
    const home = await createHome(host);
    const guest = await roles.standard();
    const stay = await newStay(guest, home.id, day(12), day(20));
    await newStay(guest, home.id, day(30), day(33)); // pending: not counted
    await patchStay(host, stay.id, 'accepted');
    const year = new Date().getUTCFullYear();
    const clamp = (d: string) => (d > `${year + 1}-01-01` ? `${year + 1}-01-01` : d);
    const expected = Math.max(0, Math.round((Date.parse(clamp(day(20))) - Date.parse(clamp(day(12)))) / 86_400_000));
    const res = await trpc('homes.hostingSummary', undefined, { as: host, type: 'query' });
    const summary = (await res.json<{ result: { data: HostingSummary } }>()).result.data;
    expect(summary).toEqual({ year, nightsHosted: expected, minimum: 30 });
  });
});

describe('the past is the past (issue 46, point 13)', () => {
  it('a stay whose check-out day has come is past: no cancelling it (409), and the home lists dates from today', async () => {
    const host = await roles.travelHost();
    const guest = await roles.standard();
    const home = await createHome(host, { availability: [{ start: day(10), end: day(60) }] });
    const over = await newStay(guest, home.id, day(12), day(14));
    const current = await newStay(guest, home.id, day(20), day(24));
    expect((await patchStay(host, over.id, 'accepted')).status).toBe(200);
    expect((await patchStay(host, current.id, 'accepted')).status).toBe(200);
    // Time passes: the window and the first stay began in the past; the first stay is over, the
    // second still runs (its check-out is tomorrow).
    await env.DB.batch([
      env.DB.prepare('UPDATE home_availability SET start_date = ? WHERE home_id = ?').bind(day(-30), home.id),
      env.DB.prepare('UPDATE home_stays SET start_date = ?, end_date = ? WHERE id = ?').bind(day(-20), day(-18), over.id),
      env.DB.prepare('UPDATE home_stays SET start_date = ?, end_date = ? WHERE id = ?').bind(day(-2), day(1), current.id),
    ]);
    const stays = await (await request('/api/stays?role=guest&limit=100', { as: guest })).json<StayView[]>();
    const mine = (id: number) => stays.find((s) => s.id === id)!;
    expect(mine(over.id)).toMatchObject({ past: true, can_cancel: false });
    expect(mine(current.id)).toMatchObject({ past: false, can_cancel: true });
    const refused = await patchStay(guest, over.id, 'cancelled');
    expect(refused.status).toBe(409);
    expect((await refused.json<{ error: string }>()).error).toBe('This stay is over.');
    expect((await patchStay(host, over.id, 'cancelled')).status).toBe(409);

    const page = await (await request(`/api/homes/${home.id}`, { as: guest })).json<HomeView>();
    // The open window starts today; the stay that is over is not listed, the running one from today.
    expect(page.availability).toEqual([{ start: day(0), end: day(60) }]);
    expect(page.booked).toEqual([{ start: day(0), end: day(1) }]);
  });

  it('a pending request whose check-in day passed cannot be accepted, and the flag says so', async () => {
    const host = await roles.travelHost();
    const home = await createHome(host);
    const stay = await newStay(await roles.standard(), home.id, day(12), day(14));
    await env.DB.prepare('UPDATE home_stays SET start_date = ?, end_date = ? WHERE id = ?').bind(day(-1), day(3), stay.id).run();
    const seen = await (await request('/api/stays?role=host&limit=100', { as: host })).json<StayView[]>();
    expect(seen.find((s) => s.id === stay.id)).toMatchObject({ can_accept: false, can_decline: true, past: false });
    expect((await patchStay(host, stay.id, 'accepted')).status).toBe(400);
  });
});
