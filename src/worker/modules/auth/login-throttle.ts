import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { loginFailures } from '../../db/schema/login-failures';
import { AppError } from '../../platform/app-error';
import { addressGroup } from '../../platform/client-address';
import { deleteInBatches, HOUSEKEEPING_BOUNDS, type BatchBounds } from '../../platform/bounded-delete';
import { sha256Hex } from '../../platform/crypto';
import type { Deps } from '../../platform/deps';
import { enforceRateLimit } from '../../platform/rate-limit';
import type { RequestMeta } from '../../platform/request-actor';
import type { ScheduledJob } from '../../platform/scheduled-job';

/*
 * The password step's throttle (issue 30, after OWASP's Authentication Cheat Sheet on account
 * lockout): failures are throttled per account AND client address together, so nobody can lock a
 * member out by failing at her account from elsewhere.
 * - The Rate Limiting binding counts attempts per account and address: a few a minute.
 * - D1 keeps each failure (hashes only) for a window: an address that failed ADDRESS_FAILURES
 *   times at one account is refused there until its failures leave the window.
 * - When the account as a whole takes ACCOUNT_FLOOD_FAILURES failures in the window (a flood from
 *   many addresses), an address is refused after ADDRESS_FAILURES_IN_FLOOD of its own. The flood
 *   slows the addresses that fail; an address that has not failed is never refused for it, so the
 *   member's own correct password still signs her in.
 * A refused attempt checks no password and counts nothing. An attacker rotating through many
 * addresses gets a few guesses from each; against that stands the second factor (admins must
 * have one). The second step (a TOTP or recovery code) keeps its own limits (two-factor.ts).
 */

export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Failures of one address at one account, within the window, before that address is refused there. */
export const ADDRESS_FAILURES = 10;
/** Failures at one account within the window, from all addresses, that make a flood. */
export const ACCOUNT_FLOOD_FAILURES = 20;
/** During a flood, the failures of one address before it is refused. */
export const ADDRESS_FAILURES_IN_FLOOD = 3;

export const THROTTLED_LOGIN =
  /*i18n*/ 'Too many failed sign-ins from this address. Please wait a few minutes and try again, or reset your password.';

export interface LoginKeys {
  accountHash: string;
  addressHash: string;
}

/** The hashes a failure is stored under: the email as the login form normalised it, the address group. */
export async function loginKeys(email: string, ip: string): Promise<LoginKeys> {
  const [accountHash, addressHash] = await Promise.all([
    sha256Hex(`login-account:${email}`),
    sha256Hex(`login-address:${addressGroup(ip)}`),
  ]);
  return { accountHash, addressHash };
}

/**
 * Before a password is checked: the per-address binding limits, then the account's recent
 * failures and this address's share of them (one statement, to batch with the account lookup).
 */
export async function loginAttemptLimits(deps: Deps, meta: RequestMeta, email: string): Promise<LoginKeys> {
  await enforceRateLimit(deps.env, 'LOGIN_IP_LIMITER', `ip:${meta.ip}`);
  await enforceRateLimit(deps.env, 'LOGIN_ACCOUNT_LIMITER', `login:${email}|${addressGroup(meta.ip)}`);
  return loginKeys(email, meta.ip);
}

export function recentFailuresQuery(deps: Deps, keys: LoginKeys) {
  const mine = sql`${loginFailures.addressHash} = ${keys.addressHash}`;
  return deps.db
    .select({
      account: sql<number>`count(*)`.mapWith(Number),
      address: sql<number>`coalesce(sum(${mine}), 0)`.mapWith(Number),
      lastOfAddress: sql<number | null>`max(CASE WHEN ${mine} THEN ${loginFailures.createdAt} END)`,
    })
    .from(loginFailures)
    .where(and(eq(loginFailures.accountHash, keys.accountHash), gt(loginFailures.createdAt, deps.now() - LOGIN_FAILURE_WINDOW_MS)));
}

export type RecentFailures = Awaited<ReturnType<typeof recentFailuresQuery>>[number];

/** Refuses (429) an address whose own failures at this account passed what the account's state allows. */
export function refuseThrottledAddress(deps: Deps, failures: RecentFailures | undefined): void {
  if (!failures || failures.address === 0) return;
  const allowed = failures.account >= ACCOUNT_FLOOD_FAILURES ? ADDRESS_FAILURES_IN_FLOOD : ADDRESS_FAILURES;
  if (failures.address < allowed) return;
  // Until its newest failure leaves the window (by then it has none left there).
  const waitMs = (failures.lastOfAddress ?? deps.now()) + LOGIN_FAILURE_WINDOW_MS - deps.now();
  throw new AppError('TOO_MANY_REQUESTS', THROTTLED_LOGIN, { retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) });
}

/** A wrong password or an unknown email, counted for this account and address. */
export function recordLoginFailure(deps: Deps, keys: LoginKeys) {
  return deps.db.insert(loginFailures).values({ ...keys, createdAt: deps.now() });
}

/** Housekeeping: failures that left the window count for nothing any more. */
export function createLoginFailuresJob(bounds: BatchBounds = HOUSEKEEPING_BOUNDS): ScheduledJob {
  return {
    name: 'old-login-failures',
    async run(deps) {
      const before = deps.now() - LOGIN_FAILURE_WINDOW_MS;
      return { loginFailures: await deleteInBatches(deps, loginFailures, lte(loginFailures.createdAt, before), bounds) };
    },
  };
}

export const loginFailuresJob = createLoginFailuresJob();
