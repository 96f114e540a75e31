import type { Context } from 'hono';

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
