import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import type { Context } from 'hono';
import { VISITOR } from './platform/actor';
import { AppError } from './platform/app-error';
import { MAX_TRPC_BATCH } from '../shared/constants';
import { JSON_BODY_LIMIT, readTextWithin } from './platform/body-limit';
import type { AppEnv } from './platform/hono-env';
import { describeError } from './platform/log-redaction';
import { actorOf, languageOf, requestMeta } from './platform/request-actor';
import { loadLanguage } from './platform/i18n';
import { DEFAULT_LANGUAGE } from '../shared/preferences';
import { appRouter } from './router';

/** The calls a batch URL names ("/trpc/a,b,c?batch=1"), counted before anything is read. */
function batchSize(url: URL): number {
  if (url.searchParams.get('batch') !== '1') return 1;
  let path = url.pathname.slice('/trpc/'.length);
  try {
    path = decodeURIComponent(path);
  } catch {
    // Left encoded: tRPC refuses it anyway.
  }
  return path.split(',').length;
}

/**
 * Bounded before tRPC sees it (issue 11): at most MAX_TRPC_BATCH calls a batch, and a POST body
 * of at most JSON_BODY_LIMIT bytes, read as a counted stream (413 as soon as it passes).
 */
async function boundedRequest(req: Request): Promise<Request> {
  if (batchSize(new URL(req.url)) > MAX_TRPC_BATCH) {
    throw new AppError('PAYLOAD_TOO_LARGE', /*i18n*/ 'A request may batch at most {max} calls.', { values: { max: MAX_TRPC_BATCH } });
  }
  if (req.method !== 'POST') return req;
  const text = await readTextWithin(req, JSON_BODY_LIMIT);
  const headers = new Headers(req.headers);
  headers.delete('Content-Length');
  return new Request(req.url, { method: req.method, headers, body: text });
}

export async function handleTrpc(c: Context<AppEnv>): Promise<Response> {
  const req = await boundedRequest(c.req.raw);
  const overloaded = c.get('overloaded') === true;
  // Overloaded: every call is refused before it reads the session (platform/trpc.ts).
  const actor = overloaded ? VISITOR : await actorOf(c);
  const meta = requestMeta(c);
  // Issue 41: its errors are written in her language by the error formatter, which cannot wait.
  const language = languageOf(actor, meta);
  if (language !== DEFAULT_LANGUAGE) await Promise.all([loadLanguage(DEFAULT_LANGUAGE), loadLanguage(language)]);
  return fetchRequestHandler({
    endpoint: '/trpc',
    req,
    router: appRouter,
    // Also refused by tRPC itself, should a path reach it uncounted.
    maxBatchSize: MAX_TRPC_BATCH,
    createContext: ({ resHeaders }) => ({
      deps: c.get('deps'),
      actor,
      meta,
      req,
      resHeaders,
      requestId: c.get('requestId'),
      overloaded,
    }),
    onError({ error, path }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') {
        // The procedure's name, never its input; the error redacted (no bound values of a statement).
        console.error('trpc error', { requestId: c.get('requestId'), path, error: describeError(error.cause ?? error) });
      }
    },
  });
}
