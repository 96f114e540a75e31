import { SESSION_COOKIE } from '../../../shared/constants';

/** Secure except on plain-http localhost, where browsers would drop a Secure cookie. */
export function isSecure(requestUrl: string): boolean {
  const url = new URL(requestUrl);
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  return url.protocol === 'https:' || !local;
}

/**
 * A cookie's name for this request: over https (production) with the __Host- prefix, so the
 * browser insists on Secure, Path=/ and no Domain and no sibling subdomain can plant or widen it;
 * on plain-http localhost the bare name, since a prefixed cookie would be dropped there. Every
 * cookie the Worker sets should be named through this (the session's, 2FA's pending sign-in).
 */
export function cookieName(base: string, requestUrl: string): string {
  return isSecure(requestUrl) ? `__Host-${base}` : base;
}

/** The attributes every auth cookie carries; with cookieName they meet the __Host- rules. */
function cookieAttributes(requestUrl: string, maxAgeSeconds: number): string[] {
  return ['Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAgeSeconds}`, ...(isSecure(requestUrl) ? ['Secure'] : [])];
}

export function sessionCookie(requestUrl: string, token: string, expiresAt: number): string {
  const maxAge = Math.max(0, Math.floor((expiresAt - Date.now()) / 1000));
  return [`${cookieName(SESSION_COOKIE, requestUrl)}=${token}`, ...cookieAttributes(requestUrl, maxAge)].join('; ');
}

export function clearedSessionCookie(requestUrl: string): string {
  return [`${cookieName(SESSION_COOKIE, requestUrl)}=`, ...cookieAttributes(requestUrl, 0)].join('; ');
}

/** The value of the cookie named `name` in a Cookie header, or null. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/**
 * The session token, read only under this request's name. Over https the unprefixed cookie of
 * before the __Host- prefix is not accepted, even as a fallback: it is exactly what a sibling
 * subdomain could plant (session fixation), so members sign in once more after that deploy.
 */
export function readSessionToken(requestUrl: string, cookieHeader: string | null | undefined): string | null {
  return readCookie(cookieHeader, cookieName(SESSION_COOKIE, requestUrl));
}
