// Issue 11 "Sessions": a member signed in on two browsers ends one from Settings; that browser is
// then signed out. Priya is a demo member no other spec signs in as, so ending her sessions
// takes nobody else's away.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { axe } from './axe';
import { SEED } from './fixtures';

const PRIYA = { email: 'priya@club.example', name: 'Priya Raman' };
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** A browser of its own (its own cookies) signed in through the login form. */
async function signedInBrowser(browser: Browser, opts: { userAgent?: string; phone?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({
    userAgent: opts.userAgent,
    viewport: opts.phone ? { width: 390, height: 844 } : undefined,
  });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(PRIYA.email);
  await page.getByLabel('Password').fill(SEED.demoPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(/\/home$/);
  return page;
}

const devicesOf = (page: Page) => page.getByRole('region', { name: 'Signed-in devices' });

test('a member signs out another of her browsers from Settings, and that browser is signed out', async ({ browser }) => {
  const laptop = await signedInBrowser(browser, { userAgent: FIREFOX });
  const phone = await signedInBrowser(browser, { userAgent: IPHONE, phone: true });

  await phone.goto('/settings');
  const devices = devicesOf(phone);
  const thisDevice = devices.getByRole('listitem').filter({ hasText: 'This device' });
  await expect(thisDevice).toHaveCount(1);
  await expect(thisDevice).toContainText('Safari 17 on iOS');
  await expect(thisDevice).toContainText('Active now');
  await expect(thisDevice.getByRole('button')).toHaveCount(0);
  const laptopRow = devices.getByRole('listitem').filter({ hasText: 'Firefox 133 on Windows' });
  await expect(laptopRow).toHaveCount(1);
  await expect(laptopRow).toContainText('Active within the last hour');
  expect((await axe(phone).include('section[aria-labelledby="devices-heading"]').analyze()).violations).toEqual([]);

  await laptopRow.getByRole('button', { name: 'Sign out Firefox 133 on Windows' }).click();
  const confirm = phone.getByRole('dialog', { name: 'Sign out this device?' });
  await expect(confirm).toContainText('Firefox 133 on Windows will need your password to sign in again.');
  await confirm.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(phone.getByText('Firefox 133 on Windows is signed out.')).toBeVisible();
  // The list refreshed without it.
  await expect(laptopRow).toHaveCount(0);
  await expect(thisDevice).toHaveCount(1);

  // The laptop's next visit to a members' page goes to the login.
  await laptop.goto('/settings');
  await expect(laptop).toHaveURL(/\/login(\?|$)/);
  await expect(laptop.getByRole('button', { name: 'Login', exact: true })).toBeVisible();

  // The phone is still signed in.
  await phone.reload();
  await expect(devicesOf(phone).getByRole('listitem').filter({ hasText: 'This device' })).toHaveCount(1);
  await laptop.context().close();
  await phone.context().close();
});

test('"Sign out all other devices" signs out every other browser and keeps this one', async ({ browser }) => {
  const first = await signedInBrowser(browser, { userAgent: FIREFOX });
  const second = await signedInBrowser(browser);
  const phone = await signedInBrowser(browser, { userAgent: IPHONE, phone: true });

  await phone.goto('/settings');
  const devices = devicesOf(phone);
  await expect(devices.getByRole('button', { name: /^Sign out / })).not.toHaveCount(0);
  await devices.getByRole('button', { name: 'Sign out all other devices' }).click();
  const confirm = phone.getByRole('dialog', { name: 'Sign out all other devices?' });
  await expect(confirm).toContainText('You stay signed in here.');
  await confirm.getByRole('button', { name: 'Sign out others' }).click();
  await expect(phone.getByText(/Signed out \d+ other devices?\./)).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(devices.getByText('You are not signed in anywhere else.')).toBeVisible();
  await expect(devices.getByRole('button', { name: 'Sign out all other devices' })).toHaveCount(0);

  for (const other of [first, second]) {
    await other.goto('/settings');
    await expect(other).toHaveURL(/\/login(\?|$)/);
  }
  await phone.goto('/home');
  await expect(phone.getByText(`Logged in as ${PRIYA.name}`).first()).toBeAttached();
  for (const p of [first, second, phone]) await p.context().close();
});
