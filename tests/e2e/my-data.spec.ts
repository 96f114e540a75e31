// Issue 12 "The member's own data": a member changes her email preferences in Settings (they
// stick), downloads her data (the ZIP opens and its JSON parses) and deletes her account (she
// cannot log in after). Mei is deleted here: the specs that sign in as her (comments, events,
// gallery) run before this file (one worker, files in name order) and every run starts from a
// fresh seeded state (playwright.config.ts RESET_STATE).
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { loginAs, SEED } from './fixtures';

const MEI = SEED.standard2;

test('email preferences, download my data, then delete the account', async ({ page }) => {
  await loginAs(page, MEI.email, SEED.demoPassword, MEI.name, { fresh: true });
  await page.goto('/settings');

  // Email preferences stick across a reload: issue 12's categories and issue 23's kinds, one table
  // (Settings > Notifications since issue 40 added push beside email).
  const email = page.getByRole('form', { name: 'Notifications' });
  const groupMail = email.getByRole('combobox', { name: /Group mail/ });
  await expect(groupMail).toHaveValue('on');
  await groupMail.selectOption('off');
  await email.getByRole('combobox', { name: /Likes of my comments/ }).selectOption('instant');
  await email.getByRole('button', { name: 'Save notification preferences' }).click();
  await expect(page.getByText('Notification preferences saved.')).toBeVisible();
  await page.reload();
  const saved = page.getByRole('form', { name: 'Notifications' });
  await expect(saved.getByRole('combobox', { name: /Group mail/ })).toHaveValue('off');
  await expect(saved.getByRole('combobox', { name: /Announcements/ })).toHaveValue('on');
  await expect(saved.getByRole('combobox', { name: /Likes of my comments/ })).toHaveValue('instant');
  await expect(saved.getByRole('combobox', { name: /Comments on my events/ })).toHaveValue('daily');
  // Only admins are told about applications.
  await expect(saved.getByRole('combobox', { name: /membership applications/ })).toHaveCount(0);

  // Download my data: a ZIP whose JSON is hers.
  const yourData = page.getByRole('region', { name: 'Your data' });
  const downloading = page.waitForEvent('download');
  await yourData.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^owow-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  const data = JSON.parse(strFromU8(files['data.json']!)) as {
    profile: { name: string; email: string };
    emailPreferences: Record<string, boolean>;
    notificationEmails: Record<string, string>;
    timeZone: string;
  };
  expect(data.profile).toMatchObject({ name: MEI.name, email: MEI.email });
  expect(data.emailPreferences).toMatchObject({ group_mail: false, announcements: true });
  expect(data.notificationEmails).toMatchObject({ like: 'instant', comment: 'daily' });
  expect(typeof data.timeZone).toBe('string');

  // Delete the account: a wrong password first, then hers.
  const del = page.getByRole('form', { name: 'Delete account' });
  // Her email is the form's (hidden) username, so a password manager fills the right account.
  await expect(del.locator('input[autocomplete="username"]')).toHaveValue(MEI.email);
  await del.getByLabel('Password', { exact: true }).fill('not her password');
  await del.getByRole('button', { name: 'Delete my account' }).click();
  // Nothing goes before she confirms in a dialog that says what goes (DECISIONS "Confirm destructive actions").
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(confirm).toContainText('your comments and likes');
  await expect(confirm).toContainText('hosted by ‘Former member’');
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(del.getByText('The password is not correct.').first()).toBeVisible();
  await expect(del.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await del.getByLabel('Password', { exact: true }).fill(SEED.demoPassword);
  await del.getByRole('button', { name: 'Delete my account' }).click();
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByText('Your account was deleted.')).toBeVisible();

  // She cannot log in any more.
  await page.goto('/login');
  await page.getByLabel('Email').fill(MEI.email);
  await page.getByLabel('Password').fill(SEED.demoPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
