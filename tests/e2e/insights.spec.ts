// Issue 42: the admin opens Insights from the dashboard, sees every panel's charts on the demo
// club, turns a chart into its table, and changes the period (kept in the URL).
import { expect, test } from '@playwright/test';
import { axe } from './axe';
import { loginAsAdmin } from './fixtures';

test('Insights draws its charts, shows one as a table, and keeps the period in the URL', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/admin');
  await page
    .getByRole('link', { name: /Insights/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/insights$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();

  for (const panel of ['Membership', 'Applications', 'Events', 'Engagement', 'Mail', 'Homes']) {
    await expect(page.getByRole('heading', { level: 2, name: panel })).toBeVisible();
  }
  // Every chart is drawn (a canvas each) with its title.
  const charts = page.locator('figure.chart');
  await expect(charts).toHaveCount(13);
  await expect(charts.locator('canvas')).toHaveCount(13);

  const joined = page.getByRole('figure', { name: 'Members joined and lapsed' });
  await joined.getByRole('button', { name: 'Show as table' }).click();
  const table = joined.getByRole('table', { name: 'Members joined and lapsed' });
  await expect(table.getByRole('columnheader', { name: 'Joined' })).toBeVisible();
  await expect(table.getByRole('row')).not.toHaveCount(1);
  await joined.getByRole('button', { name: 'Show as chart' }).click();
  await expect(joined.locator('canvas')).toBeVisible();

  await page.getByRole('button', { name: 'Last 12 months' }).click();
  await expect(page).toHaveURL(/\?period=12m$/);
  await expect(page.getByText(/compared with/)).toBeVisible();
  await expect(page.getByText(/vs the 12 months before|in the 12 months before/).first()).toBeVisible();
  expect((await axe(page).include('main').analyze()).violations).toEqual([]);
});
