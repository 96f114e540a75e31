// Issue 30: nobody can lock another member out. Wrong passwords for her account from other
// addresses once spent the account's own limit, so her correct password got 429; failures are now
// throttled per account and address together (auth/login-throttle.ts).
import { describe, expect, it } from 'vitest';
import { loginFailures } from '../../../src/worker/db/schema/login-failures';
import { addressGroup } from '../../../src/worker/platform/client-address';
import {
  ACCOUNT_FLOOD_FAILURES,
  ADDRESS_FAILURES,
  ADDRESS_FAILURES_IN_FLOOD,
  createLoginFailuresJob,
  LOGIN_FAILURE_WINDOW_MS,
  loginKeys,
} from '../../../src/worker/modules/auth/login-throttle';
import { cookieFrom, createUser, deps, loginThrough, request, startOfRateWindow, TEST_PASSWORD, unique } from '../helpers';

const octet = () => Math.floor(Math.random() * 250) + 1;
const ip = () => `10.${octet()}.${octet()}.${octet()}`;
const login = (email: string, password: string, addr: string) => request('/login', { body: { email, password }, ip: addr });
const WRONG = 'not-her-password-1';

/** Failures stored directly, `agoMs` back, as if they came from `addr`. */
async function pastFailures(email: string, addr: string, n: number, agoMs: number) {
  const keys = await loginKeys(email, addr);
  const createdAt = Date.now() - agoMs;
  await deps()
    .db.insert(loginFailures)
    .values(Array.from({ length: n }, () => ({ ...keys, createdAt })));
}

describe('failures elsewhere never refuse her correct password', { timeout: 90_000 }, () => {
  it('eight wrong passwords from eight addresses, then hers from a ninth: she is signed in', async () => {
    const u = await createUser();
    // The Rate Limiting binding counts per minute: all of it in one.
    await startOfRateWindow();
    for (let i = 0; i < 8; i++) expect((await login(u.email, WRONG, ip())).status).toBe(401);
    const res = await login(u.email, TEST_PASSWORD, ip());
    expect(res.status).toBe(200);
    expect(cookieFrom(res, 'owow_session')).not.toBeNull();
  });

  it('with two-factor sign-in on, her password and then her code both pass after the same flood', async () => {
    const u = await createUser({ twoFactor: true });
    await startOfRateWindow();
    for (let i = 0; i < 8; i++) expect((await login(u.email, WRONG, ip())).status).toBe(401);
    const res = await loginThrough(u, { ip: ip() });
    expect(res.status).toBe(200);
    expect(cookieFrom(res, 'owow_session')).not.toBeNull();
  });

  it('one address is still limited at one account: 429 after eight tries in a minute', async () => {
    const u = await createUser();
    const addr = ip();
    await startOfRateWindow();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await login(u.email, WRONG, addr)).status);
    const refused = await request('/login', { body: { email: u.email, password: WRONG }, ip: addr, headers: { 'Accept-Language': 'fr' } });
    statuses.push(refused.status);
    expect(statuses).toEqual([...Array(8).fill(401), 429]);
    // The login page shows the refusal as the API writes it: in the request's language (issue 41).
    expect((await refused.json<{ message: string }>()).message).toBe(
      'Trop de tentatives. Veuillez patienter une minute avant de réessayer.',
    );
    // Another address signs her in meanwhile.
    expect((await login(u.email, TEST_PASSWORD, ip())).status).toBe(200);
  });
});

describe('failures counted per account and address in a 15-minute window', { timeout: 60_000 }, () => {
  it(`an address with ${ADDRESS_FAILURES} failures at her account is refused there, the right password included; others are not`, async () => {
    const u = await createUser();
    const attacker = ip();
    await pastFailures(u.email, attacker, ADDRESS_FAILURES, 2 * 60_000);
    const refused = await login(u.email, TEST_PASSWORD, attacker);
    expect(refused.status).toBe(429);
    // Until its newest failure leaves the window: 13 minutes from now.
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(12 * 60);
    expect(Number(refused.headers.get('Retry-After'))).toBeLessThanOrEqual(13 * 60);
    expect(cookieFrom(refused, 'owow_session')).toBeNull();
    // The same address at another account, and another address at hers, are not refused.
    const other = await createUser();
    expect((await login(other.email, TEST_PASSWORD, attacker)).status).toBe(200);
    expect((await login(u.email, TEST_PASSWORD, ip())).status).toBe(200);
    // Failures older than the window count for nothing.
    const old = ip();
    await pastFailures(u.email, old, ADDRESS_FAILURES * 2, LOGIN_FAILURE_WINDOW_MS + 60_000);
    expect((await login(u.email, TEST_PASSWORD, old)).status).toBe(200);
  });

  it(`a flood at her account (${ACCOUNT_FLOOD_FAILURES} failures) refuses each address after ${ADDRESS_FAILURES_IN_FLOOD} of its own; hers, with one typo, and a new one sign in`, async () => {
    const u = await createUser();
    const hers = ip();
    expect((await login(u.email, 'a-typo-of-hers', hers)).status).toBe(401);
    const attackers = Array.from({ length: 7 }, ip);
    // Before the flood an address may fail more than three times.
    for (let i = 0; i < ADDRESS_FAILURES_IN_FLOOD + 1; i++) expect((await login(u.email, WRONG, attackers[0]!)).status).toBe(401);
    await pastFailures(u.email, attackers[1]!, 3, 60_000);
    for (const addr of attackers.slice(2)) await pastFailures(u.email, addr, 3, 60_000);
    // 1 + 4 + 18 = 23 failures in the window: a flood.
    for (const addr of attackers) {
      const res = await login(u.email, TEST_PASSWORD, addr);
      expect(res.status, addr).toBe(429);
    }
    expect((await login(u.email, TEST_PASSWORD, hers)).status).toBe(200);
    expect((await login(u.email, TEST_PASSWORD, ip())).status).toBe(200);
    // A refused attempt checks nothing and counts nothing.
    const keys = await loginKeys(u.email, attackers[0]!);
    const rows = await deps().db.select().from(loginFailures);
    expect(rows.filter((r) => r.accountHash === keys.accountHash && r.addressHash === keys.addressHash)).toHaveLength(4);
  });

  it('an unknown email is counted and refused the same way (nothing tells the two apart)', async () => {
    const email = `${unique()}@nobody.example`;
    const addr = ip();
    await pastFailures(email, addr, ADDRESS_FAILURES, 60_000);
    const res = await login(email, WRONG, addr);
    expect(res.status).toBe(429);
  });
});

describe('addresses and housekeeping', () => {
  it('counts IPv6 by its /64 and IPv4 whole', () => {
    expect(addressGroup('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:db8::5')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressGroup('192.0.2.7')).toBe('192.0.2.7');
  });

  it('one address of a /64 failing counts for the whole /64', async () => {
    const u = await createUser();
    const prefix = `2001:db8:${octet().toString(16)}:${octet().toString(16)}`;
    await pastFailures(u.email, `${prefix}::1`, ADDRESS_FAILURES, 60_000);
    expect((await login(u.email, TEST_PASSWORD, `${prefix}::2`)).status).toBe(429);
  });

  it('the housekeeping job deletes failures that left the window, not the others', async () => {
    const email = `${unique()}@nobody.example`;
    await pastFailures(email, ip(), 3, LOGIN_FAILURE_WINDOW_MS + 1000);
    await pastFailures(email, ip(), 2, 60_000);
    const { accountHash } = await loginKeys(email, ip());
    // Bounded batches (two rows a statement here) until none is left; other tests' old rows go too.
    const job = createLoginFailuresJob({ rows: 2, statements: 1000 });
    const counts = await job.run(deps());
    expect(counts.loginFailures).toBeGreaterThanOrEqual(3);
    const left = (await deps().db.select().from(loginFailures)).filter((r) => r.accountHash === accountHash);
    expect(left).toHaveLength(2);
  });
});
