import { expect, test, type Page } from '@playwright/test';
import { loginAsDemo, SEED } from './fixtures';

// Issue 13: lists come a page at a time (30). The gallery loads its next page as the member
// scrolls, and an event's comments offer "Show older comments". Each test makes more than a page
// of its own rows through the API, so it depends on nothing other specs create.

// A valid 1×1 PNG, without metadata.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function uploadImages(page: Page, n: number, tag: string) {
  for (let i = 0; i < n; i++) {
    const res = await page.request.post('/upload-image', {
      multipart: { image: { name: `page-${i}.png`, mimeType: 'image/png', buffer: PNG }, title: `Paged ${tag} ${i}`, tags: tag },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

test('the gallery loads its second page as the member scrolls, the day’s group continuing', async ({ page }) => {
  const tag = `paged-${uid()}`;
  await loginAsDemo(page, SEED.standard);
  await uploadImages(page, 32, tag);

  await page.goto('/gallery');
  await page.getByPlaceholder('Search by tags...').fill(tag);
  const tiles = page.locator('.image-tile');
  await expect(tiles).toHaveCount(30);
  await expect(page.getByRole('button', { name: `Open Paged ${tag} 31` })).toBeVisible(); // newest first
  const loadMore = page.getByRole('button', { name: 'Load more images' });
  await expect(loadMore).toBeVisible();

  // Scrolling to the end loads the rest without a click.
  const nextPage = page.waitForRequest((r) => r.url().includes('images.list') && r.url().includes('cursor'));
  await page.mouse.wheel(0, 20_000);
  await nextPage;
  await expect(tiles).toHaveCount(32);
  await expect(page.getByRole('button', { name: `Open Paged ${tag} 0` })).toBeVisible();
  await expect(loadMore).toBeHidden();
  // All 32 were uploaded today: one group, not one per page.
  await expect(page.locator('.gallery-group')).toHaveCount(1);
});

test('an event’s comments show the newest 30, then "Show older comments" loads the rest', async ({ page }) => {
  await loginAsDemo(page, SEED.founding);
  const created = await page.request.post('/api/events', { data: { title: `Paged comments ${uid()}` } });
  expect(created.status()).toBe(201);
  const eventId = ((await created.json()) as { id: number }).id;
  for (let i = 1; i <= 32; i++) {
    const res = await page.request.post('/api/comments', { data: { content: `Paged comment ${i}`, commentableId: `event-${eventId}` } });
    expect(res.status()).toBe(201);
  }

  await page.goto(`/events/${eventId}`);
  await page.getByRole('tab', { name: 'Notes and Comments' }).click();
  const widget = page.getByRole('region', { name: /^Comments/ });
  await expect(widget.getByRole('heading', { name: 'Comments (32)' })).toBeVisible();
  const items = widget.locator('.comments-list > li');
  await expect(items).toHaveCount(30);
  await expect(items.first()).toContainText('Paged comment 32');
  await expect(widget.getByText('Paged comment 2', { exact: true })).toBeHidden();

  await widget.getByRole('button', { name: 'Show older comments' }).click();
  await expect(items).toHaveCount(32);
  await expect(items.last()).toContainText('Paged comment 1');
  await expect(widget.getByRole('button', { name: 'Show older comments' })).toBeHidden();
  await expect(widget.getByRole('heading', { name: 'Comments (32)' })).toBeVisible();
});
