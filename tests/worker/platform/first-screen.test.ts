import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_ID, type FirstScreen } from '../../../src/shared/first-screen';
import { insertEvent, request, roles, unique, type TestUser } from '../helpers';

// Issue 27: a member's main page carries her first screen's answers in its HTML, exactly what her
// own tRPC queries would answer her, and nothing for anyone else.

const SCRIPT = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_ID}">([^<]*)</script>`);

async function page(path: string, as?: TestUser | null, headers: Record<string, string> = {}) {
  const res = await request(path, { as: as ?? undefined, headers, contract: false });
  const html = await res.text();
  const json = SCRIPT.exec(html)?.[1];
  return { res, html, screen: json === undefined ? null : (JSON.parse(json) as FirstScreen) };
}

interface ListedEvent {
  title: string;
  location: string | null;
  virtual_link: string | null;
  viewer: { can_see_details: boolean };
}

function eventsIn(screen: FirstScreen | null, when: 'upcoming' | 'past'): ListedEvent[] {
  const q = screen?.queries.find((a) => a.path === 'events.list' && a.input?.when === when);
  return (q?.data as { items: ListedEvent[] } | undefined)?.items ?? [];
}

describe("a member's /calendar", () => {
  it('holds her session, her capabilities and her first page of events, with the headers of a private answer', async () => {
    const founding = await roles.founding();
    const title = unique('Tea tasting ');
    await insertEvent({ title, createdBy: founding.id });
    const { res, html, screen } = await page('/calendar', founding);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(res.headers.get('Vary')).toMatch(/Cookie/);
    expect(res.headers.get('ETag')).toBeNull();
    expect(screen?.auth).toMatchObject({ authenticated: true, user: { user_id: founding.id, can: { createEvent: true, admin: false } } });
    expect(eventsIn(screen, 'upcoming').map((e) => e.title)).toContain(title);
    expect(screen?.queries.filter((q) => q.path === 'events.list')).toHaveLength(2);
    // Her page renders from the data: no pending 'No Access', no second request for the session.
    expect(html).toContain('<main id="main" tabindex="-1"></main>');
    expect(html).not.toContain('href="/auth-status"');
    expect(html).not.toContain('fetchpriority="low"');
    // The session check and the two lists: counted, and reported.
    expect(res.headers.get('Server-Timing')).toMatch(/D1 round trips: \d+/);
  });

  it("never carries the details of another member's invite-only event", async () => {
    const host = await roles.travelHost();
    const viewer = await roles.standard();
    const title = unique('Private supper ');
    const hidden = unique('7 Hidden Lane ');
    await insertEvent({
      title,
      exclusivity: 'invite-only',
      location: hidden,
      virtualLink: 'https://meet.example/secret-room',
      createdBy: host.id,
    });
    const seen = await page('/calendar', viewer);
    const listed = eventsIn(seen.screen, 'upcoming').find((e) => e.title === title);
    // Listed for every member (DECISIONS: invite-only events are listed), without the details.
    expect(listed).toMatchObject({ location: null, virtual_link: null, viewer: { can_see_details: false } });
    expect(seen.html).not.toContain(hidden);
    expect(seen.html).not.toContain('secret-room');
    // Her own answer is her creator's view: the details are there.
    const own = await page('/calendar', host);
    expect(eventsIn(own.screen, 'upcoming').find((e) => e.title === title)).toMatchObject({ location: hidden });
  });

  it('cannot be closed early by a title: the JSON escapes "<"', async () => {
    const u = await roles.standard();
    const title = `</script><script>alert(1)</script> ${unique()}`;
    await insertEvent({ title });
    const { html, screen } = await page('/calendar', u);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html.match(/<\/script>/g)?.length).toBe(html.match(/<script[\s>]/g)?.length);
    expect(eventsIn(screen, 'upcoming').map((e) => e.title)).toContain(title);
  });

  it('gives a visitor, or a session that ended, the plain shell', async () => {
    const visitor = await page('/calendar', null);
    expect(visitor.res.status).toBe(200);
    expect(visitor.screen).toBeNull();
    expect(visitor.html).toContain('No Access');
    expect(visitor.res.headers.get('Vary')).toMatch(/Cookie/);
    const ended = await page('/calendar', null, { Cookie: 'owow_session=not-a-live-session-token' });
    expect(ended.screen).toBeNull();
    expect(ended.html).toContain('No Access');
  });
});

describe("the other members' pages", () => {
  it('/gallery, /homes and /settings carry their first screens; other pages carry none', async () => {
    const u = await roles.standard();
    const gallery = await page('/gallery', u);
    expect(gallery.screen?.queries.map((q) => q.path).sort()).toEqual(['images.eventOptions', 'images.list']);
    const homes = await page('/homes', u);
    expect(homes.screen?.queries.map((q) => q.path)).toEqual(['homes.list']);
    expect(homes.screen?.queries[0]?.data).toMatchObject({ items: expect.any(Array) });
    const settings = await page('/settings', u);
    expect(settings.screen?.queries.find((q) => q.path === 'auth.details')?.data).toMatchObject({ email: u.email, name: u.name });
    const about = await page('/about', u);
    expect(about.screen).toBeNull();
  });
});
