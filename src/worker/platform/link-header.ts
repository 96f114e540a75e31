import type { Context } from 'hono';
import type { Actor } from './actor';
import { withRoundTrips } from './d1-round-trips';
import type { Deps } from './deps';
import type { AppEnv } from './hono-env';
import { actorOf } from './request-actor';

/**
 * REST lists keep SPEC's documented body (often a bare array) and tell the next page in a
 * `Link: <…?cursor=…>; rel="next"` header (RFC 8288), as GitHub's API does. The link is the
 * request's own path and query with `cursor` replaced, so filters and `limit` carry over.
 */
export function setNextLink(c: Context, nextCursor: string | null): void {
  if (!nextCursor) return;
  const url = new URL(c.req.url);
  url.searchParams.set('cursor', nextCursor);
  c.header('Link', `<${url.pathname}${url.search}>; rel="next"`);
  // Browsers' fetch only lets scripts read exposed headers cross-origin; same-origin reads it anyway.
  c.header('Access-Control-Expose-Headers', 'Link');
}

/** The query parameters of a paged list, as its PageQuerySchema-based input expects them. */
export function pageQuery(c: Context): { cursor?: string; limit?: string } {
  return { cursor: c.req.query('cursor'), limit: c.req.query('limit') };
}

/**
 * A paged REST list's read: the service's page with its D1 round trips in Server-Timing, and the
 * next page in the Link header. The route then answers the page's items (SPEC 7's bare lists) or
 * the page itself, whichever its documented body is.
 */
export async function restPage<P extends { nextCursor: string | null }>(
  c: Context<AppEnv>,
  read: (deps: Deps, actor: Actor) => Promise<P>,
): Promise<P> {
  const actor = await actorOf(c);
  const page = await withRoundTrips(c, (deps) => read(deps, actor));
  setNextLink(c, page.nextCursor);
  return page;
}
