import { expect, test, type Browser, type Page, type ViewportSize } from '@playwright/test';
import { axe } from './axe';
import { loginAsDemo, SEED } from './fixtures';

// DECISIONS "Privacy and trust": an invite-only event is listed for every member, but its address,
// virtual link, participants, images and comments are for its creator, admins, participants and
// members holding a live invitation. Each test creates its own event.

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function memberPage(browser: Browser, baseURL: string | undefined, who: { email: string; name: string }, viewport?: ViewportSize) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  // Signed in on a desktop, where the header names her, then on the device's screen.
  await loginAsDemo(page, who);
  if (viewport) await page.setViewportSize(viewport);
  return { page, close: () => context.close() };
}

test('a member without an invitation sees the listing and a calm withheld state; invited, she sees the details', async ({
  page,
  browser,
}, testInfo) => {
  const title = `Ravello Supper ${uid()}`;
  const street = 'Villa Cimbrone, Via Santa Chiara 26';
  const note = `Ring at the garden gate ${uid()}`;
  const said = `The terrace is ours at eight ${uid()}`;

  // The host creates the event and writes a first comment.
  await loginAsDemo(page, SEED.travelHost);
  const created = await page.request.post('/api/events', {
    data: {
      title,
      exclusivity: 'invite-only',
      type: 'entertainment',
      description: 'Dinner on a terrace above the sea.',
      note,
      event_date: '2031-09-10',
      start_time: '19:30',
      end_time: '23:00',
      time_zone: 'Europe/Rome',
      is_physical: true,
      location: street,
      city: 'Ravello',
      country: 'Italy',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventId = ((await created.json()) as { id: number }).id;
  const comment = await page.request.post('/api/comments', { data: { commentableId: `event-${eventId}`, content: said } });
  expect(comment.status()).toBe(201);

  // Another member finds it in the list: the badge and the region, not the address or the count.
  const guest = await memberPage(browser, testInfo.project.use.baseURL, SEED.founding2);
  const g = guest.page;
  await g.goto('/calendar');
  await g.getByLabel('Search events by title').fill(title);
  const card = g.getByRole('article').filter({ has: g.getByRole('link', { name: title }) });
  await expect(card.getByText('Invite-only')).toBeVisible();
  await expect(card.getByText('Ravello, Italy')).toBeVisible();
  await expect(card.getByText('Details for invited members')).toBeVisible();
  await expect(card).not.toContainText('Villa Cimbrone');

  // The event page: the listing fields, and a calm note where the details would be.
  await card.getByRole('link', { name: title }).click();
  await expect(g.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(g.getByText('Ravello, Italy · Address shared with invited members')).toBeVisible();
  await expect(g.getByRole('complementary').getByText('Details are shared with invited members.')).toBeVisible();
  await expect(g.getByText(`${SEED.travelHost.name} can send you an invitation.`)).toBeVisible();
  // Her name links to her profile (issue 22).
  await expect(g.getByRole('note').getByRole('link', { name: SEED.travelHost.name })).toHaveAttribute('href', /^\/members\/\d+$/);
  await expect(g.getByRole('link', { name: 'Add to calendar' })).toHaveCount(0);
  await expect(g.locator('body')).not.toContainText('Villa Cimbrone');
  await expect(g.locator('body')).not.toContainText(note);
  const audit = await axe(g).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(audit.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await g.getByRole('tab', { name: 'Participation' }).click();
  await expect(g.getByRole('tabpanel').getByText('Details are shared with invited members.')).toBeVisible();
  // Not invited, she may ask to join (issue 46 point 12) rather than face a Join she cannot use.
  await expect(g.getByRole('button', { name: 'Ask to join' })).toBeVisible();
  await expect(g.getByRole('button', { name: 'Join Event' })).toHaveCount(0);
  await g.getByRole('tab', { name: 'Images' }).click();
  await expect(g.getByRole('tabpanel').getByText('Details are shared with invited members.')).toBeVisible();
  await expect(g.getByRole('button', { name: 'Upload Image' })).toHaveCount(0);
  await g.getByRole('tab', { name: 'Notes and Comments' }).click();
  await expect(g.getByRole('tabpanel').getByText('Details are shared with invited members.')).toBeVisible();
  await expect(g.getByRole('region', { name: /^Comments/ })).toHaveCount(0);
  await expect(g.locator('body')).not.toContainText(said);
  // The server refuses what the page does not ask for.
  expect((await g.request.get(`/api/events/${eventId}/ics`)).status()).toBe(403);
  expect((await g.request.get(`/api/comments?commentableId=event-${eventId}`)).status()).toBe(403);

  // The host invites her from the Invite modal; she is then marked there.
  await page.goto(`/events/${eventId}`);
  await page.getByRole('tab', { name: 'Participation' }).click();
  await page.getByRole('button', { name: 'Invite Member(s)' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite Member(s)' });
  await invite.getByLabel('Search members').fill('Amara');
  await invite.getByRole('checkbox', { name: new RegExp(SEED.founding2.name) }).check();
  await invite.getByRole('button', { name: 'Invite Selected (1)' }).click();
  await expect(invite).toBeHidden();
  await expect(page.getByRole('status').getByText('Invitation sent to 1 member.')).toBeVisible();
  await page.getByRole('button', { name: 'Invite Member(s)' }).click();
  await invite.getByLabel('Search members').fill('Amara');
  const row = invite.getByRole('listitem').filter({ hasText: SEED.founding2.name });
  await expect(row.getByText('Invitation sent')).toBeVisible();
  await expect(row.getByRole('checkbox')).toBeDisabled();
  await invite.getByRole('button', { name: 'Cancel' }).click();

  // Invited, she sees everything.
  await g.reload();
  await g.getByRole('tab', { name: 'Details' }).click();
  await expect(g.getByText(`${street}, Ravello, Italy`).first()).toBeVisible();
  await expect(g.getByText(note)).toBeVisible();
  await expect(g.getByRole('link', { name: 'Add to calendar' })).toBeVisible();
  await expect(g.getByRole('heading', { name: 'Participants (0)' })).toBeVisible();
  await g.getByRole('tab', { name: 'Participation' }).click();
  await expect(g.getByRole('button', { name: 'Join Event' })).toBeEnabled();
  await g.getByRole('tab', { name: 'Images' }).click();
  await expect(g.getByRole('button', { name: 'Upload Image' })).toBeVisible();
  await g.getByRole('tab', { name: 'Notes and Comments' }).click();
  await expect(g.getByRole('region', { name: /^Comments/ }).getByText(said)).toBeVisible();
  expect((await g.request.get(`/api/events/${eventId}/ics`)).status()).toBe(200);
  await guest.close();
});

/** An invite-only event by Eleanor (a founding member, who reads English), far ahead. */
async function inviteOnlyEvent(page: Page, title: string): Promise<number> {
  const created = await page.request.post('/api/events', {
    data: {
      title,
      exclusivity: 'invite-only',
      type: 'travel',
      description: 'A week of slow mornings in a member’s house.',
      event_date: '2031-06-02',
      start_time: '10:00',
      end_time: '18:00',
      time_zone: 'Europe/Lisbon',
      is_physical: true,
      city: 'Sintra',
      country: 'Portugal',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** Opens her notification of that text from /notifications, once the queue's consumer has written it. */
async function openNotification(page: Page, text: string) {
  const entry = page.getByRole('link', { name: text });
  await expect(async () => {
    await page.goto('/notifications');
    await expect(entry).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await entry.click();
}

// Issue 46 point 12: an invite-only event can be asked for; the host invites with one tap or
// declines, from her notification; the member is told either way.
for (const [device, viewport, asker, answer] of [
  ['desktop', { width: 1280, height: 800 }, SEED.standard, 'Invite'],
  ['phone', { width: 390, height: 844 }, SEED.standard2, 'Decline'],
] as const) {
  test(`a member asks to join an invite-only event; the host answers ${answer} from her notification; she is told (${device})`, async ({
    browser,
  }, testInfo) => {
    const baseURL = testInfo.project.use.baseURL;
    const title = `Sintra Week ${uid()}`;
    const host = await memberPage(browser, baseURL, SEED.founding, viewport);
    const h = host.page;
    const eventId = await inviteOnlyEvent(h, title);

    // She asks: the header's Ask to join becomes Request sent, and stays so after a reload.
    const member = await memberPage(browser, baseURL, asker, viewport);
    const m = member.page;
    await m.goto(`/events/${eventId}`);
    await m.getByRole('button', { name: 'Ask to join' }).click();
    await expect(m.getByText('Request sent. You will hear when the host answers.')).toBeVisible();
    await expect(m.getByText('Request sent', { exact: true })).toBeVisible();
    await m.reload();
    await expect(m.getByText('Request sent', { exact: true })).toBeVisible();
    await expect(m.getByRole('button', { name: 'Ask to join' })).toHaveCount(0);
    expect(await m.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await m.screenshot({ path: testInfo.outputPath(`ask-to-join-${device}.png`) });

    // The host's notification opens the event at its requests.
    await openNotification(h, `${asker.name} asked to join ${title}`);
    await expect(h).toHaveURL(new RegExp(`/events/${eventId}\\?requests=1$`));
    const requests = h.getByRole('region', { name: 'Requests to join (1)' });
    await expect(requests).toBeFocused();
    await expect(requests.getByRole('link', { name: asker.name })).toHaveAttribute('href', /^\/members\/\d+$/);
    expect(await h.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await h.screenshot({ path: testInfo.outputPath(`join-requests-${device}.png`) });
    await requests.getByRole('button', { name: `${answer} ${asker.name}` }).click();
    await expect(h.getByRole('region', { name: 'Requests to join (0)' }).getByText('No request is waiting for your answer.')).toBeVisible();

    // She is told, with a link to the event; invited, she joins; declined, the page says so.
    const told =
      answer === 'Invite'
        ? `${SEED.founding.name} invited you to ${title}`
        : `${SEED.founding.name} declined your request to join ${title}`;
    await openNotification(m, told);
    await expect(m).toHaveURL(new RegExp(`/events/${eventId}$`));
    if (answer === 'Invite') {
      await m.getByRole('button', { name: 'Join Event' }).click();
      await expect(m.getByText('You’re going')).toBeVisible();
    } else {
      await expect(m.getByText('Your request was declined')).toBeVisible();
      await expect(m.getByRole('button', { name: 'Ask to join' })).toHaveCount(0);
      await expect(m.getByRole('button', { name: 'Join Event' })).toHaveCount(0);
    }
    await m.screenshot({ path: testInfo.outputPath(`join-answer-${device}.png`) });
    await member.close();
    await host.close();
  });
}
