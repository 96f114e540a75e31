import { expect, test, type Browser, type Page } from '@playwright/test';
import { axe } from './axe';
import { latestMailTo, linkIn, loginAs, loginAsAdmin, SEED } from './fixtures';

// The whole membership road in a real browser, from the seeded invitation code to a member who
// logs in, then forgot/reset password through the dev mailbox and the admin's user management.
// Each run uses its own applicant, so it never depends on what other specs created.

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const applicant = {
  name: `Isabel Moreau ${run}`,
  email: `isabel.${run}@applicant.example`,
  memberName: `Isabel M ${run}`,
  password: 'salon-evenings-2026',
  newPassword: 'quiet-mornings-2026',
};

/** A page in its own browser context: a visitor with no cookies of the admin's. */
async function visitorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test.describe.serial('membership pipeline', () => {
  test('a visitor applies with the seeded code through the three steps', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Apply with Invitation Code' }).click();
    await expect(page).toHaveURL(/\/request$/);
    await expect(page.getByRole('heading', { name: 'Club Application' })).toBeVisible();
    const next = page.getByRole('button', { name: 'Next' });
    await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();

    // Step 1: Invitation Code.
    await next.click();
    await expect(page.getByText('Please enter your invitation code.')).toBeVisible();
    await page.getByLabel('Invitation Code').fill(`NOT-A-CODE-${run}`);
    await next.click();
    await expect(page.getByText('Invalid invitation code.')).toBeVisible();
    await page.getByLabel('Invitation Code').fill(SEED.inviteCode.toLowerCase());
    await next.click();

    // Step 2: Personal Information.
    await expect(page.getByRole('heading', { name: 'Personal Information' })).toBeFocused();
    await next.click();
    await expect(page.getByText('Please fill out all required fields.')).toBeVisible();
    await page.getByLabel('Full Name').fill(applicant.name);
    await page.getByLabel('Email Address').fill('isabel-at-nowhere');
    await page.getByLabel('Phone Number').fill('555 0101');
    await page
      .getByLabel('Why do you want to join the club?')
      .fill('I host salons in Paris and would love to meet women who build things.');
    await page.getByLabel('Travel').check();
    await page.getByLabel('Art Displays').check();
    await next.click();
    await expect(page.getByText('Invalid email format.')).toBeVisible();
    // DECISIONS "International phone numbers": what is not a number is refused, any country's is taken.
    await expect(page.getByText('Invalid phone number.')).toBeVisible();
    await expect(page.getByLabel('Email Address')).toBeFocused();
    await page.getByLabel('Email Address').fill(applicant.email);
    await expect(page.getByText('Invalid email format.')).toHaveCount(0);
    await page.getByLabel('Phone Number').fill('+44 20 7946 0958');
    await next.click();

    // Step 3: Additional Information; Back keeps what was typed.
    await expect(page.getByRole('heading', { name: 'Additional Information' })).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Full Name')).toHaveValue(applicant.name);
    await next.click();
    const submit = page.getByRole('button', { name: 'Submit Application' });
    await submit.click();
    await expect(page.getByText('Please fill out all required fields.')).toBeVisible();
    await page.getByLabel('Availability', { exact: true }).selectOption('Weekends');
    await page.getByLabel('Membership Type').selectOption('Travel Host');
    await submit.click();
    // A Travel Host also owes the four property fields.
    await expect(page.getByText('Please fill out all required fields.')).toBeVisible();
    await page.getByLabel('Property Address').fill('14 Rue des Martyrs, Paris');
    await page.getByLabel('Property Type').fill('Apartment');
    await page.getByLabel('Property Description').fill('Two bedrooms, a piano and a balcony over the market.');
    await page.getByLabel('Property Availability').selectOption('Seasonal');
    await page.getByLabel('How did you hear about us?').fill('Eleanor Vance');
    await submit.click();

    await expect(page.getByRole('heading', { name: 'Application Submitted Successfully!' })).toBeVisible();
    // Issue 46: Home first, SPEC's 'Back to Login' beside it; her email says it arrived and what comes next.
    await expect(page.getByRole('link', { name: 'Home', exact: true }).last()).toHaveClass(/\bbutton\b/);
    await page.screenshot({ path: test.info().outputPath('application-submitted-1280.png') });
    const received = await latestMailTo(page, applicant.email, 'We received your application');
    expect(received.text).toContain('What happens next');
    expect(received.text).not.toContain('as a member');
    await page.getByRole('link', { name: 'Back to Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // Fields were cleared.
    await page.goto('/request');
    await expect(page.getByLabel('Invitation Code')).toHaveValue('');
  });

  test('the admin accepts it, granting Founding, and the invitee registers from the emailed link', async ({ page, browser }) => {
    await loginAsAdmin(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: `Welcome, ${SEED.admin.name}` })).toBeVisible();
    for (const link of ['View Applications', 'View Users', 'Send Message', 'Sent mail', 'Invitation codes']) {
      await expect(page.getByRole('link', { name: new RegExp(link) })).toBeVisible();
    }
    await page.getByRole('link', { name: /View Applications/ }).click();
    await expect(page).toHaveURL(/\/applications$/);
    await expect(page.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');

    // One card at a time: page with Next until this run's applicant shows.
    const card = page.getByRole('article');
    await expect(card).toBeVisible();
    for (let i = 0; i < 50 && !(await card.getByRole('heading', { name: applicant.name }).isVisible()); i++) {
      await page.getByRole('navigation', { name: 'Applications' }).getByRole('button', { name: 'Next' }).click();
    }
    await expect(card.getByRole('heading', { name: applicant.name })).toBeVisible();
    await expect(card.getByText('14 Rue des Martyrs, Paris')).toBeVisible();
    await card.getByLabel('Offer Founding membership').check();
    await card.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText(`Accepted ${applicant.name}. The invitation email is on its way.`)).toBeVisible();

    await page.getByRole('tab', { name: 'Accepted' }).click();
    await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Rejected' }).click();
    await expect(page.getByText('No applications in this category').or(page.getByRole('article'))).toBeVisible();

    const mail = await latestMailTo(page, applicant.email, 'create your account');
    const link = linkIn(mail, '/register/');

    const invitee = await visitorPage(browser);
    await invitee.goto('/register/not-a-real-token-but-long-enough-1234567890');
    await expect(invitee.getByText('Invalid or expired token. Please request a new invitation.')).toBeVisible();

    await invitee.goto(link);
    await expect(invitee.getByLabel('Email')).toHaveValue(applicant.email);
    await expect(invitee.getByLabel('Email')).toHaveAttribute('readonly', '');
    await expect(invitee.getByLabel('Name')).toHaveValue(applicant.name);
    const type = invitee.getByLabel('Account type');
    await expect(type.locator('option')).toHaveText(['Select…', 'Travel Host', 'Founding']);
    const create = invitee.getByRole('button', { name: 'Create account' });
    await invitee.getByLabel('Name').fill('');
    await create.click();
    await expect(invitee.getByText('Name is required.')).toBeVisible();
    await invitee.getByLabel('Name').fill(applicant.memberName);
    await create.click();
    await expect(invitee.getByText('Account type is required.')).toBeVisible();
    await type.selectOption('Founding');
    await invitee.getByLabel('Password', { exact: true }).fill(applicant.password);
    await invitee.getByLabel('Confirm password').fill(`${applicant.password}!`);
    await create.click();
    await expect(invitee.getByText('Passwords do not match.')).toBeVisible();
    await invitee.getByLabel('Confirm password').fill(applicant.password);
    await create.click();
    // Issue 46: signed in at once, and welcomed on /home by her first steps (390 px phone).
    await expect(invitee).toHaveURL(/\/home$/);
    await invitee.setViewportSize({ width: 390, height: 844 });
    const steps = invitee.getByRole('region', { name: 'Welcome to the club: your first steps' });
    await expect(steps).toContainText('0 of 4 done.');
    await expect(steps.getByRole('link', { name: 'Join an event' })).toBeVisible();
    expect(mail.text).not.toContain('as a member');
    await invitee.screenshot({ path: test.info().outputPath('first-steps-390.png'), fullPage: true });
    await steps.getByRole('button', { name: 'Dismiss first steps' }).click();
    await expect(steps).toHaveCount(0);
    await invitee.reload();
    await expect(invitee.getByRole('heading', { name: 'Your next events' })).toBeVisible();
    await expect(steps).toHaveCount(0);
    await invitee.setViewportSize({ width: 1280, height: 720 });
    await invitee.goto('/settings');
    await expect(invitee.getByText('Account type: Founding')).toBeVisible();

    // The link is single use.
    await invitee.goto(link);
    await expect(invitee.getByText('Invalid or expired token. Please request a new invitation.')).toBeVisible();
    await invitee.context().close();
  });

  test('the member resets a forgotten password through the mailbox; old sessions end', async ({ browser }) => {
    const member = await visitorPage(browser);
    await loginAs(member, applicant.email, applicant.password, applicant.memberName, { fresh: true });

    const visitor = await visitorPage(browser);
    await visitor.goto('/login');
    await visitor.getByRole('link', { name: 'Forgot password?' }).click();
    await visitor.getByLabel('Email').fill(applicant.email);
    await visitor.getByRole('button', { name: 'Send reset link' }).click();
    const answer = visitor.getByText(/If an account exists for that email/);
    await expect(answer).toBeVisible();
    // An unknown address gets the very same answer.
    const known = await answer.textContent();
    await visitor.getByLabel('Email').fill(`nobody.${run}@nowhere.example`);
    await visitor.getByRole('button', { name: 'Send reset link' }).click();
    await expect(visitor.getByText(known!)).toBeVisible();

    const mail = await latestMailTo(visitor, applicant.email, 'Reset your');
    await visitor.goto(linkIn(mail, '/reset-password/'));
    const save = visitor.getByRole('button', { name: 'Reset password' });
    await visitor.getByLabel('New password', { exact: true }).fill('short');
    await visitor.getByLabel('Confirm new password').fill('short');
    await save.click();
    await expect(visitor.getByText('Password must be at least 8 characters.')).toBeVisible();
    await visitor.getByLabel('New password', { exact: true }).fill(applicant.newPassword);
    await visitor.getByLabel('Confirm new password').fill(`${applicant.newPassword}x`);
    await save.click();
    await expect(visitor.getByText('Passwords do not match.')).toBeVisible();
    await visitor.getByLabel('Confirm new password').fill(applicant.newPassword);
    await save.click();
    await expect(visitor.getByText('Your password has been reset. You can now log in with your new password.')).toBeVisible();
    await visitor.getByRole('link', { name: 'Go to Login' }).click();
    await expect(visitor).toHaveURL(/\/login$/);

    // The session opened before the reset is over.
    await member.goto('/calendar');
    await expect(member).toHaveURL(/\/login/);
    await loginAs(visitor, applicant.email, applicant.newPassword, applicant.memberName, { fresh: true });
    await member.context().close();
    await visitor.context().close();
  });

  test('the admin manages the new member: privilege and a temporary password', async ({ page, browser }) => {
    await loginAsAdmin(page);
    await page.goto('/users');
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
    // The server's row flags: an admin can neither drop her own admin flag nor reset her own password here.
    await page.getByLabel('Search members').fill(SEED.admin.email);
    const own = page.getByRole('row', { name: new RegExp(SEED.admin.name) });
    await expect(own.getByRole('button', { name: 'Remove admin' })).toBeDisabled();
    await expect(own.getByRole('button', { name: 'Reset password' })).toBeDisabled();
    await page.getByLabel('Search members').fill(applicant.email);
    const row = page.getByRole('row', { name: new RegExp(applicant.memberName) });
    await expect(row).toBeVisible();
    // A new type is confirmed first (DECISIONS "Confirm destructive actions"): Cancel keeps Founding.
    const privilege = row.getByLabel(`Privilege of ${applicant.memberName}`);
    await privilege.selectOption('Standard');
    const confirm = page.getByRole('dialog', { name: 'Change privilege' });
    await expect(confirm).toContainText(`Change ${applicant.memberName}’s membership type from Founding to Standard?`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(privilege).toHaveValue('Founding');
    await privilege.selectOption('Standard');
    await confirm.getByRole('button', { name: 'Make Standard' }).click();
    await expect(page.getByText(`${applicant.memberName} is now Standard.`)).toBeVisible();
    await expect(privilege).toHaveValue('Standard');

    await row.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('dialog', { name: 'Reset password' }).getByRole('button', { name: 'Reset password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Temporary password' });
    const temp = (await dialog.getByTestId('temporary-password').textContent())!.trim();
    expect(temp).toMatch(/^[A-Za-z0-9]{16}$/);
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The member must choose a new password at the next login.
    const member = await visitorPage(browser);
    await member.goto('/login');
    await member.getByLabel('Email').fill(applicant.email);
    await member.getByLabel('Password').fill(temp);
    await member.getByRole('button', { name: 'Login', exact: true }).click();
    await member.waitForURL((url) => !url.pathname.startsWith('/login'));
    await member.goto('/calendar');
    await expect(member).toHaveURL(/\/settings$/);
    await expect(member.getByText('An administrator reset your password.')).toBeVisible();
    await member.context().close();
  });

  test('the admin creates and revokes an invitation code', async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto('/admin/codes');
    const code = `SALON-${run}`.toUpperCase();
    await page.getByLabel('Code', { exact: true }).fill(code);
    await page.getByLabel('Note').fill('Autumn salon guests');
    await page.getByLabel('Maximum uses').fill('2');
    await page.getByRole('button', { name: 'Create code' }).click();
    await expect(page.getByText(`Code ${code} created.`)).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(code) });
    await expect(row.getByText('0 / 2')).toBeVisible();
    expect(await (await page.request.post('/api/validate-code', { data: { code } })).json()).toEqual({ valid: true });

    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog', { name: 'Revoke code' }).getByRole('button', { name: 'Revoke' }).click();
    await expect(row.getByText('revoked')).toBeVisible();
    expect(await (await page.request.post('/api/validate-code', { data: { code } })).json()).toEqual({
      valid: false,
      error: 'Invalid invitation code.',
    });
  });

  test('the membership pages have no serious accessibility violations', async ({ page }) => {
    for (const path of ['/request', '/forgot-password', '/reset-password/some-token-that-is-long-enough']) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      const results = await axe(page).withTags(['wcag2a', 'wcag2aa']).analyze();
      expect(
        results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
        path,
      ).toEqual([]);
    }
    await loginAsAdmin(page);
    for (const path of ['/admin', '/applications', '/users', '/admin/codes']) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      const results = await axe(page).withTags(['wcag2a', 'wcag2aa']).analyze();
      expect(
        results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
        path,
      ).toEqual([]);
    }
  });
});
