import { expect, test, type Page } from '@playwright/test';
import { axe } from './axe';
import { loginAsAdmin } from './fixtures';

// Issue 41: Light, Dark or System, decided before the first paint (the Worker writes data-theme on
// <html> from her account or the device's cookie; System follows prefers-color-scheme through
// light-dark()), and WCAG AA contrast in both: axe finds no contrast violation on the main pages.

const VISITOR_PAGES = ['/', '/about', '/membership', '/activities', '/login'];
const MEMBER_PAGES = [
  '/calendar',
  '/members',
  '/gallery',
  '/homes',
  '/circles',
  '/messages',
  '/notifications',
  '/settings',
  '/admin',
  '/admin/insights',
];

/** The page's contrast failures as "path: selector (ratio)". */
async function contrastViolations(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.locator('main h1').first()).toBeVisible();
  // Lists and charts that fill in after the first paint.
  await page.waitForLoadState('networkidle');
  const { violations } = await axe(page).withRules(['color-contrast']).analyze();
  return violations.flatMap((v) => v.nodes.map((n) => `${path}: ${n.target.join(' ')} ${n.any[0]?.message ?? v.help}`));
}

test('a visitor whose device prefers dark gets dark pages with no contrast violation; the footer keeps her choice', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  const failures: string[] = [];
  for (const path of VISITOR_PAGES) failures.push(...(await contrastViolations(page, path)));
  expect(failures).toEqual([]);
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(bg).toBe('rgb(23, 19, 18)');

  // The footer's choice (its chunk comes once the page has long painted): Light on this device.
  await page.goto('/about');
  await page.getByLabel('Appearance').selectOption('light');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  // The next page arrives light in its HTML, before any script.
  const html = await (await page.request.get('/membership')).text();
  expect(html).toMatch(/<html[^>]*data-theme="light"/);
  await page.goto('/membership');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(250, 247, 242)');
  await context.close();
});

test('a member chooses Dark in Settings > Preferences: her pages arrive dark, with no contrast violation', async ({ page }) => {
  // Eleven pages, each waited for until its lists and charts are in.
  test.setTimeout(180_000);
  await loginAsAdmin(page);
  await page.goto('/settings');
  const card = page.locator('#preferences');
  await card.getByRole('radio', { name: /^Dark/ }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(async () => (await (await page.request.get('/api/preferences')).json()).theme).toBe('dark');
  // Kept with her account: a device of hers with no cookie of its own gets her pages dark.
  const cookies = (await page.context().cookies()).filter((c) => c.name !== 'theme');
  const other = await page.context().browser()!.newContext({ colorScheme: 'light' });
  await other.addCookies(cookies);
  const elsewhere = await other.newPage();
  const res = await elsewhere.request.get('/calendar');
  expect(await res.text()).toMatch(/<html[^>]*data-theme="dark"/);
  await other.close();

  const failures: string[] = [];
  for (const path of MEMBER_PAGES) failures.push(...(await contrastViolations(page, path)));
  // A home's page with its availability calendar.
  await page.goto('/homes');
  const home = page.locator('main a[href^="/homes/"]:not([href$="/mine"]):not([href$="/requests"]):not([href$="/new"])').first();
  const href = await home.getAttribute('href');
  expect(href).toMatch(/^\/homes\/\d+$/);
  failures.push(...(await contrastViolations(page, href!)));
  expect(failures).toEqual([]);

  // Back to System for the other tests.
  await page.goto('/settings');
  await page
    .locator('#preferences')
    .getByRole('radio', { name: /^System/ })
    .check();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
});
