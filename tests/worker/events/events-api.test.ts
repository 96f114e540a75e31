import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayInZone } from '../../../src/shared/date-format';
import { auditLog } from '../../../src/worker/db/schema/membership';
import { events } from '../../../src/worker/db/schema/events';
import { getEvent, listEvents } from '../../../src/worker/modules/events/events';
import { actorOf, createUser, deps, request, roles, trpc, unique } from '../helpers';
import { countingDeps } from '../../../src/worker/platform/d1-round-trips';
import { createEventAs, eventPayload, type Json } from './events-helpers';

describe('POST /api/events', () => {
  it('applies the SPEC 5 defaults to an empty form', async () => {
    const u = await roles.founding();
    const res = await request('/api/events', { as: u, body: {} });
    expect(res.status).toBe(201);
    const body = await res.json<Json>();
    expect(body.id).toBeTypeOf('number');
    expect(body.event).toMatchObject({
      title: 'New Event',
      type: 'entertainment',
      exclusivity: 'open',
      description: 'Default description',
      event_date: todayInZone(Date.now(), 'UTC'),
      start_time: '16:00',
      end_time: '21:00',
      location: 'Unset',
      color: '#d3d3d3',
      is_physical: true,
      virtual_link: null,
      time_zone: 'UTC',
      created_by: u.id,
    });
  });

  it('treats empty strings and the none type placeholder as empty', async () => {
    const u = await roles.travelHost();
    const res = await request('/api/events', {
      as: u,
      body: {
        title: '  ',
        type: 'none',
        exclusivity: '',
        description: '',
        event_date: '',
        start_time: '',
        end_time: '',
        color: '',
        location: '',
      },
    });
    expect(res.status).toBe(201);
    expect((await res.json<Json>()).event).toMatchObject({
      title: 'New Event',
      type: 'entertainment',
      start_time: '16:00',
      location: 'Unset',
    });
  });

  it('stores a physical event without a link and a virtual one without an address', async () => {
    const u = await roles.founding();
    const physical = await createEventAs(u, { is_physical: true, virtual_link: 'https://meet.example.com/x' });
    expect(physical).toMatchObject({ is_physical: true, virtual_link: null, city: 'Paris', country: 'France' });
    const virtual = await createEventAs(u, { is_physical: false, virtual_link: 'https://meet.example.com/x' });
    expect(virtual).toMatchObject({
      is_physical: false,
      virtual_link: 'https://meet.example.com/x',
      location: null,
      zip_code: null,
      city: null,
      state: null,
      country: null,
    });
  });

  it('computes UTC instants from the local date, time and IANA zone', async () => {
    const u = await roles.founding();
    const e = await createEventAs(u, { event_date: '2031-07-01', start_time: '16:00', end_time: '21:30', time_zone: 'America/New_York' });
    expect(e.starts_at).toBe('2031-07-01T20:00:00.000Z');
    expect(e.ends_at).toBe('2031-07-02T01:30:00.000Z');
    const winter = await createEventAs(u, { event_date: '2031-01-15', start_time: '09:00', end_time: '10:00', time_zone: 'Europe/Paris' });
    expect(winter.starts_at).toBe('2031-01-15T08:00:00.000Z');
  });

  it('lets a multi-day event end earlier in the day when an end date is given', async () => {
    const u = await roles.founding();
    const e = await createEventAs(u, {
      event_date: '2031-03-01',
      end_date: '2031-03-05',
      start_time: '10:00',
      end_time: '09:00',
      time_zone: 'UTC',
    });
    expect(e).toMatchObject({ end_date: '2031-03-05', ends_at: '2031-03-05T09:00:00.000Z' });
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['a time not in HH:MM', { start_time: '7pm' }, 'start_time', 'Start time must be in HH:MM format.'],
    ['an hour past 23', { end_time: '24:00' }, 'end_time', 'End time must be in HH:MM format.'],
    ['an impossible date', { event_date: '2031-02-30' }, 'event_date', 'Date must be a valid date (yyyy-mm-dd).'],
    [
      'an end before the start on one day',
      { start_time: '20:00', end_time: '19:00' },
      'end_time',
      'End time must be after the start time (or give an end date).',
    ],
    [
      'an end date before the date',
      { event_date: '2031-05-14', end_date: '2031-05-13' },
      'end_date',
      'The end date cannot be before the start date.',
    ],
    ['a colour that is not #rrggbb', { color: 'red' }, 'color', 'Colour must be a hex value such as #d3d3d3.'],
    [
      'a javascript: link',
      { is_physical: false, virtual_link: 'javascript:alert(1)' },
      'virtual_link',
      'The link must start with http:// or https://.',
    ],
    ['a title over 120 characters', { title: 'x'.repeat(121) }, 'title', 'Title must be at most 120 characters.'],
    ['an unknown time zone', { time_zone: 'Mars/Olympus' }, 'time_zone', 'Choose a time zone from the list.'],
    ['an unknown country', { country: 'Atlantis' }, 'country', 'Choose a country from the list.'],
    ['a US state not in the list', { country: 'United States', state: 'Paris' }, 'state', 'Choose a US state from the list.'],
    ['an unknown event type', { type: 'rodeo' }, 'type', 'Choose an event type from the list.'],
  ];
  for (const [what, fields, field, message] of invalid) {
    it(`refuses ${what} with a clear message`, async () => {
      const u = await roles.founding();
      const res = await request('/api/events', { as: u, body: eventPayload(fields) });
      expect(res.status).toBe(400);
      const body = await res.json<Json>();
      expect(body.fieldErrors[field]).toContain(message);
    });
  }

  it('gives every event a unique slug from its title, kept when the title changes', async () => {
    const u = await roles.founding();
    const title = `Garden Party ${unique('s')}`;
    const a = await createEventAs(u, { title });
    const b = await createEventAs(u, { title });
    const c = await createEventAs(u, { title: `${title}!` });
    expect(b.slug).toBe(`${a.slug}-2`);
    expect(c.slug).toBe(`${a.slug}-3`);
    const put = await request(`/api/events/${a.id}`, { method: 'PUT', as: u, body: { title: 'Something else entirely' } });
    expect(put.status).toBe(200);
    expect(await put.json<Json>()).toMatchObject({ title: 'Something else entirely', slug: a.slug });
    const bySlug = await request(`/api/events/${b.slug}`, { as: u });
    expect(bySlug.status).toBe(200);
    expect((await bySlug.json<Json>()).id).toBe(b.id);
  });
});

describe('authorization matrix', () => {
  const expectations = { visitor: 401, standard: 403, founding: 201, travelHost: 201, admin: 201 } as const;
  for (const [role, status] of Object.entries(expectations)) {
    it(`create: ${role} gets ${status} (REST and tRPC)`, async () => {
      const u = await roles[role as keyof typeof roles]();
      expect((await request('/api/events', { as: u, body: eventPayload() })).status).toBe(status);
      const t = await trpc('events.create', eventPayload(), { as: u });
      expect(t.status).toBe(status === 201 ? 200 : status);
    });
  }

  it('edit and delete: creator and admin yes; other members 403; visitor 401', async () => {
    const creator = await roles.founding();
    const e = await createEventAs(creator);
    for (const other of [await roles.founding(), await roles.standard(), await roles.travelHost()]) {
      expect((await request(`/api/events/${e.id}`, { method: 'PUT', as: other, body: { title: 'Hijack' } })).status).toBe(403);
      expect((await request(`/api/events/${e.id}`, { method: 'DELETE', as: other })).status).toBe(403);
      expect((await trpc('events.update', { id: e.id, title: 'Hijack' }, { as: other })).status).toBe(403);
      expect((await trpc('events.delete', { id: e.id }, { as: other })).status).toBe(403);
      expect((await trpc('events.announce', { eventId: e.id, subject: 'Hi', body: 'Hello' }, { as: other })).status).toBe(403);
    }
    expect((await request(`/api/events/${e.id}`, { method: 'PUT', body: { title: 'Hijack' } })).status).toBe(401);
    expect((await request(`/api/events/${e.id}`, { method: 'DELETE' })).status).toBe(401);
    const own = await request(`/api/events/${e.id}`, { method: 'PUT', as: creator, body: { title: 'Renamed by creator' } });
    expect(own.status).toBe(200);
    const admin = await roles.admin();
    const byAdmin = await request(`/api/events/${e.id}`, { method: 'PUT', as: admin, body: { title: 'Renamed by admin' } });
    expect(byAdmin.status).toBe(200);
    const audit = await deps()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(e.id)));
    expect(audit.map((a) => a.action)).toContain('event.update');
    expect((await request(`/api/events/${e.id}`, { method: 'DELETE', as: admin })).status).toBe(200);
    expect((await request(`/api/events/${e.id}`, { as: creator })).status).toBe(404);
  });

  it('every events read and write needs a signed-in member', async () => {
    const u = await roles.founding();
    const e = await createEventAs(u);
    const paths: [string, string, unknown?][] = [
      ['GET', '/api/events'],
      ['GET', `/api/events/${e.id}`],
      ['POST', `/api/events/${e.id}/join`],
      ['DELETE', `/api/events/${e.id}/leave`],
      ['POST', '/api/events/invite', { eventId: e.id, userIds: [u.id] }],
      ['POST', '/api/events/send-confirmation', { eventId: e.id }],
      ['GET', `/api/events/${e.id}/ics`],
      ['GET', `/api/events/invite/${'x'.repeat(43)}`],
    ];
    for (const [method, path, body] of paths) {
      const res = await request(path, { method, body });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    for (const p of ['events.list', 'events.mySchedule', 'events.calendarFeed']) {
      expect((await trpc(p, undefined, { type: 'query' })).status).toBe(401);
    }
    expect((await trpc('events.byId', { ref: e.id }, { type: 'query' })).status).toBe(401);
    expect((await trpc('events.join', { id: e.id })).status).toBe(401);
  });

  it('a member who must change the password is refused', async () => {
    const u = await createUser({ type: 'Founding', mustChangePassword: true });
    expect((await request('/api/events', { as: u })).status).toBe(403);
  });
});

describe('GET /api/events', () => {
  it('lists upcoming events soonest first, then past ones apart, with the participants counted', async () => {
    const u = await roles.founding();
    const tag = unique('list');
    const later = await createEventAs(u, { title: `${tag} later`, event_date: '2033-01-02' });
    const sooner = await createEventAs(u, { title: `${tag} sooner`, event_date: '2033-01-01' });
    const past = await createEventAs(u, { title: `${tag} past`, event_date: '2020-01-01' });
    await request(`/api/events/${sooner.id}/join`, { method: 'POST', as: u });
    const res = await request(`/api/events?search=${encodeURIComponent(tag.toUpperCase())}`, { as: u });
    expect(res.status).toBe(200);
    const list = await res.json<Json[]>();
    expect(list.map((e) => e.id)).toEqual([sooner.id, later.id, past.id]);
    expect(list.map((e) => e.is_past)).toEqual([false, false, true]);
    // A list counts the participants; their names are on the event page.
    expect(list[0]).toMatchObject({
      participant_count: 1,
      viewer: { joined: true },
      participants: [],
      event_date: '2033-01-01',
      creator_name: u.name,
    });
    expect(list[1]).toMatchObject({ participant_count: 0, viewer: { joined: false }, participants: [] });
  });

  it('lists invite-only events for every member, marked', async () => {
    const host = await roles.travelHost();
    const e = await createEventAs(host, { exclusivity: 'invite-only' });
    const viewer = await roles.standard();
    const list = await (await request(`/api/events?search=${encodeURIComponent(e.title)}`, { as: viewer })).json<Json[]>();
    expect(list).toHaveLength(1);
    expect(list[0]!.exclusivity).toBe('invite-only');
  });

  it('costs one D1 round trip for the list and one for the event page', async () => {
    const u = await roles.founding();
    const others = await Promise.all([roles.standard(), roles.standard(), roles.travelHost()]);
    const created = [];
    for (let i = 0; i < 4; i++) created.push(await createEventAs(u));
    for (const o of others) for (const e of created) await request(`/api/events/${e.id}/join`, { method: 'POST', as: o });
    const list = countingDeps(deps());
    const all = await listEvents(list.deps, actorOf(u));
    expect(all.items.length).toBeGreaterThanOrEqual(4);
    expect(list.roundTrips()).toBe(1);
    const page = countingDeps(deps());
    const detail = await getEvent(page.deps, actorOf(u), created[0]!.slug);
    expect(detail.participant_count).toBe(3);
    expect(page.roundTrips()).toBe(1);
    // The REST answers show the same bound.
    const rest = await request('/api/events', { as: u });
    expect(rest.headers.get('Server-Timing')).toContain('d1;desc="D1 round trips: 1"');
    const one = await request(`/api/events/${created[1]!.id}`, { as: u });
    expect(one.headers.get('Server-Timing')).toContain('d1;desc="D1 round trips: 1"');
  });
});

describe('GET /api/events/:id', () => {
  it("answers 404 'Event not found' for a missing id or slug", async () => {
    const u = await roles.standard();
    for (const ref of ['99999999', 'no-such-event-here']) {
      const res = await request(`/api/events/${ref}`, { as: u });
      expect(res.status).toBe(404);
      expect((await res.json<Json>()).error).toBe('Event not found');
    }
  });
});

describe('PUT /api/events/:id', () => {
  it('keeps the old date and times when they are sent empty, and takes `date` (SPEC 7)', async () => {
    const u = await roles.founding();
    const e = await createEventAs(u, { event_date: '2031-09-09', start_time: '10:00', end_time: '11:00' });
    const res = await request(`/api/events/${e.id}`, {
      method: 'PUT',
      as: u,
      body: { date: '', start_time: '', end_time: '', title: 'Renamed', description: 'New words' },
    });
    expect(res.status).toBe(200);
    expect(await res.json<Json>()).toMatchObject({
      event_date: '2031-09-09',
      start_time: '10:00',
      end_time: '11:00',
      title: 'Renamed',
      description: 'New words',
    });
    const moved = await request(`/api/events/${e.id}`, { method: 'PUT', as: u, body: { date: '2031-10-10' } });
    expect(await moved.json<Json>()).toMatchObject({ event_date: '2031-10-10', start_time: '10:00' });
  });

  it('clears the address when switching to virtual, and the link when switching back', async () => {
    const u = await roles.founding();
    const e = await createEventAs(u);
    const virtual = await (
      await request(`/api/events/${e.id}`, {
        method: 'PUT',
        as: u,
        body: { is_physical: false, virtual_link: 'https://meet.example.com/a' },
      })
    ).json<Json>();
    expect(virtual).toMatchObject({
      is_physical: false,
      location: null,
      city: null,
      country: null,
      virtual_link: 'https://meet.example.com/a',
    });
    const physical = await (
      await request(`/api/events/${e.id}`, {
        method: 'PUT',
        as: u,
        body: { is_physical: true, location: '1 Main St', country: 'United States', state: 'Hawaii' },
      })
    ).json<Json>();
    expect(physical).toMatchObject({ is_physical: true, location: '1 Main St', state: 'Hawaii', virtual_link: null });
  });

  it('validates the merged values and recomputes the instants', async () => {
    const u = await roles.founding();
    const e = await createEventAs(u, { start_time: '10:00', end_time: '12:00', time_zone: 'UTC' });
    const bad = await request(`/api/events/${e.id}`, { method: 'PUT', as: u, body: { end_time: '09:00' } });
    expect(bad.status).toBe(400);
    const ok = await (await request(`/api/events/${e.id}`, { method: 'PUT', as: u, body: { time_zone: 'Asia/Tokyo' } })).json<Json>();
    expect(ok.starts_at).toBe('2031-05-14T01:00:00.000Z');
  });

  it('answers 404 for a missing event', async () => {
    const u = await roles.admin();
    expect((await request('/api/events/99999999', { method: 'PUT', as: u, body: { title: 'x' } })).status).toBe(404);
  });
});

describe('DELETE /api/events/:id', () => {
  it('deletes the event and its participants, and records it in the audit log', async () => {
    const u = await roles.founding();
    const e = await createEventAs(u);
    await request(`/api/events/${e.id}/join`, { method: 'POST', as: u });
    const res = await request(`/api/events/${e.id}`, { method: 'DELETE', as: u });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(await deps().db.select().from(events).where(eq(events.id, e.id))).toHaveLength(0);
    const { results } = await env.DB.prepare('SELECT count(*) AS n FROM event_participants WHERE event_id = ?')
      .bind(e.id)
      .all<{ n: number }>();
    expect(results[0]!.n).toBe(0);
    const audit = await deps()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(e.id)));
    expect(audit[0]).toMatchObject({ action: 'event.delete', actorId: u.id });
  });
});
