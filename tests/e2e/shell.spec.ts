import { expect, test } from '@playwright/test';
import { axe } from './axe';
import { loginAsAdmin, SEED } from './fixtures';

test.describe('visitor', () => {
  test('sees the public menu and pages', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'This is your sanctuary.' })).toBeVisible();
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    for (const item of ['Home', 'About', 'Membership', 'Activities', 'Login']) {
      await expect(menu.getByRole('link', { name: item, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Events' })).toHaveCount(0);
    await menu.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();
    for (const h of ['WHY', 'WHAT', 'WHAT NOT']) await expect(page.getByRole('heading', { name: h, exact: true })).toBeVisible();

    await page.goto('/membership');
    for (const tier of ['Flying', 'Executive', 'Hosting']) await expect(page.getByRole('heading', { name: tier })).toBeVisible();
    await expect(page.getByText('80% discount on vacation housing')).toBeVisible();
    await expect(page.getByText('Minimum 1 month per year of hosting')).toBeVisible();

    await page.goto('/activities');
    for (const col of ['Travel', 'Gathering', 'Showcase']) await expect(page.getByRole('heading', { name: col })).toBeVisible();
    await expect(page.getByText('Hong Kong')).toBeVisible();
    await expect(page.getByText('Tea culture')).toBeVisible();
  });

  test('the menu closes with Escape and with its backdrop', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.mouse.click(10, 300);
    await expect(menu).toBeHidden();
  });

  test('sees the not-found and access denied pages', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText("Oops! You're not supposed to be here!")).toBeVisible();
    await page.goto('/no-permission');
    await expect(page.getByText('You do not have the necessary permission to view this content')).toBeVisible();
  });

  test('is sent from /calendar to /login', async ({ page }) => {
    await page.goto('/calendar');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Apply with Invitation Code' })).toHaveAttribute('href', '/request');
  });

  test('public pages and login have no serious accessibility violations', async ({ page }) => {
    for (const path of ['/', '/about', '/membership', '/activities', '/login']) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      const results = await axe(page).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${path}: ${v.id} ${v.help}`)).toEqual([]);
    }
  });
});

test('the seeded admin logs in, sees the admin section, and logs out through /logout', async ({ page }) => {
  await loginAsAdmin(page, { fresh: true });
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByText(`Logged in as ${SEED.admin.name}`)).toBeVisible();
  await expect(menu.getByRole('heading', { name: "Members' Section" })).toBeVisible();
  await expect(menu.getByRole('heading', { name: 'Info Section' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
  await menu.getByRole('link', { name: 'Logout' }).click();
  await expect(page.getByText('Logging out...')).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Login' })).toBeVisible();
  const status = await (await page.request.get('/auth-status')).json();
  expect(status.authenticated).toBe(false);
});

test('Settings offers the Type field to an admin only', async ({ page, browser }) => {
  await loginAsAdmin(page);
  await page.goto('/settings');
  await expect(page.getByLabel('Type', { exact: true })).toBeVisible();
  const { loginAsDemo } = await import('./fixtures');
  const member = await (await browser.newContext()).newPage();
  await loginAsDemo(member, SEED.founding);
  await member.goto('/settings');
  await expect(member.getByText('Account type: Founding')).toBeVisible();
  await expect(member.getByLabel('Type', { exact: true })).toHaveCount(0);
  await member.context().close();
});

test('a member sees no Admin section and is sent home from /admin', async ({ page }) => {
  const { loginAsDemo } = await import('./fixtures');
  await loginAsDemo(page, SEED.standard);
  await page.goto('/admin');
  await page.waitForURL(/\/home$/);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
});
