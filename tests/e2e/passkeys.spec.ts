// Issue 25 "Passkeys" in a real browser: Chromium's virtual authenticator (DevTools protocol
// WebAuthn domain: CTAP2, internal transport, resident keys, user verification) stands in for a
// phone's or laptop's. A new member adds a passkey in Settings, signs out, and signs in with it,
// on a desktop and on a 390 px phone; an admin with only a passkey (no TOTP) reaches the admin
// pages. Passkeys use rp id localhost, so these pages are opened at http://localhost:{E2E_PORT}
// (app-origin.ts; README).
import { expect, test, type Browser, type BrowserContextOptions, type Locator, type Page, type TestInfo } from '@playwright/test';
import { BASE_URL } from '../../playwright.config';
import { loginAsAdmin, newMember, sameSiteHeaders } from './fixtures';

const LOCALHOST = BASE_URL.replace('127.0.0.1', 'localhost');
// Each test makes its member through the whole pipeline first (apply, accept, register).
test.slow();
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const PASSWORD = 'silver-birch-at-noon-2026';
const NEW_PASSWORD = 'copper-beech-at-dusk-2027';

/**
 * A virtual platform authenticator on this page, as a phone's or laptop's passkey provider is.
 * It answers at once (automatic presence), so the login page's autofill request would sign her in
 * by itself as soon as she has a passkey: the page is told that this browser has no passkey
 * autofill, unless the tab turns it on (sessionStorage), and the button is what signs her in.
 */
async function virtualAuthenticator(page: Page) {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('passkey-autofill') === 'on') return;
    Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: async () => false });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials };
}

/** A member of her own, made through the pipeline by the seeded admin; optionally an admin herself. */
async function freshMember(browser: Browser, first: string, opts: { admin?: boolean } = {}) {
  const who = { name: `${first} Passkey ${run}`, email: `${first.toLowerCase()}.${run}@passkeys.example`, password: PASSWORD };
  const context = await browser.newContext();
  const admin = await context.newPage();
  await loginAsAdmin(admin);
  const id = await newMember(admin, who);
  if (opts.admin) {
    const res = await admin.request.put(`/api/users/${id}/admin`, { headers: sameSiteHeaders(admin), data: { admin: true } });
    expect(res.status()).toBe(200);
  }
  await context.close();
  return who;
}

async function passwordLogin(page: Page, who: { email: string; password: string }) {
  await page.goto(`${LOCALHOST}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(/\/home$/);
}

async function signOut(page: Page) {
  await page.goto(`${LOCALHOST}/logout`);
  await page.waitForURL(`${LOCALHOST}/`);
}

async function expectSignedInAs(page: Page, who: { name: string }) {
  const status = (await (await page.request.get(`${LOCALHOST}/auth-status`)).json()) as { user: { name: string } | null };
  expect(status.user?.name).toBe(who.name);
}

async function passkeyLogin(page: Page, who: { name: string }) {
  await page.goto(`${LOCALHOST}/login`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.waitForURL(/\/home$/);
  await expectSignedInAs(page, who);
}

/**
 * "Add a passkey" in Settings: a password session is asked who she is first (issue 45), then the
 * browser's own dialog (the virtual authenticator) answers. `look` screenshots the dialog.
 */
async function addPasskeyInSettings(page: Page, opts: { look?: { info: TestInfo; name: string } } = {}) {
  await page.getByRole('region', { name: 'Passkeys' }).getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await expect(dialog.getByText('first confirm it is you')).toBeVisible();
  await dialog.getByLabel('Password').fill(PASSWORD);
  if (opts.look) await screenshot(page, opts.look.info, opts.look.name);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
}

/** What was looked at: the page, or one of its sections (Settings is long). */
async function screenshot(target: Page | Locator, info: TestInfo, name: string) {
  await target.screenshot({ path: info.outputPath(`${name}.png`) });
}

const layouts: [string, BrowserContextOptions][] = [
  ['desktop', { viewport: { width: 1280, height: 900 } }],
  ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }],
];

for (const [layout, options] of layouts) {
  test(`a member adds a passkey in Settings, signs out, and signs in with it (${layout})`, async ({ browser }, info) => {
    const who = await freshMember(browser, layout === 'phone' ? 'Ines' : 'Olga');
    const context = await browser.newContext(options);
    const page = await context.newPage();
    const authenticator = await virtualAuthenticator(page);
    try {
      await passwordLogin(page, who);
      await page.goto(`${LOCALHOST}/settings`);
      const card = page.getByRole('region', { name: 'Passkeys' });
      await expect(card.getByText('You have no passkeys yet.')).toBeVisible();
      // Her session alone does not add one: a wrong password is refused in the dialog.
      await card.getByRole('button', { name: 'Add a passkey' }).click();
      const confirm = page.getByRole('dialog', { name: 'Add a passkey' });
      await confirm.getByLabel('Password').fill('not her password');
      await confirm.getByRole('button', { name: 'Continue' }).click();
      await expect(confirm.getByText('The password is not correct.')).toBeVisible();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await addPasskeyInSettings(page, { look: { info, name: `settings-passkeys-confirm-${layout}` } });

      // Named after the device ("Chrome on Windows": the Desktop Chrome user agent); the browser's
      // passkey is resident and for this site.
      const rows = card.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(/Chrome on \w+/);
      await expect(rows.first()).toContainText('Not used to sign in yet');
      const [credential, ...more] = await authenticator.credentials();
      expect(more).toEqual([]);
      expect(credential).toMatchObject({ rpId: 'localhost', isResidentCredential: true });

      await rows
        .first()
        .getByRole('button', { name: /^Rename/ })
        .click();
      await card.getByLabel('Passkey name').fill(`${layout} passkey`);
      await card.getByRole('button', { name: 'Save' }).click();
      await expect(rows.first()).toContainText(`${layout} passkey`);
      await screenshot(card, info, `settings-passkeys-${layout}`);

      await signOut(page);
      await page.goto(`${LOCALHOST}/login`);
      await screenshot(page, info, `login-${layout}`);
      await passkeyLogin(page, who);

      // Settings says how this session began, and when the passkey was last used.
      await page.goto(`${LOCALHOST}/settings`);
      const devices = page.getByRole('region', { name: 'Signed-in devices' });
      await expect(devices.locator('[aria-current="true"]')).toContainText('With a passkey');
      await expect(page.getByRole('region', { name: 'Passkeys' }).getByRole('listitem').first()).toContainText('Last used');
      await screenshot(page.getByRole('region', { name: 'Passkeys' }), info, `settings-passkeys-used-${layout}`);
      await screenshot(devices, info, `settings-devices-${layout}`);

      // Where the browser offers passkeys in the email field's autofill (conditional mediation),
      // picking hers signs her in without the button (the virtual authenticator picks at once).
      await signOut(page);
      await page.evaluate(() => sessionStorage.setItem('passkey-autofill', 'on'));
      await page.goto(`${LOCALHOST}/login`);
      await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn');
      await page.waitForURL(/\/home$/);
      await expectSignedInAs(page, who);
    } finally {
      await context.close();
    }
  });
}

test('removing a passkey asks for the password, and then it signs nobody in', async ({ browser }) => {
  const who = await freshMember(browser, 'Rita');
  const context = await browser.newContext();
  const page = await context.newPage();
  await virtualAuthenticator(page);
  try {
    await passwordLogin(page, who);
    await page.goto(`${LOCALHOST}/settings`);
    const card = page.getByRole('region', { name: 'Passkeys' });
    await addPasskeyInSettings(page);
    const row = card.getByRole('listitem').first();
    await expect(row).toContainText(/Chrome on \w+/);
    await row.getByRole('button', { name: /^Remove/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this passkey?' });
    await dialog.getByLabel('Password').fill('not her password');
    await dialog.getByRole('button', { name: 'Remove passkey' }).click();
    await expect(dialog.getByText('The password is not correct.')).toBeVisible();
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Remove passkey' }).click();
    await expect(card.getByText('You have no passkeys yet.')).toBeVisible();

    // The browser still holds it; the club no longer accepts it.
    await signOut(page);
    await page.goto(`${LOCALHOST}/login`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByText('That passkey could not be used to sign in.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // A password change offers to remove her passkeys too, ticked (issue 45).
    await passwordLogin(page, who);
    await page.goto(`${LOCALHOST}/settings`);
    await addPasskeyInSettings(page);
    await expect(card.getByRole('listitem')).toHaveCount(1);
    const password = page.locator('form', { has: page.getByRole('heading', { name: 'Password', exact: true }) });
    const removeToo = password.getByRole('checkbox', { name: 'Also remove my passkeys' });
    await expect(removeToo).toBeChecked();
    await password.getByLabel('Old password').fill(PASSWORD);
    await password.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await password.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password updated successfully')).toBeVisible();
    await expect(card.getByText('You have no passkeys yet.')).toBeVisible();
  } finally {
    await context.close();
  }
});

test('an admin with only a passkey (no TOTP) reaches the admin pages', async ({ browser }, info) => {
  const who = await freshMember(browser, 'Vera', { admin: true });
  const context = await browser.newContext();
  const page = await context.newPage();
  await virtualAuthenticator(page);
  const welcome = page.getByRole('heading', { name: `Welcome, ${who.name}` });
  try {
    // Without a second factor the admin pages send her to Settings.
    await passwordLogin(page, who);
    await page.goto(`${LOCALHOST}/admin`);
    await page.waitForURL(/\/settings$/);
    await expect(page.getByText('Administrators sign in with a second factor')).toBeVisible();
    await addPasskeyInSettings(page);
    await expect(page.getByRole('region', { name: 'Passkeys' }).getByRole('listitem')).toHaveCount(1);
    // Her first passkey counts for this session, as turning on 2FA does.
    await page.goto(`${LOCALHOST}/admin`);
    await expect(welcome).toBeVisible();

    // Her password alone does not open them again; Settings offers her passkey, which does.
    await signOut(page);
    await passwordLogin(page, who);
    await page.goto(`${LOCALHOST}/admin`);
    await page.waitForURL(/\/settings$/);
    const card = page.getByRole('region', { name: 'Passkeys' });
    await expect(card.getByText('Administrators who have a passkey use it to open the admin pages')).toBeVisible();
    await screenshot(card, info, 'settings-admin-password-session');
    await card.getByRole('button', { name: 'Sign in with your passkey' }).click();
    await expect(page.getByText('Signed in with your passkey: the admin pages are open.')).toBeVisible();
    await page.goto(`${LOCALHOST}/admin`);
    await expect(welcome).toBeVisible();

    // And a passkey sign-in from the login page: no code asked, straight to the admin pages.
    await signOut(page);
    await passkeyLogin(page, who);
    await page.goto(`${LOCALHOST}/users`);
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(who.name) })).toBeVisible();
    await screenshot(page, info, 'admin-users-after-passkey');
  } finally {
    await context.close();
  }
});
