// Issue 39, circles: a member joins Tea culture from the menu, posts with a photo (through the
// image pipeline), a member of the circle comments, and its host (the admin) pins the post and
// removes the comment, which its author still sees marked "Removed by a host".
import { expect, test, type Browser } from '@playwright/test';
import { loginAsAdmin, loginAsDemo, SEED } from './fixtures';
import { gradientPng } from './test-images';

// Claire is in no circle of the demo's Tea culture; Eleanor is one of its members; the admin hosts it.
const JOINER = SEED.travelHost;
const COMMENTER = SEED.founding;

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function signedIn(browser: Browser, baseURL: string | undefined, login: (page: import('@playwright/test').Page) => Promise<void>) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await login(page);
  return { page, close: () => context.close() };
}

test('a member joins a circle and posts with a photo; another comments; its host pins the post and removes the comment', async ({
  page,
  browser,
  baseURL,
}) => {
  const title = `Oolong tasting ${uid()}`;
  const comment = `Count me in ${uid()}`;

  // She finds the circle in the menu's Members' Section and joins it.
  await loginAsDemo(page, JOINER);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Circles', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Circles' })).toBeVisible();
  await page.getByRole('link', { name: 'Tea culture' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tea culture' })).toBeVisible();
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(page.getByText('Joined', { exact: true })).toBeVisible();

  // Her post, with a photo.
  await page.getByRole('button', { name: /Write a post for Tea culture/ }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Your post').fill('Saturday at four, at my place.\nBring a cup.');
  await page
    .locator('.circle-composer input[type=file]')
    .setInputFiles({ name: 'oolong.png', mimeType: 'image/png', buffer: gradientPng(640, 480, 11) });
  await expect(page.locator('.circle-composer .photo-picker-list img')).toHaveCount(1);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  const mine = page.locator('article.circle-post').filter({ hasText: title });
  await expect(mine).toBeVisible();
  await expect(mine.locator('.circle-post-photos img')).toHaveCount(1);
  const src = await mine.locator('.circle-post-photos img').getAttribute('src');
  expect((await page.request.get(src!)).status()).toBe(200);

  // A member of the circle comments on it.
  const other = await signedIn(browser, baseURL, (p) => loginAsDemo(p, COMMENTER));
  await other.page.goto('/circles/tea-culture');
  const seen = other.page.locator('article.circle-post').filter({ hasText: title });
  await seen.getByRole('button', { name: /^\d+ comments?$/ }).click();
  await seen.getByLabel('Write a comment').fill(comment);
  await seen.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(seen.getByText(comment)).toBeVisible();

  // The host pins the post and removes the comment.
  const host = await signedIn(browser, baseURL, (p) => loginAsAdmin(p));
  await host.page.goto('/circles/tea-culture');
  const moderated = host.page.locator('article.circle-post').filter({ hasText: title });
  await moderated.getByRole('button', { name: 'Pin', exact: true }).click();
  await expect(moderated.getByText('Pinned', { exact: true })).toBeVisible();
  await moderated.getByRole('button', { name: /^\d+ comments?$/ }).click();
  const theirs = moderated.locator('li.comment').filter({ hasText: comment });
  await theirs.getByRole('button', { name: 'Remove' }).click();
  await host.page.getByRole('dialog', { name: 'Remove comment' }).getByRole('button', { name: 'Remove' }).click();
  await expect(theirs).toHaveCount(0);

  // Its author still sees it, marked; the post's author no longer sees it.
  await other.page.reload();
  const again = other.page.locator('article.circle-post').filter({ hasText: title });
  await again.getByRole('button', { name: /^\d+ comments?$/ }).click();
  await expect(again.locator('li.comment').filter({ hasText: comment }).getByText('Removed by a host')).toBeVisible();
  await page.reload();
  const hers = page.locator('article.circle-post').filter({ hasText: title });
  await expect(hers.getByText('Pinned', { exact: true })).toBeVisible();
  await hers.getByRole('button', { name: /^\d+ comments?$/ }).click();
  await expect(hers.getByText('No comments yet. Be the first to comment!')).toBeVisible();
  await other.close();
  await host.close();
});
