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
 * cookie the Worker sets is named through this (the session's, 2FA's pending sign-in, the D1
 * bookmark).
 */
export function cookieName(base: string, requestUrl: string): string {
  return isSecure(requestUrl) ? `__Host-${base}` : base;
}

/** A Set-Cookie value that meets the __Host- rules: Path=/, HttpOnly, SameSite=Lax, Secure over https. */
export function hostCookie(requestUrl: string, base: string, value: string, maxAgeSeconds: number): string {
  return [
    `${cookieName(base, requestUrl)}=${value}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAgeSeconds}`,
    ...(isSecure(requestUrl) ? ['Secure'] : []),
  ].join('; ');
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
