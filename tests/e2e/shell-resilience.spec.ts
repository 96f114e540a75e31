import { expect, test } from '@playwright/test';
import { SEED } from './fixtures';

test('a visitor who starts on a public page, logs in and out through the menu, sees the session follow at once', async ({ page }) => {
  // The first load of / reads the session without TanStack Query; the login page brings it and
  // takes the session over. The menu and the guards must follow both steps without a reload.
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Login' }).click();
  await page.getByLabel('Email').fill(SEED.founding2.email);
  await page.getByLabel('Password').fill(SEED.demoPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(/\/home$/);
  await expect(page.getByText(`Logged in as ${SEED.founding2.name}`).first()).toBeVisible();

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Events' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Events' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/calendar');
  await expect(page).toHaveURL(/\/login/);
});

test('a page chunk that fails to load reloads the page once, then shows a calm error with a retry', async ({ page }) => {
  let loads = 0;
  page.on('load', () => loads++);
  // As after a deploy: the About page's chunk is gone.
  await page.route('**/assets/about-page-*.js', (route) => route.fulfill({ status: 404, body: 'Not found' }));

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'This is your sanctuary.' })).toBeVisible();
  // Once React has taken the page over (before, the link is the HTML's own and loads /about whole).
  await expect(page.locator('#root[data-taps]')).toHaveCount(0);
  await page.getByRole('link', { name: 'About', exact: true }).first().click();

  const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
  await expect(alert.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  // One reload for the missing chunk (the first load plus one), and no more.
  await page.waitForTimeout(1500);
  expect(loads).toBe(2);
  await expect(page).toHaveURL(/\/about$/);

  // The menu still works around the failed page, and another page renders.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Membership' }).click();
  await expect(page.getByRole('heading', { name: 'Flying' })).toBeVisible();
  await page.goBack();
  await expect(alert).toBeVisible();

  // The chunk is back: Try again loads it.
  await page.unroute('**/assets/about-page-*.js');
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'WHY', exact: true })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong' })).toHaveCount(0);
});
