/**
 * The pages built as HTML (src/client/prerender.tsx's PRERENDERED_PAGES and PRELOADED_SHELLS), by
 * the path the Worker asks the static assets for ('/' is '/home', a circle's page '/circle-page'):
 * each is built in every language (issue 41), English at its path (/about) and each other
 * language under its tag (/fr/about; /en-XA/about for the tests' pseudo-language),
 * so a page is sent already in her language and nothing flashes. A page not listed here has no copy
 * in another language: it is asked for as it is. scripts/lib/prerender-plugin.ts fails the build
 * when this list and the files it writes differ.
 */
export const PRERENDERED_ASSETS: ReadonlySet<string> = new Set([
  '/home',
  '/about',
  '/membership',
  '/activities',
  '/login',
  '/calendar',
  '/gallery',
  '/homes',
  '/settings',
  '/members',
  '/notifications',
  '/your-club',
  '/circles',
  '/circle-page',
]);

/** Where a page's copy in a language (its `<html lang>` tag: 'fr', 'en-XA') is: English's own path, or the language's folder. */
export const prerenderedAssetPath = (path: string, lang: string): string =>
  lang === 'en' || !PRERENDERED_ASSETS.has(path) ? path : `/${lang}${path}`;
