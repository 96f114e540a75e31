import { expect, test, type Browser, type Page } from '@playwright/test';
import { axe } from './axe';
import { loginAs, loginAsAdmin, loginAsDemo, SEED } from './fixtures';

// The widget is driven where members meet it: an event page's 'Notes and Comments' tab and the
// gallery's 'Detailed Image View'. Each test creates its own event or image, so none depends on
// rows other specs create.

// A valid 1×1 PNG, without metadata.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const uid = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface ApiComment {
  id: number;
  content: string;
  like_count: number;
  user_liked: boolean;
  username: string;
}

interface Host {
  kind: 'event' | 'image';
  id: number;
}
const idOf = (host: Host) => `${host.kind}-${host.id}`;

/** Uploads an image as the page's member. */
async function newImage(page: Page): Promise<Host> {
  const res = await page.request.post('/upload-image', {
    multipart: { image: { name: `${uid('comments')}.png`, mimeType: 'image/png', buffer: PNG } },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return { kind: 'image', id: ((await res.json()) as { id: number }).id };
}

/** Creates an event as the page's member (Founding, Travel Host or admin). */
async function newEvent(page: Page): Promise<Host> {
  const res = await page.request.post('/api/events', { data: { title: uid('Comments evening') } });
  expect(res.status(), await res.text()).toBe(201);
  return { kind: 'event', id: ((await res.json()) as { id: number }).id };
}

/** Opens the page that shows the widget and answers the widget. */
async function openComments(page: Page, host: Host) {
  if (host.kind === 'event') {
    await page.goto(`/events/${host.id}`);
    await page.getByRole('tab', { name: 'Notes and Comments' }).click();
  } else {
    await page.goto(`/gallery?image=${host.id}`);
  }
  const widget = page.getByRole('region', { name: /^Comments/ });
  await expect(widget).toBeVisible();
  await expect(widget.getByText('Loading comments...')).toBeHidden();
  return widget;
}

async function apiComments(page: Page, host: Host): Promise<ApiComment[]> {
  const res = await page.request.get(`/api/comments?commentableId=${idOf(host)}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ApiComment[];
}

async function postThroughApi(page: Page, host: Host, content: string): Promise<ApiComment> {
  const res = await page.request.post('/api/comments', { data: { content, commentableId: idOf(host) } });
  expect(res.status()).toBe(201);
  return (await res.json()) as ApiComment;
}

async function memberPage(browser: Browser, who: { email: string; name: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAsDemo(page, who);
  return { page, close: () => context.close() };
}

const commentItem = (widget: ReturnType<Page['getByRole']>, text: string) => widget.getByRole('listitem').filter({ hasText: text });

test('a member posts comments: Post appears on focus, is disabled while blank, and hides after posting', async ({ page }) => {
  await loginAsDemo(page, SEED.founding);
  const host = await newEvent(page);
  const widget = await openComments(page, host);
  await expect(widget.getByRole('heading', { name: 'Comments (0)' })).toBeVisible();
  await expect(widget.getByText('No comments yet. Be the first to comment!')).toBeVisible();
  await expect(widget.getByRole('button', { name: 'Newest First' })).toBeVisible();

  const input = widget.getByPlaceholder('Write a comment...');
  const postButton = widget.getByRole('button', { name: 'Post' });
  await expect(postButton).toHaveCount(0);
  await input.focus();
  await expect(postButton).toBeVisible();
  await expect(postButton).toBeDisabled();
  await input.fill('   ');
  await expect(postButton).toBeDisabled();

  const first = uid('First thoughts');
  await input.fill(`  ${first}  `);
  await expect(postButton).toBeEnabled();
  await postButton.click();
  await expect(commentItem(widget, first)).toBeVisible();
  await expect(postButton).toHaveCount(0);
  await expect(input).toHaveValue('');
  await expect(widget.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
  await expect(widget.getByText('No comments yet. Be the first to comment!')).toHaveCount(0);
  const item = commentItem(widget, first);
  await expect(item.getByText(SEED.founding.name)).toBeVisible();
  await expect(item.locator('time')).toHaveText('just now');

  // A second comment goes on top, with its line break kept.
  const second = uid('Second line');
  await input.click();
  await input.fill(`${second}\nand more`);
  await widget.getByRole('button', { name: 'Post' }).click();
  await expect(widget.getByRole('listitem').first()).toContainText(second);
  await expect(widget.getByRole('listitem').nth(1)).toContainText(first);
  const paragraph = widget.getByRole('listitem').first().locator('.comment-content');
  expect(await paragraph.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('pre-wrap');
  await expect(paragraph).toHaveText(`${second}\nand more`);

  // Stored, newest first, trimmed.
  const stored = await apiComments(page, host);
  expect(stored.map((c) => c.content)).toEqual([`${second}\nand more`, first]);
  const reopened = await openComments(page, host);
  await expect(reopened.getByRole('heading', { name: 'Comments (2)' })).toBeVisible();
  await expect(reopened.getByRole('listitem').first()).toContainText(second);
});

test('on a phone: the tabs keep one row, a reply threads under its comment, and the order toggles (issue 46 point 11)', async ({
  page,
  browser,
}) => {
  await loginAsDemo(page, SEED.founding);
  await page.setViewportSize({ width: 390, height: 844 });
  const host = await newEvent(page);
  const older = uid('Who brings the kettle');
  await postThroughApi(page, host, older);
  const newer = uid('Lanterns at dusk');
  await postThroughApi(page, host, newer);
  const widget = await openComments(page, host);

  // One row of four tabs; only the tab bar may scroll sideways, never the page.
  const tops = await page.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => Math.round(t.getBoundingClientRect().top)));
  expect(new Set(tops).size, `tab tops ${tops.join(',')}`).toBe(1);
  await expect(page.getByRole('tab', { name: 'Notes and Comments' })).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Another member answers the older comment; a reply to her reply joins the same thread.
  const other = await memberPage(browser, SEED.standard);
  const [top] = (await apiComments(other.page, host)).filter((c) => c.content === older);
  const res = await other.page.request.post('/api/comments', {
    data: { content: 'I will bring mine', commentableId: idOf(host), parent_id: top!.id },
  });
  expect(res.status()).toBe(201);
  await other.close();
  await page.reload();
  await page.getByRole('tab', { name: 'Notes and Comments' }).click();
  const thread = page.getByRole('list', { name: `Replies to ${SEED.founding.name}` });
  await expect(thread.getByRole('listitem')).toHaveCount(1);
  await thread.getByRole('button', { name: 'Reply' }).click();
  const box = widget.getByRole('textbox', { name: `Reply to ${SEED.founding.name}` });
  await expect(box).toBeFocused();
  await box.fill('Perfect, thank you');
  await widget.locator('.comment-reply-form').getByRole('button', { name: 'Reply' }).click();
  await expect(thread.getByRole('listitem')).toHaveCount(2);
  await expect(thread.getByRole('listitem').last()).toContainText('Perfect, thank you');
  await expect(thread.getByRole('listitem').last().locator('time')).toHaveText('just now');
  await page.screenshot({ path: test.info().outputPath('comments-thread-390.png'), fullPage: true });

  // 'Newest First' toggles to 'Oldest First' and back, reordering the top-level comments.
  const tops2 = widget.locator('.comments-list > .comment > article .comment-content');
  await expect(tops2).toHaveText([newer, older]);
  await widget.getByRole('button', { name: 'Newest First' }).click();
  await expect(tops2).toHaveText([older, newer]);
  await widget.getByRole('button', { name: 'Oldest First' }).click();
  await expect(tops2).toHaveText([newer, older]);
});

test('likes flip only when the server agrees: like, unlike, and a failed like', async ({ page }) => {
  await loginAsDemo(page, SEED.standard);
  const host = await newImage(page);
  const text = uid('Likeable');
  await postThroughApi(page, host, text);
  const widget = await openComments(page, host);
  const likeButton = commentItem(widget, text).getByRole('button', { name: /Like/ });
  await expect(likeButton).toHaveText(/Like\s*0/);
  await expect(likeButton).toHaveAttribute('aria-pressed', 'false');

  await likeButton.click();
  await expect(likeButton).toHaveAttribute('aria-pressed', 'true');
  await expect(likeButton).toHaveText(/Like\s*1/);
  expect((await apiComments(page, host))[0]).toMatchObject({ like_count: 1, user_liked: true });

  await likeButton.click();
  await expect(likeButton).toHaveAttribute('aria-pressed', 'false');
  await expect(likeButton).toHaveText(/Like\s*0/);
  expect((await apiComments(page, host))[0]).toMatchObject({ like_count: 0, user_liked: false });

  // The server refuses: nothing changes on screen.
  await page.route('**/trpc/comments.like**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify([{ error: { message: 'down', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } } }]),
    }),
  );
  const failed = page.waitForResponse('**/trpc/comments.like**');
  await likeButton.click();
  await failed;
  await expect(likeButton).toBeEnabled();
  await expect(likeButton).toHaveAttribute('aria-pressed', 'false');
  await expect(likeButton).toHaveText(/Like\s*0/);
  await page.unroute('**/trpc/comments.like**');
});

test('the author edits a comment, after cancelling a first edit', async ({ page }) => {
  await loginAsDemo(page, SEED.travelHost);
  const host = await newEvent(page);
  const original = uid('Original wording');
  await postThroughApi(page, host, original);
  const widget = await openComments(page, host);

  await commentItem(widget, original).getByRole('button', { name: 'Edit' }).click();
  const editBox = widget.getByRole('textbox', { name: 'Edit your comment' });
  await expect(editBox).toHaveValue(original);
  await expect(editBox).toBeFocused();
  await editBox.fill('never saved');
  await widget.getByRole('button', { name: 'Cancel' }).click();
  await expect(editBox).toHaveCount(0);
  await expect(commentItem(widget, original)).toBeVisible();
  await expect(widget.getByText('never saved')).toHaveCount(0);

  const revised = uid('Revised wording');
  await commentItem(widget, original).getByRole('button', { name: 'Edit' }).click();
  await expect(editBox).toHaveValue(original);
  await editBox.fill(revised);
  await widget.getByRole('button', { name: 'Save' }).click();
  await expect(editBox).toHaveCount(0);
  await expect(commentItem(widget, revised)).toContainText('(edited)');
  await expect(widget.getByText(original)).toHaveCount(0);
  expect((await apiComments(page, host)).map((c) => c.content)).toEqual([revised]);
});

test('the author deletes a comment after confirming; another member sees neither Edit nor Delete', async ({ page, browser }) => {
  await loginAsDemo(page, SEED.founding2);
  const host = await newEvent(page);
  const keep = uid('Stays');
  const gone = uid('Goes away');
  await postThroughApi(page, host, keep);
  await postThroughApi(page, host, gone);

  const other = await memberPage(browser, SEED.standard2);
  const otherWidget = await openComments(other.page, host);
  await expect(commentItem(otherWidget, gone)).toBeVisible();
  await expect(otherWidget.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(otherWidget.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(commentItem(otherWidget, gone).getByRole('button', { name: /Like/ })).toBeEnabled();
  await other.close();

  const widget = await openComments(page, host);
  await commentItem(widget, gone).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete comment' });
  await expect(dialog).toContainText('This action cannot be undone.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(commentItem(widget, gone)).toBeVisible();

  await commentItem(widget, gone).getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(commentItem(widget, gone)).toHaveCount(0);
  await expect(commentItem(widget, keep)).toBeVisible();
  await expect(widget.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
  expect((await apiComments(page, host)).map((c) => c.content)).toEqual([keep]);
});

test('an admin deletes a member’s comment but cannot edit it', async ({ page, browser }) => {
  await loginAsAdmin(page);
  const host = await newEvent(page);
  const member = await memberPage(browser, SEED.standard);
  const text = uid('Moderated');
  await postThroughApi(member.page, host, text);
  await member.close();

  const widget = await openComments(page, host);
  const item = commentItem(widget, text);
  await expect(item.getByText(SEED.standard.name)).toBeVisible();
  await expect(item.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await item.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete comment' }).getByRole('button', { name: 'Delete' }).click();
  await expect(item).toHaveCount(0);
  await expect(widget.getByText('No comments yet. Be the first to comment!')).toBeVisible();
  expect(await apiComments(page, host)).toEqual([]);
});

test('a comment that looks like HTML is shown as text and runs nothing; links are safe', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await loginAsDemo(page, SEED.founding);
  const host = await newEvent(page);
  const widget = await openComments(page, host);
  const payload = '<img src=x onerror=alert(1)>';
  const marker = uid('xss');
  await widget.getByPlaceholder('Write a comment...').fill(`${payload} ${marker} see https://example.com/path?q=1.`);
  await widget.getByRole('button', { name: 'Post' }).click();
  const item = commentItem(widget, marker);
  await expect(item).toContainText(`${payload} ${marker}`);
  // The only image is her avatar beside her name; none comes from the comment's text.
  await expect(item.locator('.comment-content img')).toHaveCount(0);
  await expect(item.locator('img:not(.member-avatar)')).toHaveCount(0);
  const link = item.getByRole('link', { name: 'https://example.com/path?q=1' });
  await expect(link).toHaveAttribute('href', 'https://example.com/path?q=1');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');

  const again = commentItem(await openComments(page, host), marker);
  await expect(again).toContainText(payload);
  await expect(again.locator('.comment-content img')).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
});

test('post and fetch failures show the SPEC texts in the error area', async ({ page }) => {
  await loginAsDemo(page, SEED.standard2);
  const host = await newImage(page);
  const widget = await openComments(page, host);
  await page.route('**/trpc/comments.create**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify([{ error: { message: 'down', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } } }]),
    }),
  );
  const text = uid('Will fail');
  await widget.getByPlaceholder('Write a comment...').fill(text);
  await widget.getByRole('button', { name: 'Post' }).click();
  await expect(widget.getByRole('alert')).toContainText('Failed to post comment');
  await expect(widget.getByPlaceholder('Write a comment...')).toHaveValue(text);
  await page.unroute('**/trpc/comments.create**');
  await widget.getByRole('button', { name: 'Post' }).click();
  await expect(commentItem(widget, text)).toBeVisible();
  await expect(widget.getByText('Failed to post comment')).toHaveCount(0);

  await page.route(/\/trpc\/comments\.list\?/, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify([{ error: { message: 'down', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } } }]),
    }),
  );
  await page.reload();
  await expect(page.getByRole('region', { name: /^Comments/ }).getByRole('alert')).toContainText('Failed to fetch comments', {
    timeout: 15_000,
  });
});

test('a visitor can neither read nor write comments; the pages that show the widget send them to log in', async ({ page, browser }) => {
  const member = await memberPage(browser, SEED.travelHost);
  const host = await newEvent(member.page);
  const text = uid('Members only');
  const comment = await postThroughApi(member.page, host, text);
  await member.close();

  // This page has no session. Comments are members-only (DECISIONS "Privacy and trust").
  expect((await (await page.request.get('/auth-status')).json()).authenticated).toBe(false);
  const listed = await page.request.get(`/api/comments?commentableId=${idOf(host)}`);
  expect(listed.status()).toBe(401);
  expect(await listed.text()).not.toContain(text);
  expect((await page.request.post('/api/comments', { data: { content: 'anonymous', commentableId: idOf(host) } })).status()).toBe(401);
  expect((await page.request.post(`/api/comments/${comment.id}/like`)).status()).toBe(401);
  expect((await page.request.put(`/api/comments/${comment.id}`, { data: { content: 'x' } })).status()).toBe(401);
  expect((await page.request.delete(`/api/comments/${comment.id}`)).status()).toBe(401);

  // The widget lives on members-only pages: the event page sends a visitor to /no-permission and
  // the gallery to /login, so its logged-out rendering is checked in tests/unit/comments-widget.test.ts.
  await page.goto(`/events/${host.id}`);
  await expect(page).toHaveURL(/\/no-permission$/);
  await page.goto('/gallery');
  await expect(page).toHaveURL(/\/login/);
});

test('when the session ends with the widget open, the next fetch takes the comments away', async ({ browser }) => {
  // A session of its own (not the run's shared one), since it is ended here.
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, SEED.founding.email, SEED.demoPassword, SEED.founding.name, { fresh: true });
  const host = await newEvent(page);
  const text = uid('Seen while signed in');
  await postThroughApi(page, host, text);
  const widget = await openComments(page, host);
  await expect(commentItem(widget, text)).toBeVisible();

  // Signed out elsewhere (same cookie jar, another tab's request): the page does not know yet.
  expect((await page.request.post('/logout')).status()).toBeLessThan(400);
  await widget.getByRole('button', { name: 'Newest First' }).click();
  // The refused list (401) makes the shell ask who she is: a visitor, sent away from the page.
  await expect(page).toHaveURL(/\/no-permission$/);
  await expect(page.getByText(text)).toHaveCount(0);
  await context.close();
});

test('the widget is keyboard usable and has no serious accessibility violations', async ({ page }) => {
  await loginAsDemo(page, SEED.founding);
  const host = await newEvent(page);
  const widget = await openComments(page, host);
  const text = uid('Typed with the keyboard');
  await widget.getByRole('textbox', { name: 'Write a comment' }).focus();
  await page.keyboard.type(text);
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(commentItem(widget, text)).toBeVisible();
  await commentItem(widget, text).getByRole('button', { name: 'Edit' }).focus();
  await page.keyboard.press('Enter');
  const editBox = widget.getByRole('textbox', { name: 'Edit your comment' });
  await expect(editBox).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(editBox).toHaveCount(0);
  await expect(commentItem(widget, text).getByRole('button', { name: 'Edit' })).toBeFocused();

  const results = await axe(page).include('section.comments').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id} ${v.help}`)).toEqual([]);
});
