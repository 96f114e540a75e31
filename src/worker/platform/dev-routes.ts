import { AppError } from './app-error';
import type { Env } from './env';

/*
 * The development routes (the mailbox, the load bench's floor) answer under `npm start` only
 * (ENVIRONMENT development; 404 anywhere else), and there only to a request for 127.0.0.1 or
 * localhost, any port (issue 45): a page of another site whose name a DNS-rebinding attack points
 * at the developer's machine reaches the server with its own name in Host, and is refused.
 */

const LOOPBACK_NAMES: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost']);

const hostnameOf = (host: string): string | null => {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
};

/** The request names 127.0.0.1 or localhost, in its URL and in its Host header when it has one. */
export function forLoopbackHost(req: Request): boolean {
  const host = req.headers.get('Host');
  const names = [new URL(req.url).hostname, ...(host === null ? [] : [hostnameOf(host)])];
  return names.every((name) => name !== null && LOOPBACK_NAMES.has(name));
}

export const DEV_ROUTES_LOOPBACK_ONLY = /*i18n*/ 'Development routes answer only at http://127.0.0.1 or http://localhost.';

/** Throws the answer of a development route to this request: 404 outside development, 403 for another host. */
export function refuseUnlessDevRoute(env: Env, req: Request): void {
  if (env.ENVIRONMENT !== 'development') throw new AppError('NOT_FOUND', /*i18n*/ 'Not found');
  if (!forLoopbackHost(req)) throw new AppError('FORBIDDEN', DEV_ROUTES_LOOPBACK_ONLY);
}
