import { expect, test, type Page } from '@playwright/test';
import { loginAsDemo, SEED } from './fixtures';

// Issue 23: the bell, /notifications and live pages, seen in a real browser. Two members side by
// side (two browser contexts): one comments and likes, the other's bell and open event page change
// without a reload, and what she is typing stays.

const uid = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications, \d+ unread$/ });

async function unreadOnBell(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(label)?.[1] ?? NaN);
}

test('two members side by side: comments and likes reach the other’s bell and open event page without a reload', async ({ browser }) => {
  const hostContext = await browser.newContext();
  const guestContext = await browser.newContext();
  const host = await hostContext.newPage();
  const guest = await guestContext.newPage();
  await loginAsDemo(host, SEED.founding);
  await loginAsDemo(guest, SEED.standard);

  const title = uid('Live supper');
  const created = await host.request.post('/api/events', { data: { title } });
  expect(created.status()).toBe(201);
  const eventId = ((await created.json()) as { id: number }).id;
  expect((await guest.request.post(`/api/events/${eventId}/join`)).status()).toBe(200);
  const mine = await host.request.post('/api/comments', { data: { content: 'Welcome, everyone!', commentableId: `event-${eventId}` } });
  const hostComment = ((await mine.json()) as { id: number }).id;

  await host.goto(`/events/${eventId}?tab=comments`);
  await expect(host.getByRole('heading', { name: title })).toBeVisible();
  await expect(host.getByRole('tab', { name: 'Notes and Comments' })).toHaveAttribute('aria-selected', 'true');
  await expect(host.getByText('Welcome, everyone!')).toBeVisible();
  await expect(bell(host)).toBeVisible();
  const before = await unreadOnBell(host);

  // She starts a comment of her own and leaves it unposted.
  const draft = host.getByPlaceholder('Write a comment...');
  await draft.fill('Half-written thought about the menu');

  // The guest comments from her own page, through the form.
  await guest.goto(`/events/${eventId}?tab=comments`);
  const guestText = uid('Count me in');
  await guest.getByPlaceholder('Write a comment...').fill(guestText);
  await guest.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(guest.getByText(guestText)).toBeVisible();

  // The host's page shows it, and her bell counts it, without a reload; her draft is untouched.
  await expect(host.getByText(guestText)).toBeVisible({ timeout: 10_000 });
  await expect(bell(host)).toHaveAttribute('aria-label', `Notifications, ${before + 1} unread`, { timeout: 10_000 });
  await expect(draft).toHaveValue('Half-written thought about the menu');

  // The guest likes the host's comment: the count on the host's page and her bell move.
  const hostArticle = (page: Page) => page.locator(`article[data-comment-id="${hostComment}"]`);
  await hostArticle(guest).getByRole('button', { name: /Like/ }).click();
  await expect(hostArticle(guest).locator('.like-count')).toHaveText('1');
  await expect(hostArticle(host).locator('.like-count')).toHaveText('1', { timeout: 10_000 });
  await expect(bell(host)).toHaveAttribute('aria-label', `Notifications, ${before + 2} unread`, { timeout: 10_000 });
  await expect(draft).toHaveValue('Half-written thought about the menu');

  // The host's list names them; opening an entry marks it read and goes where it is about.
  await bell(host).click();
  const panel = host.getByRole('region', { name: 'Latest notifications' });
  await expect(panel.getByRole('link', { name: 'Sofia Rossi liked your comment' }).first()).toBeVisible();
  await panel.getByRole('link', { name: `Sofia Rossi commented on ${title}` }).click();
  await expect(bell(host)).toHaveAttribute('aria-label', `Notifications, ${before + 1} unread`);
  await expect(host).toHaveURL(new RegExp(`/events/${eventId}\\?tab=comments$`));

  await hostContext.close();
  await guestContext.close();
});

test('the bell and the list on a 390 px phone', async ({ browser }) => {
  // Eleanor creates an event: Amara is told (new_event), the newest entry of her list.
  const hostContext = await browser.newContext();
  const host = await hostContext.newPage();
  await loginAsDemo(host, SEED.founding);
  const title = uid('Phone picnic');
  expect((await host.request.post('/api/events', { data: { title } })).status()).toBe(201);
  await hostContext.close();

  const context = await browser.newContext({ hasTouch: true });
  const page = await context.newPage();
  await loginAsDemo(page, SEED.founding2);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/calendar');
  await expect(bell(page)).toBeVisible();
  const box = await bell(page).boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await bell(page).click();
  const panel = page.getByRole('region', { name: 'Latest notifications' });
  await expect(panel.getByRole('link', { name: 'See all' })).toBeVisible();
  await expect(panel.getByRole('link', { name: `Eleanor Vance created a new event: ${title}` })).toBeVisible({ timeout: 15_000 });
  const panelBox = await panel.boundingBox();
  expect(panelBox!.x).toBeGreaterThanOrEqual(0);
  expect(panelBox!.x + panelBox!.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('bell-phone.png') });
  await panel.getByRole('link', { name: 'See all' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: `Eleanor Vance created a new event: ${title}` })).toBeVisible();
  // Her name links to her profile (issue 22), beside her face; the rest of the sentence opens the event.
  const entry = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Eleanor Vance created a new event: ${title}` }) });
  await expect(entry.getByRole('link', { name: 'Eleanor Vance', exact: true })).toHaveAttribute('href', /^\/members\/\d+$/);
  await expect(entry.locator('.member-avatar')).toBeVisible();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('notifications-phone.png'), fullPage: true });
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByText('All caught up.')).toBeVisible();
  await expect(bell(page)).toHaveAttribute('aria-label', 'Notifications, 0 unread');
  await context.close();
});
