import { expect, test } from '@playwright/test';
import { axe } from './axe';
import { latestMailTo, loginAsAdmin, loginAsDemo, SEED } from './fixtures';

const uniqueSubject = (what: string) => `${what} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('an admin composes with a live preview, sends to testing, and sees it in the mailbox and in Sent mail as sent', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/mail');
  await expect(page.getByRole('heading', { name: 'Send Message' })).toBeVisible();

  await page.getByLabel('Recipients').selectOption('testing');
  await expect(page.getByText('This email will go to 1 member.')).toBeVisible();

  const subject = uniqueSubject('Garden tea');
  await page.getByLabel('Subject').fill(subject);
  const body = page.getByLabel('Body');
  await expect(body).toHaveAttribute('rows', '25');
  await body.fill(
    '<h2>Garden tea</h2><p>Dear {{name}}, join us <a href="https://club.example/tea">here</a>.</p><script>document.title="pwned"</script><img src="x" onerror="document.title=\'pwned\'">',
  );

  // The preview: the same sanitizer as the server, in a sandboxed frame.
  const frameEl = page.locator('iframe[title="Email preview"]');
  await expect(frameEl).toHaveAttribute('sandbox', '');
  const preview = page.frameLocator('iframe[title="Email preview"]');
  await expect(preview.getByRole('heading', { name: 'Garden tea' })).toBeVisible();
  await expect(preview.getByText(`Dear ${SEED.admin.name}, join us`)).toBeVisible();
  expect(await frameEl.getAttribute('srcdoc')).not.toMatch(/<script|onerror/i);
  await expect(page.locator('.email-preview-subject')).toHaveText(subject);

  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Send this email?' });
  await expect(confirm).toContainText('1 member');
  await confirm.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByText('Email sent successfully.', { exact: true }).first()).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue('');
  expect(await page.title()).not.toBe('pwned');

  // Delivered: the dev mailbox has it, with the admin's own name merged and nothing unsafe.
  const mail = await latestMailTo(page, SEED.admin.email, subject);
  expect(mail.text).toContain(`Dear ${SEED.admin.name}, join us here (https://club.example/tea).`);
  expect(mail.html).not.toMatch(/<script|onerror/i);
  await page.goto('/dev/mailbox');
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();

  // Sent mail lists it; its detail shows the admin's delivery as sent.
  await page.goto('/admin/sent-mail');
  await expect(page.getByRole('heading', { name: 'Sent mail' })).toBeVisible();
  await page.getByRole('button', { name: `${subject}, details` }).click();
  const detail = page.getByRole('dialog', { name: subject });
  await expect(detail.getByText('Testing (only me)')).toBeVisible();
  const row = detail.getByRole('row').filter({ hasText: SEED.admin.email });
  await expect(row.getByText('Sent', { exact: true })).toBeVisible({ timeout: 15_000 });
  // The recipient's and the sender's names link to their profiles (issue 22).
  await expect(row.getByRole('link', { name: SEED.admin.name })).toHaveAttribute('href', /^\/members\/\d+$/);
  await expect(detail.locator('dd').getByRole('link', { name: SEED.admin.name })).toHaveAttribute('href', /^\/members\/\d+$/);
  await expect(detail.getByRole('button', { name: 'Retry failed' })).toBeDisabled();
  await detail.getByRole('button', { name: 'Close' }).first().click();
  await expect(detail).toBeHidden();
});

test("the Mail page asks for a subject and body, and counts a 'selected' group", async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/mail');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Subject and body are required.')).toBeVisible();

  await page.getByLabel('Recipients').selectOption('selected');
  await expect(page.getByText('No members will receive this email yet.')).toBeVisible();
  await page.getByLabel('Search members').fill('sofia');
  await page.getByRole('checkbox', { name: new RegExp(SEED.standard.name) }).check();
  await expect(page.getByText('This email will go to 1 member.')).toBeVisible();
  await page.getByLabel('Search members').fill('');
  await page.getByRole('checkbox', { name: new RegExp(SEED.founding.name) }).check();
  await expect(page.getByText('This email will go to 2 members.')).toBeVisible();

  await page.getByLabel('Recipients').selectOption('founding');
  await expect(page.getByText(/This email will go to \d+ members?\./)).toBeVisible();

  // A body typed as plain text keeps its paragraphs (issue 46): the preview renders what is sent.
  await page.getByLabel('Subject').fill('Sunday tea');
  await page.getByLabel('Body').fill('Dear {{name}},\n\nTea on Sunday\nat 4 pm.\n\nSee you there!');
  const preview = page.frameLocator('iframe[title="Email preview"]');
  await expect(preview.locator('p')).toHaveCount(3);
  await expect(preview.locator('p').nth(1)).toHaveText('Tea on Sundayat 4 pm.');
  await expect(preview.locator('p br')).toHaveCount(1);
  for (const [device, width] of [
    ['1280', 1280],
    ['390', 390],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await expect(preview.locator('p').first()).toBeVisible();
    await page.locator('.mail-preview-column').screenshot({ path: test.info().outputPath(`mail-paragraphs-${device}.png`) });
  }

  const results = await axe(page).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id} ${v.help}`)).toEqual([]);
});

test('a member cannot reach the Mail page or send group mail', async ({ page }) => {
  await loginAsDemo(page, SEED.standard);
  await page.goto('/mail');
  await expect(page.getByRole('heading', { name: 'Send Message' })).toHaveCount(0);
  const res = await page.request.post('/api/admin/send-email', {
    data: { subject: 'Hi', body: '<p>x</p>', recipientGroup: 'all', selectedMemberIds: [] },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(res.status()).toBe(403);
});
