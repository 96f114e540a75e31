// Issue 31 "One way to show form errors", on a desktop and a 390 px phone: Settings › Password,
// Request a stay and the application wizard (with an international phone number) show each
// message under its field, linked by aria-describedby, with aria-invalid on the field, focus on
// the first field in error and the message gone once the field is fixed; no browser bubbles.
import { expect, test, type Locator } from '@playwright/test';
import { isoDateFromToday, listHanasHome, loginAsDemo, SEED } from './fixtures';

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const isoDate = isoDateFromToday;

/** The field shows `message` under it, tied to it (or to its group of choices) for assistive technology. */
async function expectFieldError(field: Locator, message: string, describedBy = field) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const ids = ((await describedBy.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  const texts = await Promise.all(ids.map((id) => field.page().locator(`[id="${id}"]`).textContent()));
  expect(texts).toContain(message);
}

async function expectFieldFine(field: Locator) {
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
}

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`form errors on a ${device}`, () => {
    test('Settings › Password: messages under the fields, focus on the first, gone once fixed', async ({ page }) => {
      await loginAsDemo(page, SEED.standard);
      await page.setViewportSize(viewport);
      await page.goto('/settings');
      const form = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Password' }) });
      await expect(form).toHaveAttribute('novalidate', '');
      const old = form.getByLabel('Old password');
      const fresh = form.getByLabel('New password', { exact: true });
      const confirm = form.getByLabel('Confirm new password');
      await form.getByRole('button', { name: 'Change password' }).click();
      await expect(old).toBeFocused();
      await expectFieldError(old, 'Enter your old password.');
      await expectFieldError(fresh, 'Enter a new password.');
      await expectFieldError(confirm, 'Enter the new password again.');

      await old.fill('anything');
      await expectFieldFine(old);
      await fresh.fill('a-long-new-password');
      await confirm.fill('a-different-one');
      await form.getByRole('button', { name: 'Change password' }).click();
      // SPEC 8's text, under the field it is about.
      await expectFieldError(confirm, 'New passwords do not match');
      await expect(confirm).toBeFocused();
      await confirm.fill('a-long-new-password');
      await expectFieldFine(confirm);
      await expect(form.getByText('New passwords do not match')).toHaveCount(0);
      await page.screenshot({ path: `test-results/form-errors-password-${device}.png`, fullPage: false });
    });

    test('Request a stay: the dates and guests checked before sending, one message per field', async ({ page }) => {
      const homeId = await listHanasHome(page, { title: `Tile House ${uid()}`, max_guests: 3 });
      await loginAsDemo(page, SEED.founding2);
      await page.setViewportSize(viewport);
      await page.goto(`/homes/${homeId}`);
      const form = page.getByRole('form', { name: 'Request a stay' });
      await expect(form).toHaveAttribute('novalidate', '');
      const checkIn = form.getByLabel('Check-in');
      const checkOut = form.getByLabel('Check-out');
      const guests = form.getByLabel('Guests');
      await guests.fill('9');
      await form.getByRole('button', { name: 'Request a stay' }).click();
      await expect(checkIn).toBeFocused();
      await expectFieldError(checkIn, 'Choose the check-in day.');
      await expectFieldError(checkOut, 'Choose the check-out day.');
      await expectFieldError(guests, 'This home sleeps at most 3 guests.');
      await checkIn.fill(isoDate(30));
      await expectFieldFine(checkIn);
      await checkOut.fill(isoDate(28));
      await guests.fill('2');
      await expectFieldFine(guests);
      await expectFieldError(checkOut, 'The check-out day must be after the check-in day.');
      await page.screenshot({ path: `test-results/form-errors-stay-${device}.png`, fullPage: true });
    });

    test('the application wizard: an international phone number, and what is not one', async ({ browser }) => {
      // A browser set to en-GB (issue 46): a number without + is first read as the United Kingdom's.
      const context = await browser.newContext({ locale: 'en-GB', viewport });
      const page = await context.newPage();
      await page.goto('/request');
      await page.getByLabel('Invitation Code').fill(SEED.inviteCode);
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('heading', { name: 'Personal Information' })).toBeFocused();
      await page.getByRole('button', { name: 'Next' }).click();
      // SPEC 5's summary, and under each field what it lacks; focus on the first.
      await expect(page.getByText('Please fill out all required fields.')).toBeVisible();
      const name = page.getByLabel('Full Name');
      await expect(name).toBeFocused();
      await expectFieldError(name, 'Please fill out this field.');
      await expectFieldError(
        page.getByLabel('Travel', { exact: true }),
        'Choose at least one interest.',
        page.getByRole('group', { name: 'Interests (choose at least one)' }),
      );
      await page.screenshot({ path: `test-results/form-errors-wizard-${device}.png`, fullPage: true });

      await name.fill(`Aiko Tanaka ${uid()}`);
      await page.getByLabel('Email Address').fill(`aiko.${uid()}@applicant.example`);
      await page.getByLabel('Why do you want to join the club?').fill('Tea ceremonies and long walks.');
      await page.getByLabel('Workshops').check();
      const phone = page.getByLabel('Phone Number');
      await phone.fill('call me');
      await expect(page.getByText('Please fill out all required fields.')).toHaveCount(0);
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(phone).toBeFocused();
      await expectFieldError(phone, 'Invalid phone number.');
      // Issue 46: never changed behind her back. Read as the browser's region, it says so before she
      // goes on; she says it is Japanese, and it is kept as a Japanese mobile.
      const from = page.getByLabel('A number without + is from');
      await expect(from).toHaveValue('GB');
      await phone.fill('090-1234-5678');
      await expectFieldFine(phone);
      await expect(page.getByText('Kept as +44 901 234 5678, United Kingdom')).toBeVisible();
      await phone.blur();
      await expect(phone).toHaveValue('090-1234-5678');
      await from.selectOption('JP');
      await expect(page.getByText('Kept as +81 90 1234 5678, Japan')).toBeVisible();
      await page.screenshot({ path: `test-results/phone-country-${device}.png`, fullPage: false });
      // The right length in a range the library does not know: flagged with SPEC's text, not blocking.
      await phone.fill('+1-555-123-4567');
      await expect(page.getByText('Invalid phone number. It is kept as typed: +1 555 123 4567')).toBeVisible();
      await expectFieldFine(phone);
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('heading', { name: 'Additional Information' })).toBeVisible();
      await page.getByRole('button', { name: 'Back' }).click();
      await phone.fill('090-1234-5678');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('heading', { name: 'Additional Information' })).toBeVisible();

      // The success step starts at the top of the page, like a page of its own (issue 31).
      await page.getByLabel('Availability', { exact: true }).selectOption('Flexible');
      await page.getByLabel('Membership Type').selectOption('Standard');
      const submit = page.getByRole('button', { name: 'Submit Application' });
      await submit.scrollIntoViewIfNeeded();
      await submit.click();
      await expect(page.getByRole('heading', { name: 'Application Submitted Successfully!' })).toBeVisible();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await context.close();
    });
  });
}
