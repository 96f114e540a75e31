// Issue 11 "Admins see what happened": the admin opens the Audit log from the dashboard, reads
// who did what to whom, filters it by action and by who, and loads older entries.
import { expect, test, type Page } from '@playwright/test';
import { axe } from './axe';
import { loginAsAdmin, SEED } from './fixtures';

// A demo member no other spec reads the type of: her type goes back and forth and ends as it was.
const PRIYA = { email: 'priya@club.example', name: 'Priya Raman' };

/** Writes `n` entries through the real admin API (membership type changes), ending on Standard. */
async function changeTypes(page: Page, n: number) {
  const users = (await (await page.request.get(`/api/users?search=${encodeURIComponent(PRIYA.email)}`)).json()) as {
    user_id: number;
    email: string;
  }[];
  const priya = users.find((u) => u.email === PRIYA.email)!;
  const origin = new URL(page.url()).origin;
  for (let i = 0; i < n; i++) {
    const type = i % 2 === 0 ? 'Founding' : 'Standard';
    const res = await page.request.put(`/api/users/${priya.user_id}/privilege`, { data: { type }, headers: { Origin: origin } });
    expect(res.status()).toBe(200);
  }
}

test('an admin opens the Audit log from the dashboard, filters it and loads older entries', async ({ page }) => {
  await loginAsAdmin(page);
  await changeTypes(page, 32);

  await page.goto('/admin');
  await page.getByRole('link', { name: /Audit log/ }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();

  const rows = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
  // Newest first: the last type change, by the admin, on Priya.
  const newest = rows.first();
  await expect(newest.getByRole('cell').nth(1)).toHaveText(SEED.admin.name);
  await expect(newest.getByRole('cell').nth(2)).toHaveText('Changed a membership type');
  await expect(newest.getByRole('cell').nth(3)).toContainText(PRIYA.name);
  await expect(newest.getByRole('cell').nth(4)).toContainText('From: Founding');
  // Who did it and on whom: names that link to their profiles (issue 22).
  await expect(newest.getByRole('cell').nth(1).getByRole('link', { name: SEED.admin.name })).toHaveAttribute('href', /^\/members\/\d+$/);
  await expect(newest.getByRole('cell').nth(3).getByRole('link', { name: PRIYA.name })).toHaveAttribute('href', /^\/members\/\d+$/);
  await expect(newest.getByRole('cell').nth(4)).toContainText('To: Standard');
  await expect(rows).toHaveCount(30);
  expect((await axe(page).include('main').analyze()).violations).toEqual([]);

  // Older entries on demand, none repeated.
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect.poll(() => rows.count()).toBeGreaterThan(30);
  const times = await rows.locator('time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime')!));
  expect(times).toEqual([...times].sort().reverse());

  // By action: only the admin's sign-ins with 2FA.
  await page.getByLabel('Action').selectOption({ label: 'Signed in with two-factor' });
  await expect(rows.first().getByRole('cell').nth(2)).toHaveText('Signed in with two-factor');
  for (const row of await rows.all()) await expect(row.getByRole('cell').nth(2)).toHaveText('Signed in with two-factor');
  await expect(rows.first().getByRole('cell').nth(4)).toContainText('Second factor: Authenticator app');

  // And by who: the admin, then someone with no such entry.
  await page.getByLabel('Who').selectOption({ label: SEED.admin.name });
  for (const row of await rows.all()) await expect(row.getByRole('cell').nth(1)).toHaveText(SEED.admin.name);
  await page.getByLabel('Action').selectOption({ label: 'Changed a membership type' });
  await expect(rows.first().getByRole('cell').nth(3)).toContainText(PRIYA.name);
  await expect(page.getByRole('button', { name: 'Load more' })).toBeVisible();

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByLabel('Action')).toHaveValue('');
  await expect(page.getByLabel('Who')).toHaveValue('');
  // Back to the whole log as it was loaded, older page included.
  await expect(rows.first().getByRole('cell').nth(2)).toHaveText('Changed a membership type');
  await expect.poll(() => rows.count()).toBeGreaterThan(30);
});

test('on a phone the Audit log is a list of cards', async ({ page }) => {
  await loginAsAdmin(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/audit');
  const first = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .first();
  await expect(first).toBeVisible();
  // Each row is a card of its own, its cells stacked under their labels.
  expect(await first.evaluate((el) => getComputedStyle(el).display)).toBe('block');
  expect(
    await first
      .getByRole('cell')
      .first()
      .evaluate((el) => getComputedStyle(el, '::before').content),
  ).toBe('"When"');
  const box = await first.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
