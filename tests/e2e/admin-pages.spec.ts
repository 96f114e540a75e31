// Issue 13: the admin lists come a page at a time. With more invitation codes than a page (30),
// the codes screen shows the newest 30 and a "Load more codes" button that brings the older ones
// under them, none repeated; the applications screen's tabs carry each status's count.
import { expect, test } from '@playwright/test';
import { loginAsAdmin } from './fixtures';

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();

test('an admin loads the older invitation codes on demand', async ({ page }) => {
  await loginAsAdmin(page);
  const origin = new URL(page.url()).origin;
  // 32 codes through the real admin API, oldest first: more than one page whatever else exists.
  const created: string[] = [];
  for (let i = 0; i < 32; i++) {
    const code = `PAGE-${run}-${String(i).padStart(2, '0')}`;
    const res = await page.request.post('/api/invitation-codes', { data: { code, note: `Paging ${i}` }, headers: { Origin: origin } });
    expect(res.status()).toBe(201);
    created.push(code);
  }

  await page.goto('/admin/codes');
  const rows = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(30);
  // Newest first: the last one created leads.
  await expect(rows.first().getByRole('cell').first()).toHaveText(created.at(-1)!);
  const more = page.getByRole('button', { name: 'Load more codes' });
  await expect(more).toBeVisible();
  await more.click();
  await expect.poll(() => rows.count()).toBeGreaterThan(30);
  const codes = (await rows.locator('td.code').allInnerTexts()).map((c) => c.trim());
  expect(new Set(codes).size).toBe(codes.length);
  for (const code of created) expect(codes).toContain(code);
  // The two oldest of this run are on the second page, in order.
  expect(codes.indexOf(created[0]!)).toBeGreaterThan(codes.indexOf(created[1]!));
  expect(codes.indexOf(created[1]!)).toBeGreaterThanOrEqual(30);
});

test('the applications tabs show how many each holds', async ({ page }) => {
  await loginAsAdmin(page);
  const all = (await (await page.request.get('/api/applications?status=all&limit=100')).json()) as { accepted: boolean | null }[];
  await page.goto('/applications');
  const tab = (name: string) => page.getByRole('tab', { name: new RegExp(`^${name} \\d+$`) });
  await expect(tab('All')).toHaveText(`All ${all.length}`);
  await expect(tab('Pending')).toHaveText(`Pending ${all.filter((a) => a.accepted === null).length}`);
  await expect(tab('Accepted')).toHaveText(`Accepted ${all.filter((a) => a.accepted === true).length}`);
  await expect(tab('Rejected')).toHaveText(`Rejected ${all.filter((a) => a.accepted === false).length}`);
});
