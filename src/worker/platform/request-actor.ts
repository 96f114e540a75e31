import type { Context } from 'hono';
import { VISITOR, type Actor } from './actor';
import { clientAddress } from './client-address';
import type { AppEnv } from './hono-env';
import { readCookie } from './cookies';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, requestLanguage, type Language } from '../../shared/preferences';
import { keepingLapsedAccess, routeKeptWhileLapsed } from './lapsed-gate';

/** What services may know of the request beyond its actor (rate-limit keys, a new session's device). */
export interface RequestMeta {
  ip: string;
  /** The User-Agent header; a session keeps only the browser and OS read from it. */
  userAgent?: string | null;
  /**
   * The browser's Sec-Fetch-Site: 'same-origin' from the app's own pages, 'none' typed or
   * bookmarked, 'same-site' or 'cross-site' when another site made the browser send it.
   */
  fetchSite?: string | null;
  /**
   * The device's language (issue 41): its `lang` cookie, else the best match of its
   * Accept-Language, else English. A member's own choice, when she made one, is on her actor and
   * comes first (languageOf).
   */
  language?: Language;
}

/** The language to answer her in: her account's choice, else the request's (cookie, Accept-Language). */
export function languageOf(actor: Actor, meta: Pick<RequestMeta, 'language'>): Language {
  return (actor.kind === 'member' ? actor.language : null) ?? meta.language ?? DEFAULT_LANGUAGE;
}

/** The device's language of a request (RequestMeta.language). */
export function deviceLanguage(headers: Headers): Language {
  return requestLanguage({ cookie: readCookie(headers.get('Cookie'), LANGUAGE_COOKIE), acceptLanguage: headers.get('Accept-Language') });
}

/**
 * The request's actor: the member behind the session cookie, or a visitor. The auth module's
 * middleware installs the resolver; it runs once, on first use (page GETs never touch D1). On the
 * REST calls a lapsed member keeps (lapsed-gate.ts), her actor says so.
 */
export function actorOf(c: Context<AppEnv>): Promise<Actor> {
  let p = c.get('actorPromise');
  if (!p) {
    const resolve = c.get('resolveActor');
    const kept = routeKeptWhileLapsed(c.req.method, c.req.path);
    p = (resolve ? resolve() : Promise.resolve(VISITOR)).then((actor) => keepingLapsedAccess(actor, kept));
    c.set('actorPromise', p);
  }
  return p;
}

export function requestMeta(c: Context<AppEnv>): RequestMeta {
  return {
    ip: clientAddress(c.req.raw.headers),
    userAgent: c.req.header('User-Agent') ?? null,
    fetchSite: c.req.header('Sec-Fetch-Site') ?? null,
    language: deviceLanguage(c.req.raw.headers),
  };
}
