import { expect, test, type Page } from '@playwright/test';
import { loginAs, SEED } from './fixtures';
import { gradientPng } from './test-images';

// Issue 27: a member's main pages arrive rendered, with their first screen's data, in the HTML.
// The browser hydrates them: no request for that data, no loading state, no hydration error, and
// the HTML's content is never taken down and painted again.

interface Watched {
  loadingStates: string[];
  /** Elements of the page's content (inside `main`) removed while it loads. */
  removed: string[];
}

/** Records, from before the page's first byte, any loading state ('Loading…', 'No Access') and any content taken down. */
async function watchLoadingStates(page: Page) {
  await page.addInitScript(() => {
    const watched = { loadingStates: [] as string[], removed: [] as string[] };
    (window as unknown as { watched: Watched }).watched = watched;
    new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.addedNodes)
          if (n instanceof HTMLElement && (n.matches('.page-status') || n.querySelector('.page-status')))
            watched.loadingStates.push(n.textContent ?? '');
        for (const n of r.removedNodes)
          if (n instanceof HTMLElement && n.querySelector('h1')) watched.removed.push(n.outerHTML.slice(0, 80));
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Holds back the answers to the requests `glob` matches until the returned function is called. */
async function holdBack(page: Page, glob: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(glob, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const PAGES: [path: string, firstScreen: (page: Page) => Promise<void>][] = [
  // A member's /home is her club (issue 46), rendered with its answer as the others.
  ['/home', (page) => expect(page.getByRole('heading', { name: 'Your club', level: 1 })).toBeVisible()],
  ['/calendar', (page) => expect(page.getByRole('heading', { name: 'Watercolour Morning' }).first()).toBeVisible()],
  ['/gallery', (page) => expect(page.getByRole('heading', { name: 'Image Gallery', level: 1 })).toBeVisible()],
  ['/homes', (page) => expect(page.getByRole('heading', { name: 'Homes', level: 1 })).toBeVisible()],
  ['/settings', (page) => expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()],
  // A section's own address (issue 46): the same page, at that section.
  ['/settings/passkeys', (page) => expect(page.getByRole('heading', { name: 'Passkeys', level: 2 })).toBeInViewport()],
  ['/members', (page) => expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible()],
  ['/notifications', (page) => expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible()],
];

test("a member's home, calendar, gallery, homes, settings, members directory and notifications arrive rendered in their HTML and hydrate: no request for that data, no loading state, no error", async ({
  page,
}) => {
  await loginAs(page, SEED.standard.email, SEED.demoPassword, SEED.standard.name);
  // /home's own requests are done before the pages below are counted. After a login /home is reached
  // inside the app, so her club is asked for once its chunk has loaded, after the document went idle:
  // waiting for the document's network to settle does not wait for it; her club shown does.
  await expect(page.getByRole('heading', { name: 'Your club', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading your club…' })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await watchLoadingStates(page);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  for (const [path, firstScreen] of PAGES) {
    const dataRequests: string[] = [];
    const onRequest = (r: { url(): string }) => {
      const { pathname } = new URL(r.url());
      if (pathname === '/auth-status' || pathname.startsWith('/trpc/')) dataRequests.push(pathname);
      // Its stylesheets are inline in the HTML: not fetched again when its chunks load.
      if (pathname.endsWith('.css')) dataRequests.push(pathname);
    };
    page.on('request', onRequest);
    await page.goto(path);
    await firstScreen(page);
    await page.waitForLoadState('networkidle');
    page.off('request', onRequest);
    expect(dataRequests, path).toEqual([]);
    const watched = await page.evaluate(() => (window as unknown as { watched: Watched }).watched);
    expect(watched.loadingStates, path).toEqual([]);
    expect(watched.removed, `${path}: the HTML's content was replaced instead of hydrated`).toEqual([]);
    await expect(page.locator('#first-screen')).toHaveCount(1);
  }
  // The first screen is in the HTML itself, before any script: the calendar's first event.
  const html = await (await page.request.get('/calendar')).text();
  expect(html.slice(html.indexOf('<div id="root">'))).toContain('Watercolour Morning');
  // The gallery's first page is there (its thumbnails), and the homes' list.
  await page.goto('/gallery');
  await expect(page.locator('.image-grid img').first()).toBeVisible();
  // A hydration mismatch or any failed render would be logged as an error.
  expect(errors).toEqual([]);
});

test("inside the app a member's pages keep asking for their own data, as before", async ({ page }) => {
  await loginAs(page, SEED.standard.email, SEED.demoPassword, SEED.standard.name);
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
  const asked: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/trpc/')) asked.push(pathname);
  });
  // Client-side navigation to a page whose data the HTML did not carry: the page asks for it.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Gallery' }).click();
  await expect(page.getByRole('heading', { name: 'Image Gallery', level: 1 })).toBeVisible();
  await expect.poll(() => asked.some((p) => p.includes('images.list'))).toBe(true);
});

test('what she types in a rendered page before it hydrates is applied once it has', async ({ page }) => {
  await loginAs(page, SEED.standard.email, SEED.demoPassword, SEED.standard.name);
  // The page's scripts are held back, so the search box is used in the HTML alone.
  const release = await holdBack(page, '**/assets/*.js');
  // (Not 'domcontentloaded': that waits for the module scripts held back.)
  await page.goto('/gallery', { waitUntil: 'commit' });
  const search = page.getByRole('searchbox', { name: 'Search by tags' });
  await search.fill('no-such-tag-before-hydration');
  await expect(page.getByRole('button', { name: 'Clear search' })).toHaveCount(0);
  release();
  // Hydrated, the page searches for what is in the box: nothing matches, and it offers the way back.
  await expect(page.getByRole('button', { name: 'Clear search' })).toBeVisible();
  await expect(page.locator('.image-tile')).toHaveCount(0);
  await expect(search).toHaveValue('no-such-tag-before-hydration');
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.locator('.image-tile').first()).toBeVisible();
  await expect(search).toHaveValue('');
});

test('a date, a select and a tap on her rendered page before it hydrates are applied in the order she made them', async ({ page }) => {
  await loginAs(page, SEED.standard.email, SEED.demoPassword, SEED.standard.name);
  const release = await holdBack(page, '**/assets/*.js');
  await page.goto('/homes', { waitUntil: 'commit' });
  const filters = page.getByRole('form', { name: 'Find a home' });
  await filters.getByLabel('Country').selectOption('Iceland');
  await filters.getByLabel('Check-in').fill('2031-02-01');
  await filters.getByLabel('Check-out').fill('2031-02-05');
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No home matches these dates and places yet.')).toHaveCount(0);
  release();
  // Hydrated, the search runs with the country and the dates she gave: no home there then.
  await expect(page.getByText('No home matches these dates and places yet.')).toBeVisible();
  await expect(filters.getByLabel('Country')).toHaveValue('Iceland');
  await expect(filters.getByLabel('Check-in')).toHaveValue('2031-02-01');
});

test('a photo chosen on her rendered Settings before it hydrates opens the cropper once it has', async ({ page }) => {
  await loginAs(page, SEED.standard.email, SEED.demoPassword, SEED.standard.name);
  const release = await holdBack(page, '**/assets/*.js');
  await page.goto('/settings', { waitUntil: 'commit' });
  // Her photo's file field: 'Add a photo', or 'Change photo' once she has one.
  await page
    .getByRole('form', { name: 'Your profile' })
    .getByLabel(/^(Add a photo|Change photo)$/)
    .setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: gradientPng(800, 600) });
  const cropper = page.getByRole('dialog', { name: 'Your photo' });
  await expect(page.locator('#root[data-taps="kept"]')).toHaveCount(1);
  await expect(cropper).toHaveCount(0);
  release();
  await expect(cropper).toBeVisible();
  await cropper.getByRole('button', { name: 'Cancel' }).click();
});

test('a member whose browser is in another zone than her page was rendered in gets the page drawn in hers, and her next page rendered in it', async ({
  browser,
}) => {
  const context = await browser.newContext({ timezoneId: 'Asia/Tokyo' });
  const page = await context.newPage();
  await loginAs(page, SEED.standard.email, SEED.demoPassword, SEED.standard.name, { fresh: true });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  // Her last page was in London: the Worker renders this one in London's zone.
  await context.addCookies([{ name: 'tz', value: 'Europe/London', url: page.url() }]);
  await page.goto('/calendar');
  const rendered = async () =>
    page.evaluate(
      () => (JSON.parse(document.getElementById('first-screen')!.textContent!) as { rendered?: { timeZone: string } }).rendered?.timeZone,
    );
  expect(await rendered()).toBe('Europe/London');
  await expect(page.getByRole('heading', { name: 'Watercolour Morning' }).first()).toBeVisible();
  // Her browser is in Tokyo: it tells the Worker, and draws this page from the same answers (no
  // hydration against London's dates, so no mismatch is logged).
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'tz')?.value).toBe('Asia%2FTokyo');
  await page.reload();
  expect(await rendered()).toBe('Asia/Tokyo');
  await expect(page.getByRole('heading', { name: 'Watercolour Morning' }).first()).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test('a tap on her rendered page before it has hydrated is answered once it has', async ({ page }) => {
  await loginAs(page, SEED.founding.email, SEED.demoPassword, SEED.founding.name);
  // Every script of the page is held back: it is painted from its HTML, React cannot take it over.
  const release = await holdBack(page, '**/assets/*.js');
  await page.goto('/calendar', { waitUntil: 'commit' });
  // The boot script keeps taps from the first paint (src/shared/boot-script.ts).
  await expect(page.locator('#root[data-taps="kept"]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Event' })).toHaveCount(0);
  release();
  await expect(page.getByRole('dialog', { name: 'Create Event' })).toBeVisible();
  await expect(page.locator('#root[data-taps]')).toHaveCount(0);
});

test('her rendered page, as a public one, paints before its scripts are asked for', async ({ page }) => {
  const paintThenScripts = async (path: string) => {
    await page.goto(path);
    await expect(page.locator('#root[data-taps]')).toHaveCount(0); // hydrated
    return page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      scripts: performance
        .getEntriesByType('resource')
        .filter((r) => /\/assets\/[\w-]+\.js$/.test(new URL(r.name).pathname))
        .map((r) => r.startTime),
    }));
  };
  for (const path of ['/', '/login']) {
    const { paint, scripts } = await paintThenScripts(path);
    expect(scripts.length, path).toBeGreaterThan(1);
    expect(Math.min(...scripts), path).toBeGreaterThan(paint);
  }
  await loginAs(page, SEED.standard.email, SEED.demoPassword, SEED.standard.name);
  // Her zone known, her pages arrive rendered (without it, her data alone, whose scripts paint it).
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'tz')).toBe(true);
  for (const path of ['/calendar', '/gallery', '/homes']) {
    const { paint, scripts } = await paintThenScripts(path);
    expect(scripts.length, path).toBeGreaterThan(1);
    expect(Math.min(...scripts), path).toBeGreaterThan(paint);
  }
});

test('Settings has a table of contents: each section its own address, beside the cards on a desktop, above them on a phone (issue 46)', async ({
  page,
}) => {
  await loginAs(page, SEED.standard.email, SEED.demoPassword, SEED.standard.name);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/settings/passkeys');
  const contents = page.getByRole('navigation', { name: 'Settings sections' });
  await expect(contents.getByRole('link', { name: 'Passkeys' })).toHaveAttribute('aria-current', 'location');
  // Scrolled to the section and focused there, below the sticky header.
  const passkeys = page.locator('[data-section="passkeys"]');
  await expect(passkeys).toBeFocused();
  expect((await passkeys.boundingBox())!.y).toBeGreaterThanOrEqual(60);
  await expect(page.getByRole('heading', { name: 'Passkeys', level: 2 })).toBeInViewport();
  // Beside the cards, every card the same width.
  const cards = page.locator('.settings-section > .card');
  const widths = new Set(await cards.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().width))));
  expect([...widths]).toHaveLength(1);
  expect((await contents.boundingBox())!.x + (await contents.boundingBox())!.width).toBeLessThan((await cards.first().boundingBox())!.x);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(SEED.standard.name);
  await page.screenshot({ path: test.info().outputPath('settings-contents-1280.png') });
  await contents.getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/settings\/privacy$/);
  await expect(page.locator('[data-section="privacy"]')).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Privacy', level: 2 })).toBeInViewport();

  // On a phone the list is a row above the cards, scrolling sideways within itself.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings');
  await expect(contents).toBeVisible();
  expect((await contents.boundingBox())!.y).toBeLessThan((await cards.first().boundingBox())!.y);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('settings-contents-390.png') });
  await contents.getByRole('link', { name: 'Delete account' }).click();
  await expect(page.getByRole('heading', { name: 'Delete account', level: 2 })).toBeInViewport();
});
