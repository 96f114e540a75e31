import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { isLocal } from './app-origin';
import type { AppEnv } from './hono-env';
import { redactPath } from './log-redaction';

/**
 * One structured line per request (issue 44), in production only: Workers' own invocation logs
 * are off because URLs can end in a secret (wrangler.toml), so this is the request log. It holds
 * the request id (X-Request-Id, and the `request_id` of a 500's body), the route as the app names
 * it (`/api/events/:id`, or the redacted path when no route matched), the status and the time
 * taken: no query string, no header, no body, nothing of the member.
 */
export interface RequestLogLine {
  request_id: string;
  method: string;
  route: string;
  status: number;
  duration_ms: number;
}

export function requestLogLine(c: Context<AppEnv>, requestId: string, arrived: number): RequestLogLine {
  const matched = routePath(c, -1);
  return {
    request_id: requestId,
    method: c.req.method,
    route: matched && matched !== '*' && matched !== '/*' ? matched : redactPath(c.req.path),
    status: c.res.status,
    duration_ms: Date.now() - arrived,
  };
}

export function logRequest(c: Context<AppEnv>, requestId: string, arrived: number): void {
  if (isLocal(c.env)) return;
  console.log(JSON.stringify(requestLogLine(c, requestId, arrived)));
}

/**
 * The app's first middleware: the request's id (Cloudflare's ray id, else a random one), echoed
 * as X-Request-Id on every answer, its whole time inside the Worker as Server-Timing `app` (a
 * Worker's clock moves across I/O, so on Cloudflare it leaves out CPU time since the last I/O;
 * under load, the client's wait minus `app` is the wait before the Worker saw the request), and
 * its log line. First, so that a failure in any later middleware (D1 unreachable as its session
 * opens) is still answered with the id and logged: Hono answers it through onError before this
 * middleware's `next()` returns.
 */
export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const arrived = Date.now();
  const requestId = c.req.header('CF-Ray') ?? crypto.randomUUID();
  c.set('requestId', requestId);
  await next();
  c.res.headers.set('X-Request-Id', requestId);
  c.res.headers.append('Server-Timing', `app;dur=${Date.now() - arrived}`);
  logRequest(c, requestId, arrived);
};
