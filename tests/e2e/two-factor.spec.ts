// Issue 11 "Two-factor sign-in": an admin without 2FA is sent from /admin to Settings, sets it up
// there (the test reads the shown secret and computes the code, as her app would), saves the
// recovery codes, logs out, and logs in with her password then a code to reach /admin; a
// recovery code also signs her in. Hana is a demo member no other spec signs in as: the seeded
// admin makes her an admin for this test and takes it back at the end.
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { axe } from './axe';
import { freshTotpCode, loginAsAdmin, SEED } from './fixtures';

const HANA = { email: 'hana@club.example', name: 'Hana Sato' };

async function setHanaAdmin(browser: Browser, admin: boolean) {
  const page = await (await browser.newContext()).newPage();
  await loginAsAdmin(page);
  const users = await (await page.request.get(`/api/users?search=${encodeURIComponent(HANA.email)}`)).json();
  const hana = (users as { user_id: number; email: string }[]).find((u) => u.email === HANA.email)!;
  const res = await page.request.put(`/api/users/${hana.user_id}/admin`, { data: { admin } });
  expect(res.status()).toBe(200);
  await page.context().close();
}

async function passwordStep(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(HANA.email);
  await page.getByLabel('Password').fill(SEED.demoPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function seriousA11y(page: Page, selector: string) {
  const results = await axe(page).include(selector).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

test('an admin without 2FA is sent to Settings, sets it up, and signs in with password then code', async ({ browser }) => {
  await setHanaAdmin(browser, true);
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  try {
    await passwordStep(page);
    await page.waitForURL(/\/home$/);

    // Every admin page sends her to Settings, which says why.
    await page.goto('/admin');
    await page.waitForURL(/\/settings$/);
    await expect(page.getByText('Administrators sign in with two-factor sign-in.').first()).toBeVisible();
    const card = page.getByRole('region', { name: 'Two-factor sign-in' });
    await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();

    // The QR code is drawn in the page; the secret is shown as text too.
    await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await card.getByLabel('Setup key').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await seriousA11y(page, '#two-factor')).toEqual([]);

    await card.getByLabel('Code from the app').fill('000000');
    await card.getByRole('button', { name: 'Turn on' }).click();
    await expect(card.getByText('That code is not right.')).toBeVisible();
    await card.getByLabel('Code from the app').fill(await freshTotpCode(secret));
    await card.getByRole('button', { name: 'Turn on' }).click();

    // Ten recovery codes, shown once, with Copy and Download.
    const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recovery = (await codes.allInnerTexts()).map((c) => c.trim());
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download (.txt)' }).click()]);
    expect(download.suggestedFilename()).toBe('owow-recovery-codes.txt');
    const saved = await readFile((await download.path())!, 'utf8');
    for (const code of recovery) expect(saved).toContain(code);
    expect(await seriousA11y(page, '#two-factor')).toEqual([]);
    await card.getByRole('button', { name: 'I have saved them' }).click();
    await expect(card.getByText('On.')).toBeVisible();
    await expect(page.getByText('Administrators sign in with two-factor sign-in.')).toHaveCount(0);

    // The admin pages open now.
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: `Welcome, ${HANA.name}` })).toBeVisible();

    // Log out, then in: the password alone is not enough.
    await page.goto('/logout');
    await page.waitForURL((url) => url.pathname === '/');
    await passwordStep(page);
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    const codeField = page.getByLabel('Authentication code');
    await expect(codeField).toHaveAttribute('inputmode', 'numeric');
    await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
    expect((await context.cookies()).some((c) => c.name === 'owow_session')).toBe(false);
    expect(await seriousA11y(page, 'main')).toEqual([]);
    await codeField.fill(await freshTotpCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/home$/);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: `Welcome, ${HANA.name}` })).toBeVisible();

    // A recovery code signs in once, instead of the app.
    await page.goto('/logout');
    await page.waitForURL((url) => url.pathname === '/');
    await passwordStep(page);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recovery[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/home$/);
  } finally {
    await context.close();
    await setHanaAdmin(browser, false);
  }
});
