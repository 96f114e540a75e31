import { expect, type Cookie, type Page } from '@playwright/test';

export const SEED = {
  admin: { email: 'admin@club.example', password: 'club-admin-2026', name: 'Margaret Ellison' },
  inviteCode: 'WELCOME-2026',
  demoPassword: 'club-member-2026',
  founding: { email: 'eleanor@club.example', name: 'Eleanor Vance' },
  founding2: { email: 'amara@club.example', name: 'Amara Okafor' },
  standard: { email: 'sofia@club.example', name: 'Sofia Rossi' },
  standard2: { email: 'mei@club.example', name: 'Mei Lin' },
  travelHost: { email: 'claire@club.example', name: 'Claire Dubois' },
};

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
