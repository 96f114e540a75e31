import { cookieName, hostCookie, readCookie } from '../../platform/cookies';
import { sessionCookie } from './session-cookie';

/*
 * The pending-sign-in cookie of a 2FA login: set by POST /login when the password was right and a
 * code is still owed, read by POST /login/2fa. HttpOnly, SameSite=Lax, 5 minutes, and named like
 * the session cookie (__Host- over https, see cookieName).
 */
const NAME = 'owow_2fa_pending';

export function pendingLoginCookie(requestUrl: string, token: string, maxAgeSeconds: number): string {
  return hostCookie(requestUrl, NAME, token, maxAgeSeconds);
}

export function clearedPendingLoginCookie(requestUrl: string): string {
  return pendingLoginCookie(requestUrl, '', 0);
}

export function readPendingLoginToken(requestUrl: string, cookieHeader: string | null | undefined): string | null {
  return readCookie(cookieHeader, cookieName(NAME, requestUrl));
}

/** The cookies a login answer sets: the session, or (2FA on) only the pending sign-in. */
export function loginCookies(
  requestUrl: string,
  result: { session?: { token: string; expiresAt: number }; pending?: { token: string; maxAgeSeconds: number } },
): string[] {
  if (result.pending) return [pendingLoginCookie(requestUrl, result.pending.token, result.pending.maxAgeSeconds)];
  return result.session ? [sessionCookie(requestUrl, result.session.token, result.session.expiresAt)] : [];
}

/** After the code: the session cookie, and the pending one cleared. */
export function twoFactorLoginCookies(requestUrl: string, session: { token: string; expiresAt: number }): string[] {
  return [sessionCookie(requestUrl, session.token, session.expiresAt), clearedPendingLoginCookie(requestUrl)];
}
