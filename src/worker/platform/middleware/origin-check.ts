import type { Context, MiddlewareHandler } from 'hono';
import { appOrigins } from '../app-origin';
import { AppError } from '../app-error';
import type { AppEnv } from '../hono-env';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF protection: a mutating request from a browser on another site is refused. Browsers send
 * Origin on every non-GET request (and Sec-Fetch-Site); requests with neither (curl, server to
 * server) carry no ambient cookie risk and pass. The app's own origins are the request's and
 * those of app-origin.ts (APP_ORIGIN; locally both localhost and 127.0.0.1 on its port).
 */
export const originCheck: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  if (isCrossOrigin(c)) {
    throw new AppError('FORBIDDEN', /*i18n*/ 'Cross-site request refused.');
  }
  return next();
};

/**
 * The request comes from a page on another site (by its Origin, else Sec-Fetch-Site). Also asked
 * of a WebSocket handshake (GET /api/live), which carries the member's cookie like a form post.
 */
export function isCrossOrigin(c: Context<AppEnv>): boolean {
  const own = new URL(c.req.url).origin;
  const allowed = new Set([own, ...appOrigins(c.env)]);
  const origin = c.req.header('Origin');
  const site = c.req.header('Sec-Fetch-Site');
  return origin ? !allowed.has(origin) : site !== undefined && site !== 'same-origin' && site !== 'none';
}
