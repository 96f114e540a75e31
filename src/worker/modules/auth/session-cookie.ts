import { SESSION_COOKIE } from '../../../shared/constants';

/** Secure except on plain-http localhost, where browsers would drop a Secure cookie. */
function isSecure(requestUrl: string): boolean {
  const url = new URL(requestUrl);
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  return url.protocol === 'https:' || !local;
}

export function sessionCookie(requestUrl: string, token: string, expiresAt: number): string {
  const maxAge = Math.max(0, Math.floor((expiresAt - Date.now()) / 1000));
  return [
    `${SESSION_COOKIE}=${token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAge}`,
    ...(isSecure(requestUrl) ? ['Secure'] : []),
  ].join('; ');
}

export function clearedSessionCookie(requestUrl: string): string {
  return [`${SESSION_COOKIE}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0', ...(isSecure(requestUrl) ? ['Secure'] : [])].join('; ');
}

export function readSessionToken(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return value || null;
    }
  }
  return null;
}
