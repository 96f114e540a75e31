import { expect, type Cookie, type Page } from '@playwright/test';
import { hotp, timeStep } from '../../src/worker/modules/auth/totp';
import { SEED_DEFAULTS } from '../../scripts/lib/seed/options';

export const SEED = {
  // The demo seed turns 2FA on for the admin with the secret README documents.
  admin: { email: 'admin@club.example', password: 'club-admin-2026', name: 'Margaret Ellison', totpSecret: SEED_DEFAULTS.adminTotpSecret },
  inviteCode: 'WELCOME-2026',
  demoPassword: 'club-member-2026',
  founding: { email: 'eleanor@club.example', name: 'Eleanor Vance' },
  founding2: { email: 'amara@club.example', name: 'Amara Okafor' },
  standard: { email: 'sofia@club.example', name: 'Sofia Rossi' },
  standard2: { email: 'mei@club.example', name: 'Mei Lin' },
  travelHost: { email: 'claire@club.example', name: 'Claire Dubois' },
  /** Joined this week: her application's cottage is still a draft home. */
  newTravelHost: { email: 'grace@club.example', name: 'Grace Whitfield' },
};

// The last TOTP step each secret signed in with during this run: the server accepts each step's
// code once (DECISIONS "Privacy and trust"), so a second sign-in within the same 30 s uses the
// next step's code (one step of drift is allowed), and a third waits for the clock.
const lastStep = new Map<string, number>();

/** A code of the secret that this run has not used yet, as the member's authenticator app would show it. */
export async function freshTotpCode(secret: string): Promise<string> {
  for (;;) {
    const current = timeStep(Date.now());
    const step = Math.max(current, (lastStep.get(secret) ?? -Infinity) + 1);
    if (step <= current + 1) {
      lastStep.set(secret, step);
      return hotp(secret, step);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Members whose sign-in asks for a two-factor code, by email: their TOTP secret. */
export const totpSecrets = new Map<string, string>([[SEED.admin.email, SEED.admin.totpSecret]]);

/** The login's code step, when the account has 2FA on (after the password was accepted). */
export async function enterTwoFactorCode(page: Page, secret: string) {
  const field = page.getByLabel('Authentication code');
  await expect(field).toBeVisible();
  await field.fill(await freshTotpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
}

// Sessions by email, reused across tests: every browser test logs in from 127.0.0.1, and the
// login rate limits (per IP and per account) would otherwise refuse a long run's many logins.
const sessionCookies = new Map<string, Cookie[]>();

/**
 * Logs in through the real form (or reuses this run's earlier session of the same member when it
 * is still valid) and waits for the member menu text. `fresh` forces the form.
 */
export async function loginAs(page: Page, email: string, password: string, name?: string, opts: { fresh?: boolean } = {}) {
  const cached = opts.fresh ? undefined : sessionCookies.get(email);
  if (cached) {
    await page.context().addCookies(cached);
    const status = await (await page.request.get('/auth-status')).json();
    if (status.authenticated) {
      await page.goto('/home');
      if (name) await expect(page.getByText(`Logged in as ${name}`).first()).toBeVisible();
      return;
    }
    await page.context().clearCookies();
  }
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const secret = totpSecrets.get(email);
  if (secret) await enterTwoFactorCode(page, secret);
  await page.waitForURL(/\/home$/);
  if (name) await expect(page.getByText(`Logged in as ${name}`).first()).toBeVisible();
  if (!opts.fresh) sessionCookies.set(email, await page.context().cookies());
}

export const loginAsAdmin = (page: Page, opts: { fresh?: boolean } = {}) =>
  loginAs(page, SEED.admin.email, SEED.admin.password, SEED.admin.name, opts);
export const loginAsDemo = (page: Page, who: { email: string; name: string }) => loginAs(page, who.email, SEED.demoPassword, who.name);

export interface MailboxEntry {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

/** Newest mail to an address from /dev/mailbox.json, waiting for it to arrive. */
export async function latestMailTo(page: Page, to: string, subjectIncludes?: string): Promise<MailboxEntry> {
  let found: MailboxEntry | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/dev/mailbox.json');
        const all = (await res.json()) as MailboxEntry[];
        found = all.find((m) => m.to === to && (!subjectIncludes || m.subject.includes(subjectIncludes)));
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The first link to this site's path prefix in a mail's text part. */
export function linkIn(mail: MailboxEntry, pathPrefix: string): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s)]+${pathPrefix.replace(/\//g, '\\/')}[^\\s)]*`));
  if (!match) throw new Error(`No ${pathPrefix} link in mail "${mail.subject}": ${mail.text}`);
  const url = new URL(match[0]);
  return url.pathname + url.search;
}

/** A calendar day (UTC) this many days from today, as yyyy-mm-dd. */
export function isoDateFromToday(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * A listed home of Hana's (a Travel Host), open from 20 to 120 days from today, through the API
 * as her editor saves it; answers its id. In Portugal: the homes spec counts on no home in Japan.
 */
export async function listHanasHome(page: Page, fields: { title: string; max_guests: number }): Promise<number> {
  await loginAsDemo(page, { email: 'hana@club.example', name: 'Hana Sato' });
  const res = await page.request.post('/api/homes', {
    headers: { Origin: new URL(page.url()).origin },
    data: {
      city: 'Porto',
      country: 'Portugal',
      address: '12 Rua das Flores, Porto',
      bedrooms: 1,
      availability: [{ start: isoDateFromToday(20), end: isoDateFromToday(120) }],
      ...fields,
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Same-site headers for a write sent through page.request. */
export const sameSiteHeaders = (page: Page) => ({ Origin: new URL(page.url()).origin });

/**
 * An application through the public API with the seeded code, as a Travel Host when a property
 * address is given; answers its id (the admin's page lists it). `admin` is a signed-in admin's page.
 */
export async function applyForMembership(
  admin: Page,
  who: { name: string; email: string },
  opts: { propertyAddress?: string } = {},
): Promise<number> {
  const res = await admin.request.post('/request', {
    headers: sameSiteHeaders(admin),
    data: {
      invitationCode: SEED.inviteCode,
      full_name: who.name,
      email: who.email,
      phone: '+44 20 7946 0958',
      reason: 'I would love to meet women who build things.',
      interests: ['Travel'],
      availability: 'Weekends',
      referral: 'Eleanor Vance',
      comments: '',
      membershipType: opts.propertyAddress ? 'Travel Host' : 'Standard',
      ...(opts.propertyAddress
        ? {
            propertyAddress: opts.propertyAddress,
            propertyType: 'Apartment',
            propertyDescription: 'Two bedrooms, a piano and a balcony over the market.',
            propertyAvailability: 'Seasonal',
          }
        : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const pending = (await (await admin.request.get('/api/applications?status=pending&limit=100')).json()) as { id: number; email: string }[];
  return pending.find((a) => a.email === who.email)!.id;
}

/** A new member through the whole pipeline (apply, accept, register), as the admin's page; answers her id. */
export async function newMember(
  admin: Page,
  who: { name: string; email: string; password: string },
  opts: { propertyAddress?: string } = {},
): Promise<number> {
  const id = await applyForMembership(admin, who, opts);
  const accepted = await admin.request.patch(`/api/applications/${id}/status`, {
    headers: sameSiteHeaders(admin),
    data: { accepted: true },
  });
  expect(accepted.status()).toBe(200);
  return registerFromMail(admin, who, opts.propertyAddress ? 'Travel Host' : 'Standard');
}

/** She registers from the invitation the queue delivered to her (through the API); answers her id. */
async function registerFromMail(admin: Page, who: { name: string; email: string; password: string }, type: string): Promise<number> {
  const token = linkIn(await latestMailTo(admin, who.email, 'create your account'), '/register/')
    .split('/')
    .pop()!;
  const registered = await admin.request.post('/api/register', {
    headers: sameSiteHeaders(admin),
    data: { token, name: who.name, type, password: who.password },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  const found = (await (await admin.request.get(`/api/users?search=${encodeURIComponent(who.email)}`)).json()) as {
    user_id: number;
    email: string;
  }[];
  return found.find((u) => u.email === who.email)!.user_id;
}

/**
 * A member of this test alone, with the term it needs (issue 46: a spec that changes a demo
 * member's term cannot change hers): imported from a one-row roster by the admin's page, then
 * registered from her invitation. Answers her id.
 */
export async function importedMember(
  admin: Page,
  who: { name: string; email: string; password: string },
  term: { memberSince: string; renewsOn: string },
): Promise<number> {
  const csv = `email,name,member_since,renews_on\r\n${who.email},${who.name},${term.memberSince},${term.renewsOn}\r\n`;
  const res = await admin.request.post('/api/admin/imports', {
    headers: sameSiteHeaders(admin),
    multipart: { file: { name: 'one-member.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return registerFromMail(admin, who, 'Standard');
}
