// Issue 40 in a real Chromium: the app is installable (a valid manifest and a service worker that
// controls the page), a member reads her schedule offline (the event she joined with its address,
// the home of her accepted stay with its address, the offline page elsewhere), and signing out
// empties what the device kept; the offline page speaks the language of her last page (issue 41).
import { expect, test } from '@playwright/test';
import { LANGUAGE_CACHE, LANGUAGE_URL, SCHEDULE_CACHE, SCHEDULE_SNAPSHOT_URL } from '../../src/shared/offline';
import { loginAs, SEED } from './fixtures';

const PRIYA = { email: 'priya@club.example', name: 'Priya Raman' };

test('installable; her schedule offline; signing out empties the device', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });
  const cdp = await context.newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.errors).toEqual([]);
  expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({
    name: 'Outstanding Women Outside Work',
    start_url: '/home',
    display: 'standalone',
  });
  // Chromium's own verdict. Playwright's contexts are incognito, which Chromium never installs
  // from ('in-incognito'): that one is about the test browser, any other would be about the app.
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);

  // She signs in: her pages ask the service worker to keep her schedule.
  await loginAs(page, PRIYA.email, SEED.demoPassword, PRIYA.name, { fresh: true });
  const keptPages = () =>
    page.evaluate(
      async ([cacheName, url]) => {
        const res = await (await caches.open(cacheName)).match(url);
        return res ? ((await res.json()) as { pages: string[] }).pages : [];
      },
      [SCHEDULE_CACHE, SCHEDULE_SNAPSHOT_URL] as const,
    );
  // Her accepted stay at Ocean House (the seed's; other specs may have given her more stays).
  await page.goto('/homes');
  const home = (await page
    .getByRole('link', { name: /Ocean House on Maui/ })
    .first()
    .getAttribute('href'))!;
  expect(home).toMatch(/^\/homes\/\d+$/);
  await expect.poll(async () => (await keptPages()).includes(home), { timeout: 30_000 }).toBe(true);

  await context.setOffline(true);
  await page.goto('/activities-member');
  await expect(page.getByRole('heading', { name: 'My Schedule' })).toBeVisible();
  await page
    .getByRole('link', { name: /Tea Ceremony in the Garden/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Tea Ceremony in the Garden' })).toBeVisible();
  await expect(page.getByText('4th Avenue & Lincoln St').first()).toBeVisible();
  await page.goto(home);
  await expect(page.getByRole('heading', { name: 'Ocean House on Maui' })).toBeVisible();
  // Any other page: the offline page, with the way back to her schedule.
  await page.goto('/gallery');
  await expect(page.getByRole('heading', { name: 'You are offline. Your schedule is still here.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open my schedule' })).toHaveAttribute('href', '/activities-member');

  // Back online, she signs out: the device forgets her schedule (and the service worker with it).
  await context.setOffline(false);
  await page.goto('/logout');
  await page.waitForURL((url) => url.pathname === '/');
  await expect.poll(() => page.evaluate(async (name) => (await caches.keys()).includes(name), SCHEDULE_CACHE)).toBe(false);

  // A visitor reading French (her `lang` cookie): offline, the page she gets is French, written before it paints.
  await context.addCookies([{ name: 'lang', value: 'fr', url: new URL('/', page.url()).href }]);
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });
  await expect
    .poll(() =>
      page.evaluate(async ([cacheName, url]) => (await (await caches.open(cacheName)).match(url))?.text(), [
        LANGUAGE_CACHE,
        LANGUAGE_URL,
      ] as const),
    )
    .toBe('fr');
  await context.setOffline(true);
  await page.goto('/gallery');
  await expect(page.getByRole('heading', { name: 'Vous êtes hors ligne. Votre agenda reste disponible.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ouvrir mon agenda' })).toHaveAttribute('href', '/activities-member');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page).toHaveTitle('Vous êtes hors ligne · Outstanding Women Outside Work');
  await context.setOffline(false);
});
