import { expect, test, type Page } from '@playwright/test';
import { loginAs, SEED } from './fixtures';

// Issue 13: the public pages arrive prerendered, each with its own title and description, and the
// browser hydrates them (no second paint); /robots.txt is a real file, not the app.

const CLUB = 'Outstanding Women Outside Work';
const PUBLIC_PAGES: [path: string, title: string, heading: string][] = [
  ['/', `${CLUB}: a private club for women in business`, 'This is your sanctuary.'],
  ['/about', `About the club · ${CLUB}`, 'About the club'],
  ['/membership', `Membership · ${CLUB}`, 'Membership'],
  ['/activities', `Activities · ${CLUB}`, 'Activities'],
  ['/login', `Login · ${CLUB}`, 'Login'],
];

test("public pages arrive as HTML with their own title and description; members' pages as their pending state; others the empty shell", async ({
  request,
}) => {
  const descriptions = new Set<string>();
  for (const [path, title, heading] of PUBLIC_PAGES) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(`<title>${title}</title>`);
    expect(html, path).toContain(`<h1>${heading}</h1>`);
    // The stylesheet is inline: nothing blocks the first paint. (Its link of another type, never fetched,
    // only tells Vite's preloader the page has it.)
    expect(html, path).not.toMatch(/<link rel="stylesheet"(?! type="text\/x-inlined"[^>]* disabled>)/);
    descriptions.add(/<meta name="description" content="([^"]+)"/.exec(html)![1]!);
  }
  expect(descriptions.size).toBe(PUBLIC_PAGES.length);
  const shell = await (await request.get('/events/some-event')).text();
  expect(shell).toContain('<div id="root"></div>');
  expect(shell).toContain(`<title>${CLUB}</title>`);
  // The members' main pages: what every browser shows while the session is asked for (the menu
  // and SPEC 2's 'No Access', never a member's data), with their title and every chunk they need
  // preloaded at once.
  const calendar = await (await request.get('/calendar')).text();
  expect(calendar).toContain('<main id="main" tabindex="-1"><!--$--><p class="page-status">No Access</p><!--/$--></main>');
  expect(calendar).not.toContain('Logged in as');
  expect(calendar).toContain(`<title>Events · ${CLUB}</title>`);
  const scripts = /<script id="boot" data-scripts="([^"]+)">/.exec(calendar)![1]!.split(' ');
  expect(scripts).toContainEqual(expect.stringMatching(/^\/assets\/calendar-page-[\w-]+\.js$/));
  expect(scripts).toContainEqual(expect.stringMatching(/^\/assets\/trpc-root-[\w-]+\.js$/));
  // Her session is asked for beside the scripts, not after them.
  expect(calendar).toContain('<link rel="preload" href="/auth-status" as="fetch" crossorigin>');
  // A prerendered page paints without its scripts, so they are asked for once it has painted
  // (src/shared/boot-script.ts); the empty shell's at once.
  expect(calendar).not.toContain('<script type="module"');
  expect(shell).toMatch(/<script type="module" crossorigin src=/);

  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toContain('text/plain');
  const text = await robots.text();
  expect(text).toContain('User-agent: *');
  expect(text).toContain('Disallow: /api/');
});

/**
 * The page's errors (a hydration mismatch is logged as one), and a function reading the headings
 * taken out of the document since it loaded: a client render would replace the HTML's.
 */
async function watchHydration(page: Page): Promise<{ errors: string[]; removedHeadings: () => Promise<string[]> }> {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { removedHeadings: string[] }).removedHeadings = removed;
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.removedNodes) if (n instanceof Element && (n.matches('h1') || n.querySelector('h1'))) removed.push(n.outerHTML);
    }).observe(document, { childList: true, subtree: true });
  });
  return { errors, removedHeadings: () => page.evaluate(() => (window as unknown as { removedHeadings: string[] }).removedHeadings) };
}

test('the browser takes the prerendered page over without painting it again, and the title follows the route', async ({ page }) => {
  const { errors, removedHeadings } = await watchHydration(page);
  await page.goto('/membership');
  // The menu opens only once React runs the page.
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  expect(await removedHeadings()).toEqual([]);

  await menu.getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('heading', { name: 'About the club', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(`About the club · ${CLUB}`);
  expect(errors).toEqual([]);
});

test("a visitor's page arrives in her language before any script runs, and the browser takes it over without painting it again (issue 41)", async ({
  browser,
}) => {
  // Without JavaScript: what the HTML alone shows, in her browser's language.
  const still = await browser.newContext({ javaScriptEnabled: false, locale: 'fr-FR' });
  const bare = await still.newPage();
  await bare.goto('/');
  await expect(bare.getByRole('heading', { name: 'Voici votre refuge.', level: 1 })).toBeVisible();
  await expect(bare.locator('meta[name="description"]')).toHaveAttribute('content', /^Un club privé pour les femmes/);
  await still.close();
  for (const [locale, path, heading, menu] of [
    ['fr-FR', '/', 'Voici votre refuge.', 'Menu'],
    ['ar-EG', '/membership', 'العضوية', 'القائمة'],
  ] as const) {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    const { errors, removedHeadings } = await watchHydration(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    // Hydrated (the boot script's hand-over is done), and the menu opens: React runs the page it was sent.
    await expect(page.locator('#root[data-taps]')).toHaveCount(0);
    await page.getByRole('button', { name: menu }).click();
    await expect(page.getByRole('dialog', { name: menu })).toBeVisible();
    expect(await removedHeadings(), locale).toEqual([]);
    expect(errors, locale).toEqual([]);
    await context.close();
  }
});

test('a page whose session ended arrives as its pending state and asks for the session once, beside the scripts', async ({
  page,
  context,
}) => {
  // An ended session (or a visitor): the shell with 'No Access' and the /auth-status preload; the
  // page's own fetch takes the preloaded answer (one request, not two), then the login redirect.
  await context.addCookies([{ name: 'owow_session', value: 'a-session-that-ended', domain: '127.0.0.1', path: '/' }]);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const sessionAsks: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/auth-status') sessionAsks.push(r.resourceType());
  });
  await page.goto('/gallery');
  await expect(page).toHaveURL(/\/login\?next=%2Fgallery/);
  expect(sessionAsks).toHaveLength(1);
  expect(errors).toEqual([]);
});

test('the pages a member uses break nothing in the Content-Security-Policy (no eval, no stray source)', async ({ page }) => {
  await loginAs(page, SEED.standard.email, SEED.demoPassword, SEED.standard.name);
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`));
  });
  const headings: [path: string, heading: string][] = [
    ['/calendar', 'Events'],
    ['/gallery', 'Image Gallery'],
    ['/homes', 'Homes'],
    ['/settings', 'Settings'],
  ];
  for (const [path, heading] of headings) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    // Zod's first parse (the gallery's search form) used to try `new Function` here.
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual([]);
  }
});

test('what is typed into the prerendered login form before the page runs is what signs in', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  // Hold the login page's code back, as a slow phone would.
  await page.route(/\/assets\/login-page-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill(SEED.standard.email);
  await page.getByLabel('Password').fill(SEED.demoPassword);
  // No native submit (it would put the fields in the URL) until the page runs.
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeDisabled();
  release();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(/\/home$/);
  await expect(page.getByText(`Logged in as ${SEED.standard.name}`).first()).toBeVisible();
});
