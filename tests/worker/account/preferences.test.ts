import { describe, expect, it } from 'vitest';
import { bestLanguage } from '../../../src/shared/preferences';
import { TIME_ZONE_COOKIE } from '../../../src/shared/first-screen';
import { cookieFrom, createUser, insertEvent, request, trpc, unique, userRow, type TestUser } from '../helpers';

// Issue 41: her language and appearance, kept with her account, mirrored on the device, and every
// page sent in them before any script runs.

const prefsOf = async (u: TestUser, headers: Record<string, string> = {}) => (await request('/api/preferences', { as: u, headers })).json();
const put = (u: TestUser, body: unknown) => request('/api/preferences', { method: 'PUT', as: u, body });

/** The `<html …>` start tag of a page, as the browser receives it. */
async function htmlTag(path: string, headers: Record<string, string>): Promise<{ tag: string; res: Response }> {
  const res = await request(path, { headers, contract: false });
  const tag = /<html[^>]*>/.exec(await res.text())?.[0] ?? '';
  return { tag, res };
}

describe('GET and PUT /api/preferences', () => {
  it('answers her choices, any subset saves, the whole object comes back, and the device gets cookies', async () => {
    const u = await createUser();
    expect(await prefsOf(u)).toEqual({ language: 'en', theme: 'system' });
    // Until she chooses, her language is the request's.
    expect(await prefsOf(u, { 'Accept-Language': 'ja-JP,ja;q=0.9,en;q=0.5' })).toEqual({ language: 'ja', theme: 'system' });

    const res = await put(u, { theme: 'dark' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ language: 'en', theme: 'dark' });
    expect(cookieFrom(res, 'theme')).toBe('theme=dark');
    expect(cookieFrom(res, 'lang')).toBe('lang=en');
    expect((await userRow(u.id))?.language).toBeNull();

    expect(await (await put(u, { language: 'fr' })).json()).toEqual({ language: 'fr', theme: 'dark' });
    // Her own choice wins over the browser's.
    expect(await prefsOf(u, { 'Accept-Language': 'ja' })).toEqual({ language: 'fr', theme: 'dark' });
    expect(await (await put(u, {})).json()).toEqual({ language: 'fr', theme: 'dark' });

    // tRPC is the same service.
    expect((await trpc('account.updatePreferences', { language: 'ar', theme: 'light' }, { as: u })).status).toBe(200);
    expect(await prefsOf(u)).toEqual({ language: 'ar', theme: 'light' });
    expect(await (await trpc('account.preferences', undefined, { as: u, type: 'query' })).json()).toMatchObject({
      result: { data: { language: 'ar', theme: 'light' } },
    });
  });

  it('refuses another value with a 400 and changes nothing', async () => {
    const u = await createUser();
    await put(u, { language: 'fr', theme: 'dark' });
    for (const body of [
      { language: 'de' },
      { theme: 'sepia' },
      { language: 'es', theme: 'blue' },
      { language: 'es', extra: 1 },
      { theme: null },
    ]) {
      const res = await put(u, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    expect(await prefsOf(u)).toEqual({ language: 'fr', theme: 'dark' });
    const row = await userRow(u.id);
    expect([row?.language, row?.theme]).toEqual(['fr', 'dark']);
  });

  it('are hers only: a visitor is 401', async () => {
    expect((await request('/api/preferences')).status).toBe(401);
    expect((await request('/api/preferences', { method: 'PUT', body: { theme: 'dark' } })).status).toBe(401);
  });
});

describe("the request's language", () => {
  it("is the best match of Accept-Language's five, by weight, a region counting as its language", () => {
    expect(bestLanguage('fr-CA,en;q=0.8')).toBe('fr');
    expect(bestLanguage('de,es;q=0.4,ja;q=0.6')).toBe('ja');
    expect(bestLanguage('de, zh;q=0.9')).toBeNull();
    expect(bestLanguage('ar;q=0, en;q=0.1')).toBe('en');
    expect(bestLanguage('es;q=0.5, fr;q=0.5')).toBe('es');
    expect(bestLanguage('')).toBeNull();
  });

  it('is said by Content-Language on API answers: hers, else the cookie, else Accept-Language, else English', async () => {
    const u = await createUser();
    const lang = async (path: string, headers: Record<string, string>, as?: TestUser) =>
      (await request(path, { headers, as })).headers.get('Content-Language');
    expect(await lang('/api/events', { 'Accept-Language': 'es-MX' })).toBe('es');
    expect(await lang('/api/events', { 'Accept-Language': 'es-MX', Cookie: 'lang=ja' })).toBe('ja');
    expect(await lang('/api/events', {})).toBe('en');
    // An error's answer too.
    expect(await lang('/api/preferences', { 'Accept-Language': 'fr' })).toBe('fr');
    await put(u, { language: 'ar' });
    expect(await lang('/api/preferences', { 'Accept-Language': 'fr' }, u)).toBe('ar');
  });
});

describe('pages in her language and appearance', () => {
  it("a visitor's page follows the device's cookies, else Accept-Language and the system's light", async () => {
    // English in the system's light: the file as it was built.
    expect((await htmlTag('/about', {})).tag).toBe('<html lang="en">');
    const arabic = await htmlTag('/about', { 'Accept-Language': 'ar-EG,ar;q=0.9' });
    expect(arabic.tag).toContain('lang="ar"');
    expect(arabic.tag).toContain('dir="rtl"');
    expect(arabic.res.headers.get('Vary')).toMatch(/Cookie, Accept-Language/);
    const dark = await htmlTag('/', { Cookie: 'theme=dark; lang=fr', 'Accept-Language': 'ar' });
    expect(dark.tag).toContain('lang="fr"');
    expect(dark.tag).toContain('dir="ltr"');
    expect(dark.tag).toContain('data-theme="dark"');
    // The tests' pseudo-language, which a local Worker (this one) alone honours.
    expect((await htmlTag('/about', { Cookie: 'lang=en-XA' })).tag).toContain('lang="en-XA"');
    // The browser's bar and first canvas in her appearance only.
    const head = await (await request('/', { headers: { Cookie: 'theme=dark' }, contract: false })).text();
    expect(head).toContain('<meta name="color-scheme" content="dark" />');
    expect(head.match(/<meta name="theme-color"[^>]*>/g)).toEqual(['<meta name="theme-color" content="#171312" />']);
  });

  it("a visitor's page is built in her language: its texts, title and description are hers before any script runs", async () => {
    const french = await request('/about', { headers: { Cookie: 'lang=fr' }, contract: false });
    const html = await french.text();
    expect(html).toContain('<h1>À propos du club</h1>');
    expect(html).toContain('<title>À propos du club · Outstanding Women Outside Work</title>');
    expect(html).toContain('<meta name="description" content="Pourquoi le club existe, ce qu’il est (des cercles,');
    expect(html).not.toContain('About the club');
    // Her copy's own ETag, a 304 for it alone, and English's file as it was built.
    const etag = french.headers.get('ETag')!;
    expect(etag).toMatch(/-fr-system"$/);
    expect(french.headers.get('Vary')).toMatch(/Cookie, Accept-Language/);
    expect((await request('/about', { headers: { Cookie: 'lang=fr', 'If-None-Match': etag }, contract: false })).status).toBe(304);
    const english = await request('/about', { headers: { 'If-None-Match': etag.replace(/-fr-system"$/, '"') }, contract: false });
    expect(english.status).toBe(200);
    expect(await english.text()).toContain('<h1>About the club</h1>');
    // Her browser's Arabic, right to left.
    const arabic = await (
      await request('/membership', { headers: { 'Accept-Language': 'ar-EG,ar;q=0.9,en;q=0.5' }, contract: false })
    ).text();
    expect(/<html[^>]*>/.exec(arabic)?.[0]).toContain('dir="rtl"');
    expect(arabic).toContain('<h1>العضوية</h1>');
    expect(arabic).toContain('<meta name="description" content="العضوية بالدعوة فقط: فئات Flying وExecutive وHosting');
    // "/" is the home page's copy, and a member's page's shell too (her menu, before her session is known).
    expect(await (await request('/', { headers: { Cookie: 'lang=ja' }, contract: false })).text()).toContain('lang="ja"');
    const shell = await (await request('/calendar', { headers: { Cookie: 'lang=es' }, contract: false })).text();
    expect(shell).toContain('<title>Eventos · Outstanding Women Outside Work</title>');
  });

  it("a choice's page answers 304 only to a copy of the same choice", async () => {
    const first = await htmlTag('/about', { Cookie: 'theme=dark' });
    const etag = first.res.headers.get('ETag');
    expect(etag).toMatch(/-en-dark"$/);
    expect((await request('/about', { headers: { Cookie: 'theme=dark', 'If-None-Match': etag! }, contract: false })).status).toBe(304);
    const light = await request('/about', { headers: { Cookie: 'theme=light', 'If-None-Match': etag! }, contract: false });
    expect(light.status).toBe(200);
    expect(await light.text()).toContain('data-theme="light"');
  });

  it("a member's own page is in her account's choices, whatever the device says, and the device's cookies follow", async () => {
    const u = await createUser();
    await put(u, { language: 'fr', theme: 'dark' });
    const res = await request('/calendar', { headers: { Cookie: `${u.cookie}; theme=light; lang=es` }, contract: false });
    const tag = /<html[^>]*>/.exec(await res.text())?.[0] ?? '';
    expect(tag).toContain('lang="fr"');
    expect(tag).toContain('data-theme="dark"');
    expect(cookieFrom(res, 'theme')).toBe('theme=dark');
    expect(cookieFrom(res, 'lang')).toBe('lang=fr');
    // In step: nothing to set.
    const again = await request('/calendar', { headers: { Cookie: `${u.cookie}; theme=dark; lang=fr` }, contract: false });
    expect(again.headers.getSetCookie().filter((c) => /^(theme|lang)=/.test(c))).toEqual([]);
  });

  it('her page rendered in the Worker writes its dates in her language (Intl), as her browser will', async () => {
    const u = await createUser();
    await put(u, { language: 'fr' });
    const title = unique('Soirée ');
    // 2030-03-17 (the one event of that day in this file's club).
    await insertEvent({
      title,
      createdBy: u.id,
      eventDate: '2030-03-17',
      startsAt: Date.UTC(2030, 2, 17, 18),
      endsAt: Date.UTC(2030, 2, 17, 21),
    });
    const cookie = `${u.cookie}; ${TIME_ZONE_COOKIE}=Europe%2FParis`;
    const html = await (await request('/calendar', { headers: { Cookie: cookie }, contract: false })).text();
    expect(html).toContain(title);
    expect(html).toContain('17 mars 2030, 18:00 - 21:00 UTC');
    expect(html).not.toContain('Mar 17, 2030');
    // …and its texts (src/client/locales/fr.po): the header says who she is in French.
    expect(html).toContain('Connectée en tant que ');
    expect(html).not.toContain('Logged in as');
  });

  it('her Settings rendered in the Worker is in her language (the settings catalog loads before the render), each language named in its own', async () => {
    const u = await createUser();
    await put(u, { language: 'fr' });
    const cookie = `${u.cookie}; ${TIME_ZONE_COOKIE}=Europe%2FParis`;
    const html = await (await request('/settings/preferences', { headers: { Cookie: cookie }, contract: false })).text();
    expect(html).toContain('<h1>Paramètres</h1>');
    expect(html).toContain('Appareils connectés');
    expect(html).not.toContain('Signed-in devices');
    for (const name of ['English', 'Français', 'Español', '日本語', 'العربية']) expect(html).toContain(`>${name}</option>`);
  });

  it('the session tells the page her choices', async () => {
    const u = await createUser();
    await put(u, { theme: 'light' });
    const status = await (await request('/auth-status', { as: u })).json<{ user: { language: string | null; theme: string } }>();
    expect(status.user).toMatchObject({ language: null, theme: 'light' });
  });
});
