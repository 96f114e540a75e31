import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import type { Context } from 'hono';
import type { AppEnv } from './platform/hono-env';
import { actorOf, requestMeta } from './platform/request-actor';
import { appRouter } from './router';

export async function handleTrpc(c: Context<AppEnv>): Promise<Response> {
  const actor = await actorOf(c);
  return fetchRequestHandler({
    endpoint: '/trpc',
    req: c.req.raw,
    router: appRouter,
    createContext: ({ resHeaders }) => ({
      deps: c.get('deps'),
      actor,
      meta: requestMeta(c),
      req: c.req.raw,
      resHeaders,
      requestId: c.get('requestId'),
    }),
    onError({ error, path }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') {
        console.error('trpc error', { requestId: c.get('requestId'), path, error: error.cause ?? error });
      }
    },
  });
}
