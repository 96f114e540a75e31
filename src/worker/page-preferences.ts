import type { Context } from 'hono';
import {
  DEFAULT_LANGUAGE,
  directionOf,
  isTheme,
  LANGUAGE_COOKIE,
  preferenceCookie,
  PSEUDO_LANGUAGE_TAG,
  requestLanguage,
  THEME_COOKIE,
  type Language,
  type Theme,
} from '../shared/preferences';
import { prerenderedAssetPath } from '../shared/prerendered-pages';
import type { Actor } from './platform/actor';
import { isLocal } from './platform/app-origin';
import { isSecure, readCookie } from './platform/cookies';
import type { AppEnv } from './platform/hono-env';

/*
 * Every page is sent in her language and appearance (issue 41, docs/decisions/0025-languages-and-appearance.md):
 * `<html lang dir data-theme>` are written here, before the browser sees a byte, so nothing paints
 * in the wrong light or direction. A member's choices are on her actor (her own pages) and mirrored
 * in the device's cookies (every other page, read without D1); a visitor's are the cookies alone.
 */

export interface PagePreferences {
  language: Language;
  /** 'system': no data-theme, the stylesheet follows prefers-color-scheme. */
  theme: Theme;
  /** The tests' pseudo-language (`lang=en-XA`, a local Worker only): the page says en-XA, and the client shows it. */
  pseudo?: true;
}

/**
 * The page's choices: a member's page passes her account's; otherwise the device's cookies, and
 * for the language, the browser's Accept-Language (best match of the five), else English.
 */
export function pagePreferences(c: Context<AppEnv>, actor?: Actor): PagePreferences {
  const cookies = c.req.header('Cookie');
  const themeCookie = readCookie(cookies, THEME_COOKIE);
  const member = actor?.kind === 'member' ? actor : null;
  return {
    language: requestLanguage({
      account: member?.language,
      cookie: readCookie(cookies, LANGUAGE_COOKIE),
      acceptLanguage: c.req.header('Accept-Language'),
    }),
    theme: member ? member.theme : isTheme(themeCookie) ? themeCookie : 'system',
    ...(isLocal(c.env) && readCookie(cookies, LANGUAGE_COOKIE) === PSEUDO_LANGUAGE_TAG ? { pseudo: true as const } : {}),
  };
}

/**
 * The device's copies of a member's choices when they differ from her account's (she chose them
 * on another device): set with her own page, so this device's next pages, read without D1, follow.
 */
export function deviceCookiesFor(c: Context<AppEnv>, actor: Actor): string[] {
  if (actor.kind !== 'member') return [];
  const cookies = c.req.header('Cookie');
  const secure = isSecure(c.req.url);
  const out: string[] = [];
  if (readCookie(cookies, THEME_COOKIE) !== actor.theme) out.push(preferenceCookie(THEME_COOKIE, actor.theme, secure));
  if (actor.language && readCookie(cookies, LANGUAGE_COOKIE) !== actor.language)
    out.push(preferenceCookie(LANGUAGE_COOKIE, actor.language, secure));
  return out;
}

const isDefault = (p: PagePreferences) => p.language === DEFAULT_LANGUAGE && p.theme === 'system' && !p.pseudo;

const langOf = (p: PagePreferences) => (p.pseudo ? PSEUDO_LANGUAGE_TAG : p.language);

/** The ETag of a page in these choices: the file's, marked with them (a copy stored in other choices never matches). */
const variantTag = (etag: string, p: PagePreferences) => etag.replace(/"$/, `-${langOf(p)}-${p.theme}"`);

/**
 * The request to the static assets for a page in these choices: a prerendered page's copy in her
 * language (src/shared/prerendered-pages.ts), and an If-None-Match of the same choices turned back
 * into the file's own (so a 304 still saves the page), any other dropped.
 */
export function assetRequestFor(request: Request, p: PagePreferences): Request {
  const url = new URL(request.url);
  const localized = prerenderedAssetPath(url.pathname, langOf(p));
  const match = request.headers.get('If-None-Match');
  if (localized === url.pathname && (isDefault(p) || !match)) return request;
  const headers = new Headers(request.headers);
  const suffix = `-${langOf(p)}-${p.theme}"`;
  if (match && !isDefault(p)) {
    if (match.endsWith(suffix)) headers.set('If-None-Match', match.slice(0, -suffix.length) + '"');
    else headers.delete('If-None-Match');
  }
  url.pathname = localized;
  return new Request(url, { method: request.method, headers });
}

/** A page's answer with `<html>` set to her choices (HTML only; another answer as it is). */
export function withPagePreferences(res: Response, p: PagePreferences): Response {
  const out = new Response(res.body, res);
  // Her cookies choose, else her browser's languages: a shared cache keys on both.
  out.headers.append('Vary', 'Cookie, Accept-Language');
  if (isDefault(p)) return out;
  const etag = out.headers.get('ETag');
  if (etag) out.headers.set('ETag', variantTag(etag, p));
  if (!(out.headers.get('Content-Type') ?? '').includes('text/html')) return out;
  out.headers.delete('Content-Length');
  return withChoices(new HTMLRewriter(), p).transform(out);
}

/** The browser's bar and first canvas in each appearance: the page's --bg (src/client/styles/base.css). */
const THEME_COLORS = { light: '#faf7f2', dark: '#171312' } as const;

/**
 * Writes her choices into a page (also a member's page's own rewriter): `<html lang dir
 * data-theme>`, and with a chosen appearance, the one color-scheme and theme-color that fit it
 * (index.html has both, by prefers-color-scheme, for System).
 */
export function withChoices(rewriter: HTMLRewriter, p: PagePreferences): HTMLRewriter {
  rewriter.on('html', {
    element: (el) => {
      el.setAttribute('lang', langOf(p));
      el.setAttribute('dir', directionOf(p.language));
      if (p.theme === 'system') el.removeAttribute('data-theme');
      else el.setAttribute('data-theme', p.theme);
    },
  });
  const theme = p.theme;
  if (theme === 'system') return rewriter;
  return rewriter
    .on('meta[name="color-scheme"]', { element: (el) => void el.setAttribute('content', theme) })
    .on('meta[name="theme-color"]', {
      element: (el) => {
        // One tag, of her appearance's colour.
        if (el.getAttribute('content') !== THEME_COLORS[theme]) return void el.remove();
        el.removeAttribute('media');
      },
    });
}
