import { expect, test, type Page } from '@playwright/test';
import { loginAsDemo, SEED } from './fixtures';
import { gradientPng } from './test-images';

// Issue 14 "Banner image": the creator chooses the banner from the event's images (thumbnails,
// by keyboard too), on the event page and in the edit modal, or clears it; the image shows over
// the event colour in a box that does not move the page when it loads.

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function uploadFor(page: Page, eventId: number, title: string, seed: number): Promise<{ id: number; display_url: string }> {
  const res = await page.request.post('/upload-image', {
    multipart: {
      image: { name: `${title}.png`, mimeType: 'image/png', buffer: gradientPng(960, 540, seed) },
      title,
      associated_event_id: String(eventId),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

test('the creator chooses a banner from the event’s images, changes it in the edit modal, and clears it', async ({ page, browser }) => {
  await loginAsDemo(page, SEED.founding);
  const created = await page.request.post('/api/events', {
    data: { title: `Garden Party ${run}`, color: '#a7c4a0', event_date: '2031-06-20', start_time: '15:00', end_time: '18:00' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const roses = await uploadFor(page, id, 'Roses by the wall', 40);
  const lawn = await uploadFor(page, id, 'The long lawn', 200);

  await page.goto(`/events/${id}`);
  const title = page.getByRole('heading', { name: `Garden Party ${run}`, level: 1 });
  await expect(title).toBeVisible();
  const banner = page.locator('.event-banner');
  await expect(banner.locator('img')).toHaveCount(0);
  const titleTop = (await title.boundingBox())!.y;

  // On the event page: Change banner, the thumbnails as radios; the keyboard moves the choice.
  await banner.getByRole('button', { name: 'Change banner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change banner' });
  const none = dialog.getByRole('radio', { name: 'No banner' });
  await expect(none).toBeChecked();
  await expect(dialog.getByRole('radio')).toHaveCount(3);
  await none.focus();
  await page.keyboard.press('ArrowRight');
  // Newest first: the lawn was uploaded last.
  await expect(dialog.getByRole('radio', { name: 'The long lawn' })).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'Roses by the wall' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Save banner' }).click();
  await expect(page.getByText('Banner updated.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const img = banner.locator('img');
  await expect(img).toHaveAttribute('src', roses.display_url);
  await expect(img).toHaveClass(/is-loaded/);
  expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(960);
  // Over the event colour, in a box of its own height: the title has not moved.
  expect(await banner.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(167, 196, 160)');
  expect((await title.boundingBox())!.y).toBe(titleTop);

  // The edit modal offers the same choice on its Overview step.
  await page.getByRole('button', { name: 'Edit Details' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Event' });
  await expect(edit.getByRole('group', { name: 'Banner' })).toBeVisible();
  await expect(edit.getByRole('radio', { name: 'Roses by the wall' })).toBeChecked();
  // A click on the thumbnail chooses it (the radio itself is visually hidden behind it).
  await edit.getByRole('img', { name: 'The long lawn' }).click();
  await expect(edit.getByRole('radio', { name: 'The long lawn' })).toBeChecked();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(img).toHaveAttribute('src', lawn.display_url);

  // Another member sees the banner and no way to change it; the server agrees.
  const other = await (await browser.newContext()).newPage();
  await loginAsDemo(other, SEED.standard);
  await other.goto(`/events/${id}`);
  await expect(other.locator('.event-banner img')).toHaveAttribute('src', lawn.display_url);
  await expect(other.getByRole('button', { name: 'Change banner' })).toHaveCount(0);
  expect((await other.request.put(`/api/events/${id}`, { data: { banner_image_id: roses.id } })).status()).toBe(403);
  await other.context().close();

  // Cleared: the event colour's own design again.
  await banner.getByRole('button', { name: 'Change banner' }).click();
  await dialog.getByText('No banner').click();
  await expect(dialog.getByRole('radio', { name: 'No banner' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Save banner' }).click();
  await expect(page.getByText('Banner removed.')).toBeVisible();
  await expect(banner.locator('img')).toHaveCount(0);
  await expect(banner.locator('.event-banner-default')).toBeVisible();
});
