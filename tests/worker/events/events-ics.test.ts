import { describe, expect, it } from 'vitest';
import { buildIcs, escapeIcsText, foldIcsLine, icsUtc, offsetChanges, type IcsEvent } from '../../../src/worker/modules/events/ics';
import { request, roles, trpc, userRow } from '../helpers';
import { createEventAs, type Json } from './events-helpers';

const base: IcsEvent = {
  id: 7,
  slug: 'tea',
  title: 'Tea, Cake; and \\ Chat',
  description: 'Line one\nLine two',
  note: null,
  startsAt: Date.UTC(2031, 0, 15, 8, 0),
  endsAt: Date.UTC(2031, 0, 15, 10, 30),
  timeZone: 'Europe/Paris',
  isPhysical: true,
  location: '12 Rue de Bretagne',
  zipCode: '75003',
  city: 'Paris',
  state: null,
  country: 'France',
  virtualLink: null,
  updatedAt: Date.UTC(2030, 0, 1),
};

describe('ics', () => {
  it('escapes commas, semicolons, backslashes and newlines', () => {
    expect(escapeIcsText('a,b;c\\d\ne\r\nf')).toBe('a\\,b\\;c\\\\d\\ne\\nf');
  });

  it('folds lines at 75 octets without splitting a UTF-8 character', () => {
    const long = `SUMMARY:${'é'.repeat(80)}`;
    const folded = foldIcsLine(long);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(new TextEncoder().encode(l).length).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(lines.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(long);
    expect(foldIcsLine('SHORT:x')).toBe('SHORT:x');
  });

  it("writes the event's wall time in its zone, CRLF endings and the escaped fields", () => {
    const ics = buildIcs([base], { origin: 'https://club.example', now: Date.UTC(2030, 5, 1) });
    const unfolded = ics.replace(/\r\n /g, '');
    expect(icsUtc(base.startsAt)).toBe('20310115T080000Z');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.split('\r\n').every((l) => !l.includes('\n'))).toBe(true);
    expect(ics).toContain('DTSTART;TZID=Europe/Paris:20310115T090000');
    expect(ics).toContain('DTEND;TZID=Europe/Paris:20310115T113000');
    expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Paris\r\n');
    expect(ics).toContain('DTSTAMP:20300601T000000Z');
    expect(ics).toContain('UID:event-7@club.example');
    expect(ics).toContain('SUMMARY:Tea\\, Cake\\; and \\\\ Chat');
    // The description starts with when, in words, from the shared formatter.
    expect(unfolded).toContain('DESCRIPTION:Jan 15\\, 2031\\, 9:00 AM - 11:30 AM CET (Europe/Paris)\\n\\nLine one\\nLine two');
    expect(ics).toContain('LOCATION:12 Rue de Bretagne\\, Paris\\, 75003\\, France');
    expect(ics).toContain('URL:https://club.example/events/7');
    expect(ics).toContain('X-WR-TIMEZONE:Europe/Paris');
  });

  it('writes one VTIMEZONE per zone with the changes of clocks the events span', () => {
    const summer = { ...base, id: 8, startsAt: Date.UTC(2031, 6, 10, 17, 0), endsAt: Date.UTC(2031, 6, 10, 19, 0) };
    const kolkata = {
      ...base,
      id: 9,
      timeZone: 'Asia/Kolkata',
      startsAt: Date.UTC(2031, 1, 1, 13, 30),
      endsAt: Date.UTC(2031, 1, 1, 15, 0),
    };
    const utc = { ...base, id: 10, timeZone: 'UTC' };
    const ics = buildIcs([base, summer, kolkata, utc], { origin: 'https://club.example', now: 0, name: 'Feed' });
    const blocks = ics
      .split('BEGIN:VTIMEZONE\r\n')
      .slice(1)
      .map((b) => b.slice(0, b.indexOf('END:VTIMEZONE')));
    expect(blocks.map((b) => b.split('\r\n')[0])).toEqual(['TZID:Europe/Paris', 'TZID:Asia/Kolkata']);
    const paris = blocks[0]!;
    // In force on 14 January (the span starts a day early), then the last Sunday of March at 02:00
    // CET, then the last Sunday of October at 03:00 CEST.
    expect(paris).toContain('BEGIN:STANDARD\r\nDTSTART:20310114T090000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0100\r\nTZNAME:CET\r\n');
    expect(paris).toContain('BEGIN:DAYLIGHT\r\nDTSTART:20310330T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\nTZNAME:CEST\r\n');
    expect(paris).not.toContain('20311026');
    expect(blocks[1]).toContain('TZOFFSETTO:+0530');
    expect(blocks[1]!.match(/BEGIN:(STANDARD|DAYLIGHT)/g)).toEqual(['BEGIN:STANDARD']);
    expect(ics).toContain('DTSTART;TZID=Europe/Paris:20310710T190000');
    expect(ics).toContain('DTSTART;TZID=Asia/Kolkata:20310201T190000');
    // A UTC event is a UTC instant, without a VTIMEZONE.
    expect(ics).toContain('DTSTART:20310115T080000Z');
  });

  it('finds the changes of clocks to the minute', () => {
    expect(offsetChanges('America/New_York', Date.UTC(2031, 0, 1), Date.UTC(2032, 0, 1))).toEqual([
      { at: Date.UTC(2031, 2, 9, 7, 0), before: -5 * 3600_000, after: -4 * 3600_000 },
      { at: Date.UTC(2031, 10, 2, 6, 0), before: -4 * 3600_000, after: -5 * 3600_000 },
    ]);
    expect(offsetChanges('Asia/Kolkata', Date.UTC(2031, 0, 1), Date.UTC(2032, 0, 1))).toEqual([]);
  });

  it('uses the link as the location of a virtual event', () => {
    const ics = buildIcs(
      [{ ...base, isPhysical: false, location: null, city: null, country: null, zipCode: null, virtualLink: 'https://meet.example.com/x' }],
      { origin: 'https://club.example', now: 0 },
    );
    expect(ics).toContain('LOCATION:https://meet.example.com/x');
  });
});

describe('GET /api/events/:id/ics', () => {
  it('downloads the event as a calendar file in its time zone', async () => {
    const u = await roles.founding();
    const e = await createEventAs(u, {
      event_date: '2031-07-04',
      start_time: '19:00',
      end_time: '22:00',
      time_zone: 'America/Los_Angeles',
    });
    const viewer = await roles.standard();
    const res = await request(`/api/events/${e.id}/ics`, { as: viewer });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/calendar');
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="${e.slug}.ics"`);
    const body = await res.text();
    expect(body).toContain('DTSTART;TZID=America/Los_Angeles:20310704T190000');
    expect(body).toContain('DTEND;TZID=America/Los_Angeles:20310704T220000');
    expect(body).toContain('TZNAME:PDT');
    expect((await request(`/api/events/${e.id}/ics`)).status).toBe(401);
    expect((await request('/api/events/99999999/ics', { as: viewer })).status).toBe(404);
  });
});

describe('private calendar feed', () => {
  it('serves the member’s joined and created events at a secret URL that can be regenerated', async () => {
    const m = await roles.founding();
    const mine = await createEventAs(m, { title: 'Created by me' });
    const other = await roles.founding();
    const joined = await createEventAs(other, { title: 'Joined by me' });
    const unrelated = await createEventAs(other, { title: 'Not mine' });
    await request(`/api/events/${joined.id}/join`, { method: 'POST', as: m });

    const none = await (await trpc('events.calendarFeed', undefined, { as: m, type: 'query' })).json<Json>();
    expect(none.result.data).toEqual({ url: null });
    const first = (await (await trpc('events.regenerateCalendarFeed', {}, { as: m })).json<Json>()).result.data.url as string;
    expect(first).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:8787/calendar-feed/${m.id}\\.[A-Za-z0-9_-]{43}\\.ics$`));
    // Settings shows the same URL again (it is derived, not stored).
    expect((await (await trpc('events.calendarFeed', undefined, { as: m, type: 'query' })).json<Json>()).result.data.url).toBe(first);
    const path = new URL(first).pathname;
    const res = await request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/calendar');
    const body = await res.text();
    expect(body).toContain('X-WR-CALNAME:Outstanding Women Outside Work');
    expect(body).toContain(`UID:event-${mine.id}@`);
    expect(body).toContain(`UID:event-${joined.id}@`);
    expect(body).not.toContain(`UID:event-${unrelated.id}@`);

    const second = (await (await trpc('events.regenerateCalendarFeed', {}, { as: m })).json<Json>()).result.data.url as string;
    expect(second).not.toBe(first);
    expect((await request(path)).status).toBe(404);
    expect((await request(new URL(second).pathname)).status).toBe(200);
    await trpc('events.disableCalendarFeed', {}, { as: m });
    expect((await request(new URL(second).pathname)).status).toBe(404);
    expect((await request('/calendar-feed/not-a-token.ics')).status).toBe(404);
  });

  it('keeps no usable feed URL in D1, binds it to its member, and never revives an old URL', async () => {
    const m = await roles.standard();
    const other = await roles.standard();
    const url = (await (await trpc('events.regenerateCalendarFeed', {}, { as: m })).json<Json>()).result.data.url as string;
    const file = new URL(url).pathname.split('/').pop()!;
    const mac = file.replace(/\.ics$/, '').split('.')[1]!;
    // The row holds only a nonce: neither the URL's secret part nor the URL is in it.
    const row = await userRow(m.id);
    expect(row!.calendarFeedNonce).toBeTruthy();
    expect(JSON.stringify(row)).not.toContain(mac);
    // The MAC covers the member id: the same secret under another member's id opens nothing.
    await trpc('events.regenerateCalendarFeed', {}, { as: other });
    expect((await request(`/calendar-feed/${other.id}.${mac}.ics`)).status).toBe(404);
    expect((await request(`/calendar-feed/${file}`)).status).toBe(200);
    // Disabled, then turned on again: a new URL, and the old one stays dead.
    await trpc('events.disableCalendarFeed', {}, { as: m });
    expect((await userRow(m.id))!.calendarFeedNonce).toBeNull();
    const again = (await (await trpc('events.regenerateCalendarFeed', {}, { as: m })).json<Json>()).result.data.url as string;
    expect(again).not.toBe(url);
    expect((await request(`/calendar-feed/${file}`)).status).toBe(404);
    expect((await request(new URL(again).pathname)).status).toBe(200);
  });
});
