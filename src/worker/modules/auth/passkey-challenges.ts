import { eq, lte } from 'drizzle-orm';
import { passkeyChallenges } from '../../db/schema/passkeys';
import { cookieName, hostCookie, readCookie } from '../../platform/cookies';
import { deleteInBatches, HOUSEKEEPING_BOUNDS, type BatchBounds } from '../../platform/bounded-delete';
import { randomToken, sha256Hex } from '../../platform/crypto';
import type { Deps } from '../../platform/deps';
import type { ScheduledJob } from '../../platform/scheduled-job';
import { sessionCookie } from './session-cookie';

/*
 * WebAuthn challenges (issue 25): random (SimpleWebAuthn draws 32 bytes), single use, 5 minutes,
 * and bound to the browser that asked for them. The options call stores the challenge under the
 * SHA-256 of a random token and sets that token in an HttpOnly cookie; the answer is checked only
 * against the challenge behind the cookie it comes with, which is deleted in the same statement
 * that reads it. A challenge copied into another browser, or answered twice, finds nothing.
 */

export const PASSKEY_CHALLENGE_SECONDS = 5 * 60;

export type ChallengePurpose = 'registration' | 'authentication';

/** One cookie per purpose, so adding a passkey in one tab and signing in in another do not collide. */
const COOKIE: Record<ChallengePurpose, string> = {
  registration: 'owow_passkey_registration',
  authentication: 'owow_passkey_sign_in',
};

/** Keeps `challenge` (what the options carry) for this browser; answers the cookie's token. */
export async function storeChallenge(deps: Deps, purpose: ChallengePurpose, challenge: string, userId: number | null): Promise<string> {
  const token = randomToken();
  const now = deps.now();
  await deps.db
    .insert(passkeyChallenges)
    .values({ id: await sha256Hex(token), purpose, challenge, userId, expiresAt: now + PASSKEY_CHALLENGE_SECONDS * 1000, createdAt: now })
    .run();
  return token;
}

/**
 * The challenge behind this browser's cookie, used up: null when there is none, it ran out, it was
 * for something else (the other purpose, another member), or it was used already.
 */
export async function takeChallenge(
  deps: Deps,
  purpose: ChallengePurpose,
  token: string | null,
  userId: number | null,
): Promise<string | null> {
  if (!token) return null;
  // Deleted whatever it turns out to be: a challenge is answered once, right or wrong.
  const [row] = await deps.db
    .delete(passkeyChallenges)
    .where(eq(passkeyChallenges.id, await sha256Hex(token)))
    .returning();
  if (!row || row.purpose !== purpose || row.userId !== userId || row.expiresAt <= deps.now()) return null;
  return row.challenge;
}

export function challengeCookie(requestUrl: string, purpose: ChallengePurpose, token: string): string {
  return hostCookie(requestUrl, COOKIE[purpose], token, PASSKEY_CHALLENGE_SECONDS);
}

export function clearedChallengeCookie(requestUrl: string, purpose: ChallengePurpose): string {
  return hostCookie(requestUrl, COOKIE[purpose], '', 0);
}

export function readChallengeToken(requestUrl: string, cookieHeader: string | null | undefined, purpose: ChallengePurpose): string | null {
  return readCookie(cookieHeader, cookieName(COOKIE[purpose], requestUrl));
}

/** The cookies of a passkey sign-in's answer: the session, and its challenge's cleared. */
export function passkeySignInCookies(requestUrl: string, session: { token: string; expiresAt: number }): string[] {
  return [sessionCookie(requestUrl, session.token, session.expiresAt), clearedChallengeCookie(requestUrl, 'authentication')];
}

/** Housekeeping: challenges nobody answered within their 5 minutes. */
export function createPasskeyChallengesJob(bounds: BatchBounds = HOUSEKEEPING_BOUNDS): ScheduledJob {
  return {
    name: 'expired-passkey-challenges',
    async run(deps) {
      return { passkeyChallenges: await deleteInBatches(deps, passkeyChallenges, lte(passkeyChallenges.expiresAt, deps.now()), bounds) };
    },
  };
}

export const passkeyChallengesJob = createPasskeyChallengesJob();
