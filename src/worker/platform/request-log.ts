import type { Context } from 'hono';
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
