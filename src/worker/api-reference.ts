import { Hono } from 'hono';
import type { AppEnv } from './platform/hono-env';
import { OPENAPI_PATH } from './platform/openapi';

/*
 * The REST surface described (issue 26): GET /api/openapi.json, the OpenAPI 3.1 document built
 * from each module's rest-docs.ts, and GET /api/docs, a readable reference of it. The document and
 * everything it is built from are imported on the first request for it, so no other request of
 * the isolate pays for them; it is then kept for the isolate's life (it only changes with a deploy).
 */

let document: Promise<string> | undefined;

function openApiJson(): Promise<string> {
  document ??= import('./rest-docs').then(({ openApiDocument }) => JSON.stringify(openApiDocument()));
  // A failed build (a description that cannot be right) is retried on the next request, not cached.
  document.catch(() => (document = undefined));
  return document;
}

export const apiReferenceRoutes = new Hono<AppEnv>()
  .get(OPENAPI_PATH, async (c) => {
    // Public, the same for everyone, and it only changes with a deploy.
    c.header('Cache-Control', 'public, max-age=300');
    c.header('Content-Type', 'application/json; charset=UTF-8');
    return c.body(await openApiJson());
  })
  .get('/api/docs', async (c) => {
    // The page (with the renderer's script, loaded by nothing else) is built by
    // the client build's API docs plugin into the static assets; its scripts are files, so the
    // app's CSP (no inline script) holds.
    const page = await c.env.ASSETS.fetch(new Request(new URL('/api-docs', c.req.url)));
    if (!page.ok) return c.text('The API reference is part of the client build: run npm run build (npm start does).', 404);
    const res = new Response(page.body, page);
    res.headers.set('Cache-Control', 'public, max-age=300');
    return res;
  });
