import { SESSION_COOKIE } from '../../../shared/constants';
import { cookieName, hostCookie, readCookie } from '../../platform/cookies';

export function sessionCookie(requestUrl: string, token: string, expiresAt: number): string {
  const maxAge = Math.max(0, Math.floor((expiresAt - Date.now()) / 1000));
  return hostCookie(requestUrl, SESSION_COOKIE, token, maxAge);
}

export function clearedSessionCookie(requestUrl: string): string {
  return hostCookie(requestUrl, SESSION_COOKIE, '', 0);
}

/**
 * The session token, read only under this request's name. Over https the unprefixed cookie of
 * before the __Host- prefix is not accepted, even as a fallback: it is exactly what a sibling
 * subdomain could plant (session fixation), so members sign in once more after that deploy.
 */
export function readSessionToken(requestUrl: string, cookieHeader: string | null | undefined): string | null {
  return readCookie(cookieHeader, cookieName(SESSION_COOKIE, requestUrl));
}
