import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../hono-env';
import { createDeps } from '../deps';

/** Gives each request an id (echoed as X-Request-Id, used in logs) and its service deps. */
export const requestContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  const requestId = c.req.header('CF-Ray') ?? crypto.randomUUID();
  c.set('requestId', requestId);
  c.set(
    'deps',
    createDeps(c.env, (p) => c.executionCtx.waitUntil(p)),
  );
  await next();
  c.res.headers.set('X-Request-Id', requestId);
};
