import { prerender } from 'react-dom/static';
import { LANGUAGES, PSEUDO_LANGUAGE_TAG } from '../shared/preferences';
import { pageDescription } from './features/public/page-descriptions';
import { inLocale, loadCatalog, type PageLocale } from './i18n/i18n';
import { Root } from './root';
import { pageTitle } from './shell/page-titles';

/**
 * Build time only (vite.config.ts runs it in Node after the client build): the public pages as
 * HTML, the way a visitor's browser first renders them (not signed in: the session is still being
 * asked for). The browser hydrates this HTML, so the page is there as soon as the HTML is, not
 * after the JavaScript (issue 13: a fast first paint on a phone).
 */
export interface PrerenderedPage {
  path: string;
  file: string;
  /** The lazy modules the page renders, preloaded with it. */
  modules: string[];
}

// The Worker answers "/" with the /home page: index.html stays the empty shell every other client
// route falls back to (with index.html's own title and description).
export const PRERENDERED_PAGES: PrerenderedPage[] = [
  {
    path: '/home',
    file: 'home.html',
    modules: ['src/client/features/public/home-page.tsx'],
  },
  {
    path: '/about',
    file: 'about.html',
    modules: ['src/client/features/public/about-page.tsx'],
  },
  {
    path: '/membership',
    file: 'membership.html',
    modules: ['src/client/features/public/membership-page.tsx'],
  },
  {
    path: '/activities',
    file: 'activities.html',
    modules: ['src/client/features/public/activities-page.tsx'],
  },
  {
    path: '/login',
    file: 'login.html',
    modules: ['src/client/trpc-root.tsx', 'src/client/features/auth/login-page.tsx'],
  },
];

/**
 * The members' main pages hold nothing of hers in their HTML: they arrive as every browser first
 * renders them while her session is being asked for (the menu and SPEC 2's 'No Access'), so a
 * phone paints at once, and React hydrates that. Their HTML names every chunk they will need, so a
 * phone fetches them side by side instead of one chunk at a time as each names the next (issue 13:
 * members' pages paint fast too).
 */
export interface PreloadedShell {
  path: string;
  file: string;
  modules: string[];
}

// The tRPC root and the header's bell: every member's page renders both (src/client/routes.tsx preloadPage).
const MEMBER_MODULES = ['src/client/trpc-root.tsx', 'src/client/shell/notification-bell.tsx'];
export const PRELOADED_SHELLS: PreloadedShell[] = [
  { path: '/calendar', file: 'calendar.html', modules: [...MEMBER_MODULES, 'src/client/features/events/calendar-page.tsx'] },
  { path: '/gallery', file: 'gallery.html', modules: [...MEMBER_MODULES, 'src/client/features/gallery/gallery-page.tsx'] },
  { path: '/homes', file: 'homes.html', modules: [...MEMBER_MODULES, 'src/client/features/homes/homes-page.tsx'] },
  { path: '/settings', file: 'settings.html', modules: [...MEMBER_MODULES, 'src/client/features/settings/settings-page.tsx'] },
  { path: '/members', file: 'members.html', modules: [...MEMBER_MODULES, 'src/client/features/members/directory-page.tsx'] },
  {
    path: '/notifications',
    file: 'notifications.html',
    modules: [...MEMBER_MODULES, 'src/client/features/notifications/notifications-page.tsx'],
  },
  // Issue 46: a member's /home (and /) is "Your club", served with this shell (MEMBER_SHELLS in
  // src/shared/first-screen.ts); a visitor's stays the prerendered hero, without her chunks.
  { path: '/home', file: 'your-club.html', modules: [...MEMBER_MODULES, 'src/client/features/member/your-club.tsx'] },
  // Issue 39: /circles, and the shell every circle's page (/circles/{slug}) is served with, as
  // /circle-page (FIRST_SCREEN_ROUTES): its pending state is the same whatever the slug.
  { path: '/circles', file: 'circles.html', modules: [...MEMBER_MODULES, 'src/client/features/circles/circles-section.tsx'] },
  { path: '/circles/_', file: 'circle-page.html', modules: [...MEMBER_MODULES, 'src/client/features/circles/circles-section.tsx'] },
];

export { pageTitle };

/** vite.config.ts's define (scripts/lib/prerender-plugin.ts hands it to this build): false leaves the tests' pseudo-language out. */
declare const PSEUDO_LANGUAGE: boolean;

/**
 * The languages each page is built in (issue 41), with the tag of their `<html lang>`, which names
 * their copy's folder (src/shared/prerendered-pages.ts): English, the four others, and the tests'
 * pseudo-language where the build has its catalogs.
 */
export const PRERENDERED_LOCALES: { locale: PageLocale; lang: string }[] = [
  ...LANGUAGES.map((language) => ({ locale: language, lang: language })),
  ...(PSEUDO_LANGUAGE ? [{ locale: 'pseudo' as const, lang: PSEUDO_LANGUAGE_TAG }] : []),
];

/**
 * The page's HTML (what goes inside #root), its title and its description, in a language: with
 * the catalogs the browser's first render in that language loads (the shell's before the render,
 * the page's as it renders), so the browser hydrates it as it is.
 */
export function renderPage(path: string, locale: PageLocale = 'en'): Promise<{ html: string; title: string; description: string }> {
  return inLocale(locale, async () => {
    await loadCatalog(locale, 'shell');
    const { prelude } = await prerender(<Root ssrPath={path} />);
    const html = await new Response(prelude).text();
    const title = pageTitle(path);
    // The descriptions are in the public pages' catalog (loaded after the render: /login's page has its own).
    await loadCatalog(locale, 'public');
    return { html, title, description: pageDescription(path) };
  });
}
