import { expect, test, type Page } from '@playwright/test';
import { loginAsAdmin, loginAsDemo, SEED } from './fixtures';

// Issue 38: members write to each other, seen in a real browser. Two members side by side (two
// browser contexts) in a conversation of their own: what one sends appears in the other's open
// conversation within two seconds and moves her header's count, and what she is typing stays.
// Then the report flow: a member reports a message, an admin removes it, the member sees it gone.

const uid = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The header's link to /messages, once the socket has said her count. */
const messagesLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Messages, \d+ unread$/ });

async function unreadInHeader(page: Page): Promise<number> {
  await expect(messagesLink(page)).toBeVisible();
  const label = (await messagesLink(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(label)?.[1] ?? NaN);
}

/** A message of the open thread, by its text. */
const messageIn = (page: Page, text: string) => page.locator('.message').filter({ hasText: text });

test('two members write to each other live; a reported message is removed by the admins', async ({ browser }) => {
  const sofiaContext = await browser.newContext();
  const meiContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const sofia = await sofiaContext.newPage();
  const mei = await meiContext.newPage();
  const admin = await adminContext.newPage();
  await loginAsDemo(sofia, SEED.standard);
  await loginAsDemo(mei, SEED.standard2);

  // Mei is on another page; her header knows her unread messages.
  await mei.goto('/calendar');
  const before = await unreadInHeader(mei);

  // Sofia finds Mei in the directory and presses "Message": a composer with Mei on the "To" line
  // (or their conversation, had they one). Shift+Enter breaks a line; Enter sends.
  await sofia.goto('/members?q=Mei');
  await sofia.getByRole('link', { name: `Message ${SEED.standard2.name}` }).click();
  const box = sofia.getByRole('textbox', { name: `Write to ${SEED.standard2.name}` });
  await expect(box).toBeFocused();
  const first = uid('Hello Mei');
  await box.pressSequentially(first);
  await box.press('Shift+Enter');
  await box.pressSequentially('Coffee next week?');
  await box.press('Enter');
  await expect(sofia).toHaveURL(/\/messages\/\d+$/);
  const conversation = sofia.url().replace(/^.*\/messages\//, '');
  // Kept as two lines (toHaveText would fold the line break into a space).
  await expect(messageIn(sofia, first)).toBeVisible();
  expect(
    await messageIn(sofia, first)
      .locator('.message-text')
      .evaluate((p) => p.textContent),
  ).toBe(`${first}\nCoffee next week?`);
  await expect(box).toHaveValue('');

  // Mei's header counts it without a reload; her list shows it first, in bold; opening it reads it.
  await expect(messagesLink(mei)).toHaveAttribute('aria-label', `Messages, ${before + 1} unread`, { timeout: 5_000 });
  await mei.goto('/messages');
  const entry = mei.locator('.conversation-entry').first();
  await expect(entry).toHaveClass(/conversation-unread/);
  await expect(entry).toContainText(SEED.standard.name);
  await expect(entry).toContainText(first);
  await entry.getByRole('link').click();
  await expect(mei).toHaveURL(new RegExp(`/messages/${conversation}$`));
  await expect(messageIn(mei, first)).toBeVisible();
  await expect(messagesLink(mei)).toHaveAttribute('aria-label', `Messages, ${before} unread`);

  // Mei starts a reply and leaves it unsent; Sofia writes again: it appears in Mei's open
  // conversation within two seconds, and Mei's draft is untouched.
  const reply = mei.getByRole('textbox', { name: `Write to ${SEED.standard.name}` });
  await reply.fill('Half-written answer');
  const second = uid('Are you free on Tuesday?');
  await box.fill(second);
  await box.press('Enter');
  await expect(messageIn(sofia, second)).toBeVisible();
  await expect(messageIn(mei, second)).toBeVisible({ timeout: 2_000 });
  await expect(reply).toHaveValue('Half-written answer');

  // Mei answers with the send button: it reaches Sofia's open conversation as fast.
  const answer = uid('Tuesday works, see https://example.org/cafe');
  await reply.fill(answer);
  await mei.getByRole('button', { name: 'Send' }).click();
  await expect(messageIn(mei, answer)).toBeVisible();
  await expect(messageIn(sofia, answer)).toBeVisible({ timeout: 2_000 });
  await expect(messageIn(sofia, answer).getByRole('link', { name: 'https://example.org/cafe' })).toHaveAttribute(
    'rel',
    'noopener noreferrer nofollow',
  );

  // Mei reports Sofia's second message, with her reason.
  await messageIn(mei, second)
    .getByRole('button', { name: /^Actions for/ })
    .click();
  await messageIn(mei, second).getByRole('button', { name: 'Report' }).click();
  const dialog = mei.getByRole('dialog', { name: 'Report this message' });
  await dialog.getByLabel('Why do you report it?').fill('It makes me uncomfortable.');
  await dialog.getByRole('button', { name: 'Report' }).click();
  await expect(mei.getByText("Thank you. The club's admins will look at it.")).toBeVisible();

  // The admin sees it with its context and who reported it, and removes it.
  await loginAsAdmin(admin);
  await admin.goto('/admin/reports');
  const report = admin.locator('.report-card').filter({ hasText: second });
  await expect(report).toContainText(`Reported by ${SEED.standard2.name}`);
  await expect(report).toContainText('It makes me uncomfortable.');
  await expect(report.locator('.report-line').filter({ hasText: first })).toBeVisible();
  await report.getByRole('button', { name: 'Remove', exact: true }).click();
  await admin.getByRole('dialog', { name: 'Remove this message?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(admin.getByText('Message removed.')).toBeVisible();
  await expect(report).toHaveCount(0);

  // Both members see it gone, without a reload.
  for (const page of [mei, sofia]) {
    await expect(page.locator('.message-text-gone', { hasText: "Removed by the club's admins" })).toBeVisible();
    await expect(page.getByText(second)).toHaveCount(0);
  }

  await sofiaContext.close();
  await meiContext.close();
  await adminContext.close();
});
