import { cookieName, hostCookie, readCookie } from './cookies';

/**
 * D1 read replication through the Sessions API (ADR 0012). Every request runs its queries in one
 * D1 session: sequentially consistent within the request, on the nearest replica that is at least
 * as new as where the session starts.
 */

/** The browser's last bookmark after a write, as a cookie (`__Host-d1b` over https). */
export const BOOKMARK_COOKIE = 'd1b';
/** The same for clients without cookies (Cloudflare's documented header); also on every answer. */
export const BOOKMARK_HEADER = 'x-d1-bookmark';
/**
 * Long past any replica lag (a bookmark only says "at least this new"), and short enough that
 * one from before a Time Travel restore soon stops being sent.
 */
const BOOKMARK_MAX_AGE_SECONDS = 60 * 60;
/**
 * What D1 hands out: four hex fields (e.g. 0000000b-00000007-00004f6a-<32 hex>). Anything else a
 * client sends is ignored, never passed to D1.
 */
const BOOKMARK_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

/** Reads that must see the primary even without a bookmark (ADR 0012): REST paths and tRPC procedures. */
export interface FreshReads {
  paths: RegExp[];
  procedures: string[];
}

function bookmarkOrNull(value: string | null | undefined): string | null {
  return value && BOOKMARK_SHAPE.test(value) ? value : null;
}

/** The newest well-formed bookmark the request carries (cookie or header); bookmarks sort by age. */
export function requestBookmark(req: Request): string | null {
  const fromCookie = bookmarkOrNull(readCookie(req.headers.get('Cookie'), cookieName(BOOKMARK_COOKIE, req.url)));
  const fromHeader = bookmarkOrNull(req.headers.get(BOOKMARK_HEADER));
  if (fromCookie && fromHeader) return fromCookie > fromHeader ? fromCookie : fromHeader;
  return fromCookie ?? fromHeader;
}

/** The tRPC procedures a /trpc URL calls ("/trpc/a.b,c.d?batch=1"). */
function trpcProcedures(pathname: string): string[] {
  if (!pathname.startsWith('/trpc/')) return [];
  let names = pathname.slice('/trpc/'.length);
  try {
    names = decodeURIComponent(names);
  } catch {
    // Left encoded: it names no procedure of the list then.
  }
  return names.split(',');
}

/**
 * Where the request's session starts: a write (any method but GET and HEAD) or a fresh read at
 * the primary ('first-primary'); any other read at the bookmark it carries, else anywhere
 * ('first-unconstrained', the nearest replica).
 */
export function sessionStart(req: Request, fresh: FreshReads): D1SessionConstraint | D1SessionBookmark {
  if (req.method !== 'GET' && req.method !== 'HEAD') return 'first-primary';
  const { pathname } = new URL(req.url);
  if (fresh.paths.some((p) => p.test(pathname))) return 'first-primary';
  if (trpcProcedures(pathname).some((name) => fresh.procedures.includes(name))) return 'first-primary';
  return requestBookmark(req) ?? 'first-unconstrained';
}

/** The Set-Cookie value carrying a bookmark to the browser's next requests. */
export function bookmarkCookie(requestUrl: string, bookmark: string): string {
  return hostCookie(requestUrl, BOOKMARK_COOKIE, bookmark, BOOKMARK_MAX_AGE_SECONDS);
}
