// Issue 28 "The demo club shows everything the club can do": signed in as the demo members that
// README's seeded-data section names, on a desktop and on a 390 px phone, a newcomer finds homes
// listed with photos, a video in the gallery that plays, a full event with its waitlist, a banner,
// and the admin's sent mail and audit log with entries. Nothing here creates content: it is all
// the seed's (scripts/lib/seed/).
import { expect, test, type Locator } from '@playwright/test';
import { AUDIT_ACTION_LABELS } from '../../src/shared/audit-actions';
import { loginAsAdmin, loginAsDemo, SEED } from './fixtures';

const PRIYA = { email: 'priya@club.example', name: 'Priya Raman' };
const HANA = { email: 'hana@club.example', name: 'Hana Sato' };

/** The image has arrived and decoded (not a broken or pending src). */
async function expectLoaded(img: Locator) {
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
}

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 860 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`the demo on a ${device}`, () => {
    // Signed in at the default size (the login helper reads the header's "Logged in as", which a
    // phone keeps in the menu), then looked at on the device's screen.

    test('Homes lists the Travel Hosts’ homes with photos, and a guest with an accepted stay sees the address', async ({ page }) => {
      await loginAsDemo(page, PRIYA);
      await page.setViewportSize(viewport);
      await page.goto('/homes');
      for (const [title, place, host] of [
        ['Ocean House on Maui', 'Kihei, United States', 'Claire Dubois'],
        ['Daikanyama Garden Apartment', 'Tokyo, Japan', HANA.name],
        ['Kyoto Machiya Townhouse', 'Kyoto, Japan', HANA.name],
      ]) {
        const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
        await expect(card).toContainText(place);
        await expect(card).toContainText(`hosted by ${host}`);
        await card.scrollIntoViewIfNeeded();
        await expectLoaded(card.locator('img').first());
      }
      // A draft (Grace's cottage) is not listed.
      await expect(page.getByRole('heading', { name: 'Cottage' })).toHaveCount(0);

      await page.getByRole('heading', { name: 'Ocean House on Maui' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Ocean House on Maui' })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Open photo \d of 3$/ })).toHaveCount(3);
      await expect(page.getByText('South Kihei Rd, Maui')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Already booked' })).toBeVisible();
    });

    test('the gallery holds a video that plays, photos of several days, and an event banner', async ({ page }) => {
      await loginAsDemo(page, PRIYA);
      await page.setViewportSize(viewport);
      await page.goto('/gallery');
      await expect(page.getByRole('heading', { name: 'Image Gallery' })).toBeVisible();
      // Photos uploaded on several days: a heading a day.
      await expect.poll(() => page.locator('.image-tile').count()).toBeGreaterThanOrEqual(7);
      await expect.poll(() => page.locator('h2.gallery-date').count()).toBeGreaterThanOrEqual(4);

      const tile = page.getByRole('button', { name: /^Open Sunrise over Yoyogi Park \(video, 0:0\d\)$/ });
      await tile.scrollIntoViewIfNeeded();
      await expectLoaded(tile.locator('img'));
      await tile.click();
      const view = page.getByRole('dialog', { name: 'Detailed Image View' });
      await expect(view.getByText(`Video uploaded by ${HANA.name}`)).toBeVisible();
      const video = view.locator('video');
      await video.evaluate((v: HTMLVideoElement) => {
        v.muted = true;
        return v.play();
      });
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true);
      await view.getByRole('button', { name: 'Close' }).first().click();

      // The Tea Ceremony's host chose its banner from the event's own photos.
      await page.goto('/calendar');
      await page.getByRole('link', { name: 'Tea Ceremony in the Garden' }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: 'Tea Ceremony in the Garden' })).toBeVisible();
      const images = (await (await page.request.get('/api/images?tag=garden')).json()) as { title: string; display_url: string }[];
      const dawn = images.find((i) => i.title === 'Dawn in the tea garden')!;
      const banner = page.locator('.event-banner img');
      await expect(banner).toHaveAttribute('src', dawn.display_url);
      await expectLoaded(banner);
    });

    test('a full event shows its places, and its waitlist to the member waiting and to the host', async ({ page, browser, baseURL }) => {
      await loginAsDemo(page, SEED.standard2);
      await page.setViewportSize(viewport);
      await page.goto('/calendar');
      const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Harbour Sunset Sail' }) });
      await expect(card.getByText('5 of 5 places')).toBeVisible();
      await expect(card.getByText('Full', { exact: true })).toBeVisible();
      await card.getByRole('link', { name: 'Harbour Sunset Sail' }).click();
      await page.getByRole('tab', { name: 'Participation' }).click();
      await expect(page.getByText('You are number 1 on the waitlist')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Leave waitlist' })).toBeVisible();

      const host = await browser.newContext({ baseURL });
      try {
        const claire = await host.newPage();
        await loginAsDemo(claire, SEED.travelHost);
        await claire.setViewportSize(viewport);
        await claire.goto(new URL(page.url()).pathname);
        await claire.getByRole('tab', { name: 'Participation' }).click();
        const waitlist = claire.getByRole('list', { name: 'Waitlist, first in line first' });
        await expect(waitlist.getByRole('listitem')).toHaveText([/Mei Lin/, /Priya Raman/]);
      } finally {
        await host.close();
      }
    });

    test('the admin finds sent mail with each delivery, a failed one to retry, and the audit log', async ({ page }) => {
      await loginAsAdmin(page);
      await page.setViewportSize(viewport);
      await page.goto('/admin/sent-mail');
      await expect(page.getByRole('heading', { name: 'Sent mail' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Winter gala: save the date, details' })).toBeVisible();
      await page.getByRole('button', { name: 'Hosts: open your calendars for the spring, details' }).click();
      const detail = page.getByRole('dialog', { name: 'Hosts: open your calendars for the spring' });
      const failed = detail.getByRole('row').filter({ hasText: HANA.email });
      await expect(failed.getByText('Failed', { exact: true })).toBeVisible();
      await expect(failed).toContainText('Mailbox full');
      await expect(detail.getByRole('button', { name: 'Retry failed' })).toBeEnabled();
      await detail.getByRole('button', { name: 'Close' }).first().click();

      await page.goto('/admin/audit');
      await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
      const rows = page
        .getByRole('table')
        .getByRole('row')
        .filter({ has: page.getByRole('cell') });
      await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(30);
      // An entry of every kind: the Action filter offers the kinds the log holds.
      const action = page.getByLabel('Action');
      await expect(action.locator('option', { hasText: 'Retried failed deliveries' })).toHaveCount(1);
      const offered = await action.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
      const missing = Object.keys(AUDIT_ACTION_LABELS).filter((kind) => !offered.includes(kind));
      expect(missing, 'audit kinds the demo seed writes no entry of').toEqual([]);
      await action.selectOption({ label: 'Retried failed deliveries' });
      await expect(rows.first().getByRole('cell').nth(1)).toHaveText(SEED.admin.name);
      await expect(rows.first().getByRole('cell').nth(2)).toHaveText('Retried failed deliveries');
    });
  });
}
