import { expect, test, type Browser, type Page } from '@playwright/test';
import { latestMailTo, linkIn, loginAsDemo, SEED } from './fixtures';

// Issue 14: an event with one place. A member joins the full event and sees her place on the
// waitlist; the participant leaves, the first member waiting is promoted and emailed, the next
// one moves up; the creator sees the waitlist on the Participation tab.

async function memberPage(browser: Browser, who: { email: string; name: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginAsDemo(page, who);
  return page;
}

async function participation(page: Page, eventPath: string) {
  await page.goto(eventPath);
  await page.getByRole('tab', { name: 'Participation' }).click();
}

test('join a full event onto the waitlist; a participant leaves and the first member waiting gets the place', async ({ page, browser }) => {
  const title = `Small Supper ${Date.now().toString(36)}`;
  await loginAsDemo(page, SEED.founding);
  await page.goto('/calendar');
  await page.getByRole('button', { name: 'Create Event' }).click();
  const modal = page.getByRole('dialog', { name: 'Create Event' });
  await modal.getByLabel('Title').fill(title);
  await modal.getByLabel('Capacity (optional)').fill('0');
  await modal.getByRole('button', { name: 'Next' }).click();
  await modal.getByLabel('Date', { exact: true }).fill('2031-07-02');
  await modal.getByRole('button', { name: 'Create Event' }).click();
  // The server's refusal takes her back to the field.
  await expect(modal.getByText('Capacity must be a whole number of at least 1 (leave it empty for no limit).').first()).toBeVisible();
  await modal.getByLabel('Capacity (optional)').fill('1');
  await modal.getByRole('button', { name: 'Next' }).click();
  await modal.getByRole('button', { name: 'Create Event' }).click();
  await expect(modal).toBeHidden();
  await page.getByLabel('Search events by title').fill(title);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await expect(card.getByText('0 of 1 place')).toBeVisible();
  await card.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/events\/\d+$/);
  const eventPath = new URL(page.url()).pathname;

  // Amara takes the only place.
  const amara = await memberPage(browser, SEED.founding2);
  await participation(amara, eventPath);
  await amara.getByRole('button', { name: 'Join Event' }).click();
  const welcome = amara.getByRole('dialog', { name: `Welcome to ${title}!` });
  await expect(welcome).toBeVisible();
  await welcome.getByText('Close', { exact: true }).click();
  await expect(welcome).toBeHidden();

  // Sofia finds it full and joins the waitlist: number 1; Mei after her: number 2.
  const sofia = await memberPage(browser, SEED.standard);
  await sofia.goto('/calendar');
  await sofia.getByLabel('Search events by title').fill(title);
  const sofiasCard = sofia.getByRole('listitem').filter({ has: sofia.getByRole('link', { name: title }) });
  await expect(sofiasCard.getByText('1 of 1 place')).toBeVisible();
  await expect(sofiasCard.getByText('Full', { exact: true })).toBeVisible();
  await participation(sofia, eventPath);
  await expect(sofia.getByText('1 of 1 place')).toBeVisible();
  await sofia.getByRole('button', { name: 'Join waitlist' }).click();
  await expect(sofia.getByText('You are number 1 on the waitlist')).toBeVisible();
  await expect(sofia.getByRole('button', { name: 'Leave waitlist' })).toBeVisible();

  const mei = await memberPage(browser, SEED.standard2);
  await participation(mei, eventPath);
  await mei.getByRole('button', { name: 'Join waitlist' }).click();
  await expect(mei.getByText('You are number 2 on the waitlist')).toBeVisible();

  // The creator sees who waits, in order.
  await participation(page, eventPath);
  const waitlist = page.getByRole('list', { name: 'Waitlist, first in line first' });
  await expect(waitlist.getByRole('listitem')).toHaveText([/Sofia Rossi/, /Mei Lin/]);

  // Amara leaves: Sofia has the place and an email saying so; Mei moves up.
  await amara.reload();
  await amara.getByRole('tab', { name: 'Participation' }).click();
  await amara.getByRole('button', { name: 'Leave Event' }).click();
  await amara.getByRole('dialog', { name: 'Leave Event' }).getByRole('button', { name: 'Leave Event' }).click();
  await expect(amara.getByRole('button', { name: 'Join waitlist' })).toBeVisible();

  const mail = await latestMailTo(sofia, SEED.standard.email, `A place for you: ${title}`);
  expect(mail.text).toContain(`Dear ${SEED.standard.name},`);
  expect(linkIn(mail, '/events/')).toBe(eventPath);

  await participation(sofia, eventPath);
  await expect(sofia.getByRole('button', { name: 'Leave Event' })).toBeVisible();
  await expect(sofia.getByText('(You)')).toBeVisible();
  await participation(mei, eventPath);
  await expect(mei.getByText('You are number 1 on the waitlist')).toBeVisible();

  // Mei leaves the waitlist.
  await mei.getByRole('button', { name: 'Leave waitlist' }).click();
  await mei.getByRole('dialog', { name: 'Leave waitlist' }).getByRole('button', { name: 'Leave waitlist' }).click();
  await expect(mei.getByRole('button', { name: 'Join waitlist' })).toBeVisible();
  await participation(page, eventPath);
  await expect(page.getByText('Nobody is waiting for a place.')).toBeVisible();
});
