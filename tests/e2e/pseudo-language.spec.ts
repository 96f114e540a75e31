// Issue 41: the pseudo-language walk. With the device's language cookie at en-XA (the tests'
// bracketed, accented English: "[Ćàĺēńďàŕ]"), every route of the route table (src/client/app.tsx)
// is opened as a visitor, a member and an admin, and every visible text node of the page must be
// in it, except what the members and admins wrote and proper names: the strings the page's data
// brought (its JSON answers and its first screen's), proper names the code writes, Intl's values
// (dates, times, countries: Intl has no pseudo-language), and what is marked translate="no" or
// data-user-content. A route added to the table and not here fails the visitor's test.
import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Request } from '@playwright/test';
import { CLUB_NAME } from '../../src/shared/constants';
import { FIRST_SCREEN_ID } from '../../src/shared/first-screen';
import { PSEUDO_LANGUAGE_TAG } from '../../src/shared/preferences';
import { loginAsAdmin, loginAsDemo, SEED } from './fixtures';

/**
 * Routes still being translated (issue 41), with why: their English is reported, not failed.
 * This list only shrinks: a route comes off it as soon as it passes (the test says which do).
 */
const STILL_ENGLISH: Record<string, string> = {};

/** A route's path as the route table writes it, and the path opened. */
type Route = [pattern: string, path: string];

/** What data brought: every string of a JSON value (a member's name, an event's title, a post). */
function stringsOf(value: unknown, into: Set<string>) {
  if (typeof value === 'string') into.add(value.trim());
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, into);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsOf(v, into);
}

/**
 * Proper names the code writes as they are: the club's, its membership tiers (SPEC 2) and the
 * places of its homes (the Activities page).
 */
const PROPER_NAMES = [
  CLUB_NAME,
  'Flying',
  'Executive',
  'Hosting',
  'New York',
  'Carmel',
  'Maui',
  'Hong Kong',
  'Thailand',
  'Beijing',
  'Tokyo',
];

/** The visible texts of the page that are neither pseudo-language nor content (run in the page). */
function englishTexts([firstScreenId, content, names]: [string, string[], string[]]): string[] {
  const known = new Set(content);
  const firstScreen = document.getElementById(firstScreenId)?.textContent;
  const add = (v: unknown): void => {
    if (typeof v === 'string') known.add(v.trim());
    else if (v && typeof v === 'object') Object.values(v).forEach(add);
  };
  if (firstScreen) add(JSON.parse(firstScreen));
  // Intl's values, English in the pseudo-language: dates, times and their zones, countries' names.
  const regions = new Intl.DisplayNames(['en'], { type: 'region' });
  for (let a = 65; a <= 90; a++) for (let b = 65; b <= 90; b++) known.add(regions.of(String.fromCharCode(a, b)) ?? '');
  const dateWords =
    /\b(Jan(uary)?|Feb(ruary)?|Mar(ch)?|Apr(il)?|May|June?|July?|Aug(ust)?|Sep(tember)?|Oct(ober)?|Nov(ember)?|Dec(ember)?|Mon|Tue|Wed|Thu|Fri|Sat|Sun|AM|PM|[A-Z]{1,4}T|UTC|GMT[+-]\d+)\b/g;
  const pseudo = /[[\]\u00c0-\u024f\u1e00-\u1eff]/;
  const found: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.textContent ?? '').trim();
    // Two Latin letters in a row and nothing of the pseudo-language: English, or content.
    if (!/[A-Za-z]{2}/.test(text) || pseudo.test(text)) continue;
    const parent = node.parentElement;
    if (!parent || parent.closest('script, style, noscript, template, time, [translate="no"], [data-user-content]')) continue;
    if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    if (!/[A-Za-z]{2}/.test(text.replace(dateWords, ''))) continue; // a date, a time
    if (/^[A-Z]{1,3}$/.test(text)) continue; // an avatar's initials
    if (known.has(text) || names.includes(text)) continue;
    // A part of what the data brought (a name inside a link, a description cut short with an ellipsis).
    const cut = text.replace(/(\.\.\.|…)$/, '');
    if ([...known].some((k) => k.length > 3 && (k.includes(cut) || cut.includes(k)))) continue;
    found.push(text);
  }
  return found;
}

/**
 * Opens each route in the pseudo-language and returns the English each shows, by route. The first
 * is loaded, the others reached as a member moves through the app (the router's history), so each
 * page's texts must come with its code. The strings of the JSON answers are collected as they
 * arrive (content, not texts).
 */
async function walk(page: Page, routes: Route[]): Promise<Map<string, string[]>> {
  await page.context().addCookies([{ name: 'lang', value: PSEUDO_LANGUAGE_TAG, url: new URL('/', page.url()).href }]);
  const content = new Set<string>();
  const pending = new Set<Request>();
  page.on('request', (req) => pending.add(req));
  page.on('requestfailed', (req) => pending.delete(req));
  page.on('requestfinished', (req) => pending.delete(req));
  page.on('response', async (res) => {
    if ((res.headers()['content-type'] ?? '').includes('application/json')) stringsOf(await res.json().catch(() => null), content);
  });
  const english = new Map<string, string[]>();
  for (const [index, [pattern, path]] of routes.entries()) {
    if (index === 0) await page.goto(path);
    else await page.evaluate((to) => history.pushState(null, '', to), path);
    await expect(page.locator('html')).toHaveAttribute('lang', PSEUDO_LANGUAGE_TAG);
    // Settled: no request for 300 ms, and nothing still loading or being checked.
    let calm = 0;
    await expect.poll(() => (calm = pending.size ? 0 : calm + 1), { intervals: [100] }).toBeGreaterThanOrEqual(3);
    await expect(page.locator('main .page-status', { hasText: /Loading|Ĺōàďĩńĝ|No Access|Ńō Àććēśś/ })).toHaveCount(0);
    const texts = await page.evaluate(englishTexts, [FIRST_SCREEN_ID, [...content], PROPER_NAMES] as [string, string[], string[]]);
    if (texts.length) english.set(pattern, [...new Set(texts)]);
  }
  return english;
}

/** Fails for English on a route not on STILL_ENGLISH; reports the rest, and the listed routes that now pass. */
function judge(routes: Route[], english: Map<string, string[]>) {
  const failing = [...english].filter(([pattern]) => !(pattern in STILL_ENGLISH));
  const stillEnglish = [...english].filter(([pattern]) => pattern in STILL_ENGLISH);
  const nowPassing = routes.map(([p]) => p).filter((p) => p in STILL_ENGLISH && !english.has(p));
  for (const [pattern, texts] of stillEnglish)
    test.info().annotations.push({ type: 'still English', description: `${pattern} (${STILL_ENGLISH[pattern]}): ${texts.join(' | ')}` });
  for (const pattern of nowPassing) test.info().annotations.push({ type: 'translated: take off STILL_ENGLISH', description: pattern });
  expect(Object.fromEntries(failing), 'visible English outside the pseudo-language (not content, not a proper name)').toEqual({});
}

/** The first id (or slug) of a list the API answers. */
async function first(page: Page, path: string, key = 'id'): Promise<string> {
  const res = await page.request.get(path);
  expect(res.ok(), path).toBe(true);
  const list = (await res.json()) as Record<string, unknown>[];
  expect(list.length, path).toBeGreaterThan(0);
  return String(list[0]![key]);
}

test('a visitor sees every public route in the pseudo-language', async ({ page }) => {
  // Every path of the route table is walked below (as its pattern, a section or sub-path wildcard dropped).
  const table = [...readFileSync('src/client/app.tsx', 'utf8').matchAll(/<Route path="([^"]+)"/g)].map((m) => m[1]!.replace(/\/\*\?$/, ''));
  const walked = [...readFileSync('tests/e2e/pseudo-language.spec.ts', 'utf8').matchAll(/^ {4}\['([^']+)', /gm)].map((m) => m[1]);
  expect(table.filter((p) => !walked.includes(p))).toEqual([]);
  await page.goto('/');
  const routes: Route[] = [
    ['/', '/'],
    ['/about', '/about'],
    ['/membership', '/membership'],
    ['/activities', '/activities'],
    ['/no-permission', '/no-permission'],
    ['/login', '/login'],
    ['/request', '/request'],
    ['/register/:token', '/register/no-such-token'],
    ['/forgot-password', '/forgot-password'],
    ['/reset-password/:token', '/reset-password/no-such-token'],
    ['(not found)', '/no-such-page'],
  ];
  judge(routes, await walk(page, routes));
});

test("a member sees every member's route in the pseudo-language", async ({ page }) => {
  await loginAsDemo(page, SEED.standard);
  const [home, member, conversation, event] = await Promise.all([
    first(page, '/api/homes'),
    first(page, '/api/members'),
    first(page, '/api/conversations'),
    first(page, '/api/events'),
  ]);
  const routes: Route[] = [
    ['/home', '/home'],
    ['/calendar', '/calendar'],
    ['/gallery', '/gallery'],
    ['/settings/:section?', '/settings'],
    ['/notifications', '/notifications'],
    ['/member-home', '/member-home'],
    ['/activities-member', '/activities-member'],
    ['/events/invite/:token', '/events/invite/no-such-token'],
    ['/homes', '/homes'],
    ['/homes/mine', '/homes/mine'],
    ['/homes/requests', '/homes/requests'],
    ['/homes/new', '/homes/new'],
    ['/homes/:id', `/homes/${home}`],
    ['/members', '/members'],
    ['/members/:id', `/members/${member}`],
    ['/messages', '/messages'],
    ['/messages/new', '/messages/new'],
    ['/messages/:id', `/messages/${conversation}`],
    ['/circles', '/circles'],
    ['/circles/:slug', '/circles/tea-culture'],
    ['/events/:id', `/events/${event}`],
    ['/logout', '/logout'],
  ];
  judge(routes, await walk(page, routes));
});

test("an admin sees every admin's route in the pseudo-language", async ({ page }) => {
  await loginAsAdmin(page);
  const [home, event] = await Promise.all([first(page, '/api/homes'), first(page, '/api/events')]);
  await page.goto('/admin/import');
  const report = await page.locator('a[href^="/admin/imports/"]').first().getAttribute('href');
  const routes: Route[] = [
    ['/admin', '/admin'],
    ['/admin/codes', '/admin/codes'],
    ['/admin/audit', '/admin/audit'],
    ['/admin/insights', '/admin/insights'],
    ['/admin/homes', '/admin/homes'],
    ['/admin/import', '/admin/import'],
    ['/admin/imports/:id', report ?? '/admin/imports/1'],
    ['/admin/reports', '/admin/reports'],
    ['/admin/sent-mail', '/admin/sent-mail'],
    ['/admin/operations', '/admin/operations'],
    ['/applications', '/applications'],
    ['/users', '/users'],
    ['/mail', '/mail'],
    ['/homes/:id/edit', `/homes/${home}/edit`],
    ['/events/:id/check-in', `/events/${event}/check-in`],
  ];
  judge(routes, await walk(page, routes));
});
