import { env, exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import type { AccountType } from '../../src/shared/constants';
import { emailMessages } from '../../src/worker/db/schema/email';
import { events } from '../../src/worker/db/schema/events';
import { users } from '../../src/worker/db/schema/users';
import { hashPassword } from '../../src/worker/platform/crypto';
import type { MemberActor } from '../../src/worker/platform/actor';
import { createDeps } from '../../src/worker/platform/deps';
import { createSession } from '../../src/worker/modules/auth/sessions';
import { hotp, newTotpSecret, timeStep } from '../../src/worker/modules/auth/totp';
import { sealTotpSecret } from '../../src/worker/modules/auth/two-factor';
import { openMessageBody } from '../../src/worker/modules/mail/message-body';
import { expectAnswerDocumented } from './openapi-answers';

export const ORIGIN = 'http://127.0.0.1:8787';
const workerUnderTest = (exports as unknown as { default: Fetcher }).default;

/**
 * The Worker under test (its default export's fetch), running in this workerd. Every answer it
 * gives a test is checked against the OpenAPI document (issue 26): a status the route's
 * description does not list, or a body its schema refuses, fails the test that received it.
 */
export const worker = {
  async fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const req = new Request(input, init);
    const res = await workerUnderTest.fetch(req);
    await expectAnswerDocumented(req, res);
    return res;
  },
};
export const deps = () => createDeps(env);

let seq = 0;
/** A unique suffix, so every test has its own rows (tests in a file share D1). */
export function unique(prefix = 'u'): string {
  seq += 1;
  return `${prefix}${Date.now().toString(36)}${seq}${Math.random().toString(36).slice(2, 6)}`;
}

// One real scrypt hash reused by every test user: hashing costs ~100 ms.
export const TEST_PASSWORD = 'correct horse battery';
let passwordHash: Promise<string> | undefined;

export interface TestUser {
  id: number;
  email: string;
  name: string;
  type: AccountType;
  isAdmin: boolean;
  cookie: string;
  twoFactorEnabled: boolean;
  /** The TOTP secret (base32) when 2FA is on, for computing codes with totpCode(). */
  totpSecret: string | null;
}

/**
 * Inserts a member (or admin) and opens a session for it; cookie is ready for request(). Admins
 * get 2FA on (admin-only calls refuse an admin without it) unless `twoFactor: false`; the secret
 * is sealed exactly as the set-up flow seals it.
 */
export async function createUser(
  opts: { type?: AccountType; admin?: boolean; name?: string; email?: string; mustChangePassword?: boolean; twoFactor?: boolean } = {},
): Promise<TestUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const email = opts.email ?? `${unique()}@test.example`;
  const name = opts.name ?? `Member ${unique('n')}`;
  const db = deps().db;
  const [row] = await db
    .insert(users)
    .values({
      email,
      name,
      type: opts.type ?? 'Standard',
      isAdmin: opts.admin ?? false,
      passwordHash: await passwordHash,
      mustChangePassword: opts.mustChangePassword ?? false,
    })
    .returning();
  let totpSecret: string | null = null;
  if (opts.twoFactor ?? opts.admin ?? false) {
    totpSecret = newTotpSecret();
    const sealed = await sealTotpSecret(env, row!.id, totpSecret);
    await db.update(users).set({ totpSecret: sealed, totpEnabledAt: Date.now() }).where(eq(users.id, row!.id));
  }
  const session = await createSession(deps(), row!.id);
  return {
    id: row!.id,
    email,
    name,
    type: row!.type,
    isAdmin: row!.isAdmin,
    cookie: `owow_session=${session.token}`,
    twoFactorEnabled: totpSecret !== null,
    totpSecret,
  };
}

export const roles = {
  visitor: async () => null,
  standard: () => createUser({ type: 'Standard' }),
  founding: () => createUser({ type: 'Founding' }),
  travelHost: () => createUser({ type: 'Travel Host' }),
  admin: () => createUser({ type: 'Founding', admin: true }),
};

export async function userRow(id: number) {
  const [row] = await deps().db.select().from(users).where(eq(users.id, id));
  return row;
}

/**
 * A TOTP code of the member's secret that the server has not accepted yet: the current step's, or
 * the next one's (one step of drift) when the current one was used.
 */
export async function freshTotpCode(u: Pick<TestUser, 'id' | 'totpSecret'>): Promise<string> {
  if (!u.totpSecret) throw new Error('this test user has no 2FA');
  const last = (await userRow(u.id))?.totpLastStep ?? null;
  const current = timeStep(Date.now());
  const step = last === null || last < current ? current : last + 1;
  if (step > current + 1) throw new Error('both TOTP steps of the drift window are used');
  return hotp(u.totpSecret, step);
}

/** The cookie pair ("name=value") a response sets under a name, or null. */
export function cookieFrom(res: Response, name: string): string | null {
  for (const cookie of res.headers.getSetCookie()) {
    const pair = cookie.split(';')[0]!;
    if (pair.startsWith(`${name}=`)) return pair;
  }
  return null;
}

/**
 * Logs in as a browser does: POST /login, then for a member with 2FA on POST /login/2fa with the
 * pending cookie and a fresh code. Answers the response that opens the session.
 */
export async function loginThrough(u: TestUser, opts: { ip?: string; password?: string } = {}): Promise<Response> {
  const res = await request('/login', { body: { email: u.email, password: opts.password ?? TEST_PASSWORD }, ip: opts.ip });
  const pending = cookieFrom(res, 'owow_2fa_pending');
  if (res.status !== 200 || !pending) return res;
  return request('/login/2fa', { body: { code: await freshTotpCode(u) }, headers: { Cookie: pending }, ip: opts.ip });
}

interface RequestOptions {
  method?: string;
  body?: unknown;
  as?: TestUser | null;
  headers?: Record<string, string>;
  ip?: string;
  /**
   * false: skip the OpenAPI check of the answer. Only for a test that provokes what the document
   * must not promise (a 500 from a D1 failure it injects).
   */
  contract?: false;
}

// The client address of requests that name none. Each test file draws its own (tests/worker/setup.ts):
// workers serve many files one after another, and the per-IP rate limits count across them.
let defaultIp: string | undefined;
export function drawDefaultIp(): void {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  defaultIp = `10.${octet()}.${octet()}.${octet()}`;
}

/** A request to the Worker as a same-site browser would send it. */
export async function request(path: string, opts: RequestOptions = {}): Promise<Response> {
  const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { ...opts.headers };
  if (method !== 'GET' && method !== 'HEAD' && !('Origin' in headers)) headers.Origin = ORIGIN;
  if (opts.as) headers.Cookie = opts.as.cookie;
  const ip = opts.ip ?? defaultIp;
  if (ip) headers['CF-Connecting-IP'] = ip;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData || typeof opts.body === 'string') body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const req = new Request(`${ORIGIN}${path}`, { method, headers, body });
  return opts.contract === false ? workerUnderTest.fetch(req) : worker.fetch(req);
}

/** Calls a tRPC procedure over HTTP (as the React client does). */
export async function trpc(path: string, input: unknown, opts: { as?: TestUser | null; type?: 'query' | 'mutation' } = {}) {
  const type = opts.type ?? 'mutation';
  if (type === 'query') {
    const qs = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    return request(`/trpc/${path}${qs}`, { as: opts.as });
  }
  return request(`/trpc/${path}`, { method: 'POST', body: input ?? {}, as: opts.as });
}

/** A stored email_messages row with its sealed body opened (html, text, attachments). */
export async function storedMessage(id: number) {
  const [row] = await deps().db.select().from(emailMessages).where(eq(emailMessages.id, id));
  if (!row) return undefined;
  const body = await openMessageBody(env, row.body);
  return { ...row, html: body?.html ?? '', text: body?.text ?? '', attachments: body?.attachments ?? null };
}

/**
 * The mail recorded for an address, newest first (subject, text, html): the body is sealed in D1
 * and opened here with the test secret, as the consumer opens it.
 */
export async function mailTo(email: string) {
  const { results } = await env.DB.prepare(
    `SELECT d.id, d.to_email AS "to", d.status, m.subject, m.body, m.kind FROM email_deliveries d JOIN email_messages m ON m.id = d.message_id WHERE d.to_email = ? ORDER BY d.id DESC`,
  )
    .bind(email)
    .all<{ id: number; to: string; status: string; subject: string; body: string | null; kind: string }>();
  return Promise.all(
    results.map(async ({ body: sealed, ...row }) => {
      const body = await openMessageBody(env, sealed);
      return { ...row, text: body?.text ?? '', html: body?.html ?? '', attachments: body?.attachments ?? null };
    }),
  );
}

/**
 * The local rate limiter counts in fixed 60-second windows aligned to the clock: a run that
 * straddled a boundary would start counting again halfway. Start early in a window.
 */
/**
 * Sends `attempt` until one answers 429, at most 2 × limit + 1 times, and answers every status.
 * The Rate Limiting binding counts in windows aligned to the wall clock (miniflare's ratelimit
 * object: epoch = now / period), so a window may roll over mid-test and restart the count; twice
 * the limit still reaches it in the next window, however slow the machine.
 */
export async function untilLimited(limit: number, attempt: (i: number) => Promise<Response>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 2 * limit + 1; i++) {
    const res = await attempt(i);
    statuses.push(res.status);
    if (res.status === 429) break;
  }
  return statuses;
}

export async function startOfRateWindow() {
  const into = Date.now() % 60_000;
  if (into > 40_000) await new Promise((r) => setTimeout(r, 60_000 - into + 100));
}

/** An event row stored directly (no API, no rate limit): in 2030 unless `values` say otherwise. */
export async function insertEvent(values: Partial<typeof events.$inferInsert> = {}) {
  const slug = values.slug ?? unique('ev-');
  const [row] = await deps()
    .db.insert(events)
    .values({
      slug,
      title: `Event ${slug}`,
      eventDate: '2030-05-01',
      startTime: '16:00',
      endTime: '21:00',
      startsAt: 1_900_000_000_000,
      endsAt: 1_900_018_000_000,
      ...values,
    })
    .returning();
  return row!;
}

/** The service-layer actor of a test user. */
export function actorOf(u: TestUser): MemberActor {
  return {
    kind: 'member',
    id: u.id,
    name: u.name,
    email: u.email,
    type: u.type,
    // As sessions resolve it: admin powers need the flag and 2FA.
    isAdmin: u.isAdmin && u.twoFactorEnabled,
    hasAdminFlag: u.isAdmin,
    mustChangePassword: false,
    twoFactorEnabled: u.twoFactorEnabled,
    sessionId: 'test',
    language: null,
    theme: 'system',
    membership: { member_since: '2026-01-01', renews_on: '2999-01-01', status: 'active' },
  };
}
