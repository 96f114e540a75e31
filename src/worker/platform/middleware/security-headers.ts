import type { MiddlewareHandler } from 'hono';
import { BOOT_SCRIPT_HASH } from '../../../shared/boot-script';
import { SESSION_COOKIE } from '../../../shared/constants';
import { cookieName } from '../cookies';
import type { AppEnv } from '../hono-env';

// No inline script but the pages' boot script, allowed by its hash (src/shared/boot-script.ts).
// Inline styles stay allowed for React style props and the lightbox; images may be blob: (upload
// previews) and data: (tiny placeholders).
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${BOOT_SCRIPT_HASH}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Issue 43: the door's screen (/events/{id}/check-in) reads tickets with the camera; every other
 * document keeps it off. A policy belongs to the document, so that screen is opened by a full
 * page load (its link is a plain anchor).
 */
export const CAMERA_PAGE = /^\/events\/[^/]+\/check-in\/?$/;

export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const h = c.res.headers;
  // /dev/mailbox renders stored email HTML; it sets its own stricter policy.
  if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  h.set('X-Content-Type-Options', 'nosniff');
  // A page whose URL carries a token (one-click unsubscribe) sets 'no-referrer' itself.
  if (!h.has('Referrer-Policy')) h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  h.set('X-Frame-Options', 'DENY');
  const camera = CAMERA_PAGE.test(new URL(c.req.url).pathname) ? '(self)' : '()';
  h.set('Permissions-Policy', `camera=${camera}, microphone=(), geolocation=()`);
  h.set('Cross-Origin-Opener-Policy', 'same-origin');
  // What the Worker answers itself is hers (the session, her lists, her data): no cache, shared or
  // private, keeps a copy. Pages from Static Assets and image bytes carry their own policy.
  if (!h.has('Cache-Control')) h.set('Cache-Control', 'private, no-store');
  // Issue 40: an answer that signs her out on this device (its session cookie cleared: logout,
  // ending this device in Settings, deleting her account) also has the browser forget what the
  // club kept there: the service worker, its caches (her offline schedule) and the HTTP cache.
  const cleared = `${cookieName(SESSION_COOKIE, c.req.url)}=;`;
  if (h.getSetCookie().some((cookie) => cookie.startsWith(cleared) && cookie.includes('Max-Age=0'))) {
    h.set('Clear-Site-Data', '"cache", "storage"');
  }
  if (new URL(c.req.url).protocol === 'https:') {
    h.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  }
};
