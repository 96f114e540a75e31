import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_ID, TIME_ZONE_COOKIE, type FirstScreen } from '../../../src/shared/first-screen';
import { createUser, deps, insertEvent, request, roles, unique, type TestUser } from '../helpers';
import { eventParticipants } from '../../../src/worker/db/schema/events';
import { joined, makeCircle, post } from '../circles/circles-helpers';

// Issue 27: a member's main page carries her first screen's answers in its HTML, exactly what her
// own tRPC queries would answer her, and nothing for anyone else.

const SCRIPT = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_ID}">([^<]*)</script>`);

/** Her browser's zone, as main.tsx tells it in the `tz` cookie: the Worker then renders her page too. */
const ZONE = 'Europe/London';

async function page(path: string, as?: TestUser | null, headers: Record<string, string> = {}) {
  const res = await request(path, { as: as ?? undefined, headers, contract: false });
  const html = await res.text();
  const json = SCRIPT.exec(html)?.[1];
  return { res, html, screen: json === undefined ? null : (JSON.parse(json) as FirstScreen), root: rootOf(html) };
}

/** Her page as her browser asks for it: with her session and her zone's cookie. */
const rendered = (path: string, as: TestUser, zone = ZONE) =>
  page(path, null, { Cookie: `${as.cookie}; ${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}` });

/**
 * What the page shows before any script runs: the HTML inside #root. A part of it that suspended
 * in the Worker's render would arrive as its fallback, marked `<!--$!-->` (the browser would render
 * it again and report an error): never.
 */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const root = start < 0 ? '' : html.slice(start, html.indexOf('<script', start) >>> 0);
  expect(root).not.toContain('<!--$!-->');
  return root;
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
    expect(screen?.auth).toMatchObject({ authenticated: true, user: { user_id: founding.id, can: { create_event: true, admin: false } } });
    expect(eventsIn(screen, 'upcoming').map((e) => e.title)).toContain(title);
    expect(screen?.queries.filter((q) => q.path === 'events.list')).toHaveLength(2);
    // Without her zone the browser renders her page from the data: no pending 'No Access'.
    expect(html).toContain('<main id="main" tabindex="-1"></main>');
    expect(screen?.rendered).toBeUndefined();
    expect(html).not.toContain('href="/auth-status"');
    // Her scripts paint this page: the boot script asks for them at once (src/shared/boot-script.ts).
    expect(html).toMatch(/<script id="boot" data-scripts="[^"]+" data-now="">/);
    // The session check and the two lists: counted, and reported.
    expect(res.headers.get('Server-Timing')).toMatch(/D1 round trips: \d+/);
  });

  it('arrives rendered in her zone: her events on screen before any script, the page hydrated from the same answers', async () => {
    const founding = await roles.founding();
    const title = unique('Ink & wash ');
    await insertEvent({ title, createdBy: founding.id });
    const { res, screen, root, html } = await rendered('/calendar', founding);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(screen?.rendered).toEqual({ timeZone: ZONE, at: expect.any(Number) });
    expect(root).toContain(title.replace('&', '&amp;'));
    expect(root).toContain('<h1>Events</h1>');
    expect(root).not.toContain('No Access');
    // The HTML paints her page; the scripts, which only hydrate it, are asked for once it has painted.
    expect(html).toMatch(/<script id="boot" data-scripts="\/assets\/index-[\w-]+\.js [^"]+">/);
    expect(html).not.toContain('data-now');
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('href="/auth-status"');
    expect(root).toMatch(new RegExp(`Logged in as <span class="member-name"><a [^>]*>${founding.name}</a>`));
    // Her capability, read from her DTO: a Founding member may create events.
    expect(root).toContain('>Create Event</button>');
    expect(eventsIn(screen, 'upcoming').map((e) => e.title)).toContain(title);
  });

  it('costs one D1 round trip in all once her session is known: its check and every read of the page in one batch', async () => {
    const u = await roles.standard();
    await insertEvent({ title: unique('One trip ') });
    // The first page of the isolate resolves her session on its own; from then on it rides along.
    await rendered('/calendar', u);
    for (const path of ['/calendar', '/gallery', '/homes', '/members', '/notifications', '/settings']) {
      const { res, screen } = await rendered(path, u);
      expect(screen?.rendered, path).toBeDefined();
      expect(res.headers.get('Server-Timing'), path).toContain('D1 round trips in all: 1"');
    }
  });

  it('is not rendered for a zone that is not one: the data alone, as without the cookie', async () => {
    const u = await roles.standard();
    const { screen, html } = await rendered('/calendar', u, 'Mars/Olympus_Mons');
    expect(screen?.auth.authenticated).toBe(true);
    expect(screen?.rendered).toBeUndefined();
    expect(html).toContain('<main id="main" tabindex="-1"></main>');
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
    const seen = await rendered('/calendar', viewer);
    expect(seen.root).toContain(title);
    const listed = eventsIn(seen.screen, 'upcoming').find((e) => e.title === title);
    // Listed for every member (DECISIONS: invite-only events are listed), without the details.
    expect(listed).toMatchObject({ location: null, virtual_link: null, viewer: { can_see_details: false } });
    expect(seen.html).not.toContain(hidden);
    expect(seen.html).not.toContain('secret-room');
    // Her own answer is her creator's view: the details are there.
    const own = await rendered('/calendar', host);
    expect(own.root).toContain(hidden);
    expect(eventsIn(own.screen, 'upcoming').find((e) => e.title === title)).toMatchObject({ location: hidden });
  });

  it('cannot be closed early by a title: the JSON escapes "<"', async () => {
    const u = await roles.standard();
    const title = `</script><script>alert(1)</script> ${unique()}`;
    await insertEvent({ title });
    const { html, screen, root } = await rendered('/calendar', u);
    expect(html).not.toContain('<script>alert(1)</script>');
    // The rendered page holds it as text.
    expect(root).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html.match(/<\/script>/g)?.length).toBe(html.match(/<script[\s>]/g)?.length);
    expect(eventsIn(screen, 'upcoming').map((e) => e.title)).toContain(title);
  });

  it('gives a visitor, or a session that ended, the plain shell', async () => {
    const visitor = await page('/calendar', null, { Cookie: `${TIME_ZONE_COOKIE}=UTC` });
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
  it('/gallery, /homes, /members, /notifications and /settings carry their first screens, rendered; other pages carry none', async () => {
    const u = await roles.standard();
    const gallery = await rendered('/gallery', u);
    expect(gallery.root).toContain('Image Gallery');
    expect(gallery.screen?.queries.map((q) => q.path).sort()).toEqual(['images.eventOptions', 'images.list']);
    const homes = await rendered('/homes', u);
    expect(homes.root).toMatch(/<h1>Homes<\/h1>/);
    expect(homes.screen?.queries.map((q) => q.path)).toEqual(['homes.list']);
    expect(homes.screen?.queries[0]?.data).toMatchObject({ items: expect.any(Array) });
    const settings = await rendered('/settings', u);
    expect(settings.screen?.queries.find((q) => q.path === 'auth.details')?.data).toMatchObject({ email: u.email, name: u.name });
    expect(settings.root).toContain('<h1>Settings</h1>');
    const members = await rendered('/members', u);
    expect(members.screen?.queries.map((q) => q.path)).toEqual(['members.list', 'circles.list']);
    expect(members.root).toContain(u.name);
    const notifications = await rendered('/notifications', u);
    expect(notifications.screen?.queries.map((q) => q.path).sort()).toEqual([
      'notifications.list',
      'notifications.settings',
      'notifications.unreadCount',
    ]);
    expect(notifications.root).toContain('<h1>Notifications</h1>');
    const about = await rendered('/about', u);
    expect(about.screen).toBeNull();
  });

  it('a member\'s /home (and /) is her "Your club", rendered with her next events; a visitor\'s stays the hero (issue 46)', async () => {
    const u = await createUser();
    const mine = await insertEvent({ title: unique('Salon '), startsAt: Date.now() + 86_400_000, endsAt: Date.now() + 90_000_000 });
    await deps().db.insert(eventParticipants).values({ eventId: mine.id, userId: u.id });
    for (const path of ['/home', '/']) {
      const home = await rendered(path, u);
      expect(home.screen?.queries.map((q) => q.path)).toEqual(['club.yourClub']);
      expect(home.root).toContain('<h1 id="your-club-heading">Your club</h1>');
      expect(home.root).toContain(mine.title);
      expect(home.root).toContain('Welcome to the club: your first steps');
      expect(home.root).not.toContain('This is your sanctuary.');
      // Her club's shell names its chunk and inlines its stylesheet: nothing of it fetched to paint.
      expect(home.html).toMatch(/data-scripts="[^"]*\/assets\/your-club-[\w-]+\.js/);
      expect(home.html).toMatch(/<link rel="stylesheet" type="text\/x-inlined" href="\/assets\/your-club-[\w-]+\.css"/);
    }
    const visitor = await page('/home', null);
    expect(visitor.screen).toBeNull();
    expect(visitor.root).toContain('This is your sanctuary.');
    expect(visitor.root).not.toContain('Your club');
    // A visitor's hero asks for none of a member's chunks.
    expect(visitor.html).not.toMatch(/your-club-[\w-]+\.(js|css)/);
  });

  it('a section of Settings is its own address: Settings rendered with its section list, that section named (issue 46)', async () => {
    const u = await roles.standard();
    const passkeys = await rendered('/settings/passkeys', u);
    expect(passkeys.res.status).toBe(200);
    expect(passkeys.screen?.queries.map((q) => q.path)).toContain('auth.passkeys.list');
    expect(passkeys.root).toContain('<h1>Settings</h1>');
    expect(passkeys.root).toContain('aria-label="Settings sections"');
    expect(passkeys.root).toContain('<a aria-current="location" href="/settings/passkeys">Passkeys</a>');
    expect(passkeys.root).toMatch(/data-section="passkeys" tabindex="-1"/);
    // A visitor gets Settings' shell (the app sends her to log in); a path that is no section, none of it.
    const visitor = await page('/settings/email', null);
    expect(visitor.res.status).toBe(200);
    expect(visitor.html).toContain('<title>Settings');
    expect(visitor.screen).toBeNull();
    expect((await rendered('/settings/nothing-here', u)).screen).toBeNull();
  });

  it('/circles and a circle’s page carry theirs, rendered, each in one D1 round trip (issue 39)', async () => {
    const admin = await roles.admin();
    const u = await roles.standard();
    const circle = await makeCircle(admin, { name: `Ikebana ${unique()}` });
    await joined(circle, u);
    await post(circle, u, 'Spring branches');
    await rendered('/calendar', u);
    const list = await rendered('/circles', u);
    expect(list.screen?.queries.map((q) => q.path)).toEqual(['circles.list']);
    expect(list.root).toContain(circle.name);
    expect(list.res.headers.get('Server-Timing')).toContain('D1 round trips in all: 1"');
    const page = await rendered(`/circles/${circle.slug}`, u);
    expect(page.screen?.queries.map((q) => q.path)).toEqual(['circles.get', 'circles.posts']);
    expect(page.root).toContain(`<h1>${circle.name}</h1>`);
    expect(page.root).toContain('Spring branches');
    expect(page.res.headers.get('Server-Timing')).toContain('D1 round trips in all: 1"');
    expect(JSON.stringify(page.screen).length).toBeLessThan(64 * 1024);
    // An unknown circle: the page asks itself and says so.
    const missing = await rendered('/circles/no-such-circle', u);
    expect(missing.screen?.queries).toEqual([]);
  });
});
