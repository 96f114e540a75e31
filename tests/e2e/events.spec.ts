import { expect, test } from '@playwright/test';
import { axe } from './axe';
import { latestMailTo, linkIn, loginAsDemo, SEED } from './fixtures';

test.describe('events', () => {
  test('create through both steps, search, join, leave, edit, invite, accept as the invitee, delete', async ({
    page,
    browser,
  }, testInfo) => {
    const title = `Heath Walk ${Date.now().toString(36)}`;
    await loginAsDemo(page, SEED.founding);
    await page.goto('/calendar');
    await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();

    // Step 1: Overview.
    await page.getByRole('button', { name: 'Create Event' }).click();
    const modal = page.getByRole('dialog', { name: 'Create Event' });
    await expect(modal.getByRole('tab', { name: /Overview/ })).toHaveAttribute('aria-selected', 'true');
    await expect(modal.getByRole('button', { name: 'Back' })).toBeDisabled();
    // Issue 46: step 1 does not publish half an event; its primary button is Next.
    await expect(modal.getByRole('button', { name: 'Create Event' })).toHaveCount(0);
    await modal.getByLabel('Title').press('Enter');
    await expect(modal.getByRole('tab', { name: /Overview/ })).toHaveAttribute('aria-selected', 'true');
    await modal.getByRole('button', { name: 'Next' }).click();
    await expect(modal.getByRole('tab', { name: /Date & Location/ })).toHaveAttribute('aria-selected', 'true');
    await expect(modal.getByRole('note')).toHaveText(
      'Left empty, these take the club’s defaults: title ‘New Event’, type Entertainment, description ‘Default description’, date today, start 4:00 PM, end 9:00 PM, address ‘Unset’.',
    );
    await page.screenshot({ path: test.info().outputPath('create-event-defaults-1280.png') });
    await modal.getByRole('button', { name: 'Back' }).click();
    await modal.getByLabel('Title').fill(title);
    await modal.getByLabel('Event type').selectOption('hiking-camping');
    await modal.getByLabel('Description').fill('A slow walk across the heath, then tea at Kenwood House. Good shoes recommended.');
    await modal.getByRole('button', { name: 'Colour' }).click();
    await modal.getByRole('button', { name: '#a7c4a0' }).click();
    await expect(modal.getByRole('button', { name: 'Colour' })).toContainText('#a7c4a0');

    // Step 2: Date & Location.
    await modal.getByRole('button', { name: 'Next' }).click();
    await expect(modal.getByRole('button', { name: 'Next' })).toHaveCount(0);
    await expect(modal.getByRole('button', { name: 'Back' })).toBeEnabled();
    await modal.getByLabel('Date', { exact: true }).fill('2031-06-15');
    await modal.getByLabel('Start time').fill('10:00');
    await modal.getByLabel('End time').fill('12:30');
    await modal.getByLabel('Time zone').selectOption('Europe/London');
    await modal.getByLabel('Country').selectOption('United States');
    await expect(modal.getByLabel('State')).toHaveJSProperty('tagName', 'SELECT');
    await modal.getByLabel('Country').selectOption('United Kingdom');
    await expect(modal.getByLabel('State / region')).toHaveJSProperty('tagName', 'INPUT');
    await modal.getByLabel('Address').fill('Hampstead Heath, Parliament Hill');
    await modal.getByLabel('City', { exact: true }).fill('London');
    await expect(modal.getByRole('note')).toHaveCount(0);
    await modal.getByRole('button', { name: 'Create Event' }).click();
    await expect(modal).toBeHidden();

    // Find it by search (case-insensitive) and open it.
    await page.getByLabel('Search events by title').fill(title.toUpperCase());
    const link = page.getByRole('link', { name: title });
    await expect(link).toHaveCount(1);
    // The card: the time with the event's zone (the shared formatter).
    await expect(page.getByText('Jun 15, 2031, 10:00 AM - 12:30 PM BST')).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/\/events\/\d+$/);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    // In the event's zone, and in the viewer's own (the test browser runs in UTC).
    await expect(page.getByText(/^10:00 AM - 12:30 PM BST/)).toBeVisible();
    await expect(page.getByText('Jun 15, 2031, 10:00 AM - 12:30 PM BST · Hampstead Heath')).toBeVisible();
    await expect(page.getByText('Your time: Jun 15, 2031, 9:00 AM - 11:30 AM UTC')).toBeVisible();
    const eventPath = new URL(page.url()).pathname;

    // Join: the welcome modal offers the confirmation email.
    await page.getByRole('tab', { name: 'Participation' }).click();
    await expect(page.getByText('No participants yet. Be the first to join!')).toBeVisible();
    await page.getByRole('button', { name: 'Join Event' }).click();
    const welcome = page.getByRole('dialog', { name: `Welcome to ${title}!` });
    await expect(welcome).toBeVisible();
    await welcome.getByRole('button', { name: 'Send Confirmation Email' }).click();
    await expect(welcome).toBeHidden();
    const confirmation = await latestMailTo(page, SEED.founding.email, `Confirmed: ${title}`);
    expect(confirmation.text).toContain('Jun 15, 2031');
    await expect(page.getByRole('tabpanel').getByText('(You)')).toBeVisible();
    await expect(page.getByRole('heading', { name: '1 Participant' })).toBeVisible();

    // Leave, after confirming.
    await page.getByRole('button', { name: 'Leave Event' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave Event' });
    await expect(leave.getByText('Are you sure you want to leave?')).toBeVisible();
    await leave.getByRole('button', { name: 'Leave Event' }).click();
    await expect(page.getByText('No participants yet. Be the first to join!')).toBeVisible();

    // Edit: pre-filled, the date as yyyy-mm-dd.
    await page.getByRole('tab', { name: 'Details' }).click();
    await page.getByRole('button', { name: 'Edit Details' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Event' });
    await expect(edit.getByLabel('Title')).toHaveValue(title);
    await edit.getByRole('tab', { name: /Date & Location/ }).click();
    await expect(edit.getByLabel('Date', { exact: true })).toHaveValue('2031-06-15');
    await expect(edit.getByLabel('Start time')).toHaveValue('10:00');
    await edit.getByRole('tab', { name: /Overview/ }).click();
    const newTitle = `${title} edited`;
    await edit.getByLabel('Title').fill(newTitle);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('heading', { name: newTitle, level: 1 })).toBeVisible();

    // Invite a member; the button counts the selection.
    await page.getByRole('tab', { name: 'Participation' }).click();
    await page.getByRole('button', { name: 'Invite Member(s)' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite Member(s)' });
    await expect(invite.getByRole('button', { name: 'Invite Selected (0)' })).toBeDisabled();
    await invite.getByLabel('Search members').fill('mei');
    await invite.getByRole('checkbox', { name: /Mei Lin/ }).check();
    await invite.getByRole('button', { name: 'Invite Selected (1)' }).click();
    await expect(invite).toBeHidden();
    const mail = await latestMailTo(page, SEED.standard2.email, `You're invited: ${newTitle}`);
    const invitePath = linkIn(mail, '/events/invite/');

    // The invitee accepts through the emailed link and lands on the event.
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const guest = await context.newPage();
    await loginAsDemo(guest, SEED.standard2);
    await guest.goto(invitePath);
    await expect(guest.getByText(`Joined '${newTitle}' successfully!`)).toBeVisible();
    await guest.waitForURL((url) => url.pathname === eventPath, { timeout: 10_000 });
    await guest.getByRole('tab', { name: 'Participation' }).click();
    await expect(guest.getByRole('tabpanel').getByText('(You)')).toBeVisible();
    await expect(guest.getByRole('button', { name: 'Edit Details' })).toHaveCount(0);
    // The link works once.
    await guest.goto(invitePath);
    await expect(guest.getByText('Invalid or expired invitation')).toBeVisible();
    await expect(guest.getByRole('link', { name: 'Back to Events' })).toBeVisible();
    await context.close();

    // Delete, after confirming.
    await page.reload();
    await expect(page.getByText(SEED.standard2.name).first()).toBeVisible();
    await page.getByRole('button', { name: 'Delete Event' }).click();
    const del = page.getByRole('dialog', { name: 'Delete Event' });
    await expect(del.getByText('This action cannot be undone.')).toBeVisible();
    await del.getByRole('button', { name: 'Delete Event' }).click();
    await page.waitForURL(/\/calendar$/);
    await page.getByLabel('Search events by title').fill(newTitle);
    await expect(page.getByText('No events match your search.')).toBeVisible();
    await page.goto(eventPath);
    await expect(page.getByRole('heading', { name: 'Event not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Events' })).toHaveAttribute('href', '/calendar');
  });

  test('a Standard member cannot create events and needs an invitation for an invite-only one', async ({ page }) => {
    await loginAsDemo(page, SEED.standard);
    await page.goto('/calendar');
    await expect(page.getByRole('link', { name: 'Maui Retreat Week' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Event' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Maui Retreat Week' }).click();
    await expect(page.getByRole('button', { name: 'Edit Details' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete Event' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Participation' }).click();
    // Not invited: she may ask to join (issue 46 point 12), not join.
    await expect(page.getByRole('button', { name: 'Join Event' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Ask to join' })).toBeVisible();
    await expect(page.getByRole('tabpanel').getByText('Details are shared with invited members.')).toBeVisible();
    const results = await axe(page).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  test('the calendar and the event modal have no serious accessibility violations', async ({ page }) => {
    await loginAsDemo(page, SEED.travelHost);
    await page.goto('/calendar');
    await expect(page.getByRole('heading', { name: 'Upcoming' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Event' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Event' })).toBeVisible();
    const results = await axe(page).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    // On a phone, the last step names the defaults above Back, Cancel and Create Event (issue 46).
    await page.setViewportSize({ width: 390, height: 844 });
    const modal = page.getByRole('dialog', { name: 'Create Event' });
    await modal.getByRole('button', { name: 'Next' }).click();
    await expect(modal.getByRole('note')).toContainText(/date today, start (4:00 PM|16:00), end (9:00 PM|21:00)/);
    await modal.getByRole('note').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('create-event-defaults-390.png') });
  });
});
