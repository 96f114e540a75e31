import type { AuthStatus } from './schemas/auth';
import { SETTINGS_SECTIONS } from './settings-sections';

/**
 * Issue 27: a member's main page arrives with the answers its first screen needs, in the HTML (a
 * `<script type="application/json" id="first-screen">`), so the browser renders it at once instead
 * of asking for them after the scripts. This is the one list of what each page's first screen
 * asks: the Worker calls these tRPC procedures as her (src/worker/first-screen.ts), and the client
 * puts the answers into TanStack Query under the keys its own queries use
 * (src/client/lib/first-screen-seed.ts). A query here must be the exact call the page makes on
 * mount (same path, same input, infinite or not), or the page would ask again.
 */
export interface FirstScreenQuery {
  /** The tRPC procedure, as the client names it ("events.list"). */
  path: string;
  /** Its input as the page sends it (without the cursor of an infinite query's first page). */
  input?: Record<string, unknown>;
  /** useInfiniteQuery (the answer is the first page) rather than useQuery. */
  infinite?: boolean;
}

export const FIRST_SCREENS: Readonly<Record<string, readonly FirstScreenQuery[]>> = {
  // A member's /home (and /) is "Your club" (issue 46); a visitor's stays the prerendered hero.
  '/': [{ path: 'club.yourClub' }],
  '/home': [{ path: 'club.yourClub' }],
  '/calendar': [
    { path: 'events.list', input: { when: 'upcoming' }, infinite: true },
    { path: 'events.list', input: { when: 'past' }, infinite: true },
    // The circle filter's options (issue 39).
    { path: 'circles.list' },
  ],
  '/gallery': [{ path: 'images.list', input: {}, infinite: true }, { path: 'images.eventOptions' }],
  '/homes': [{ path: 'homes.list', input: {}, infinite: true }],
  // Her notifications, all of them (the page's 'Unread only' asks for itself), and the count.
  '/notifications': [
    { path: 'notifications.list', input: {}, infinite: true },
    { path: 'notifications.unreadCount' },
    { path: 'notifications.settings' },
  ],
  // The directory without a search (one in the URL is asked for by the page), and its circle filter's options.
  '/members': [{ path: 'members.list', input: {}, infinite: true }, { path: 'circles.list' }],
  // Issue 39.
  '/circles': [{ path: 'circles.list' }],
  '/settings': [
    { path: 'auth.details' },
    { path: 'account.emailPreferences' },
    { path: 'events.calendarFeed' },
    { path: 'auth.passkeys.list' },
    { path: 'auth.twoFactor.status' },
    { path: 'auth.sessions.list' },
    { path: 'profile.mine' },
    // Settings > Email's notification kinds and her time zone (issue 23).
    { path: 'notifications.preferences' },
    { path: 'notifications.settings' },
    // Settings > Privacy: who may write to her, and whom she blocked (issue 38).
    { path: 'messages.privacy' },
    { path: 'messages.blocks' },
    // Signed-in devices' push notifications and The app's push button (issue 40).
    { path: 'push.subscriptions' },
  ],
};

/**
 * The members' pages whose path names something (a circle's slug): the pattern, the prerendered
 * shell they are served with (PRELOADED_SHELLS, src/client/prerender.tsx), and their queries.
 */
export interface FirstScreenRoute {
  pattern: RegExp;
  shell: string;
  queries: (match: RegExpExecArray) => readonly FirstScreenQuery[];
}

export const FIRST_SCREEN_ROUTES: readonly FirstScreenRoute[] = [
  {
    // A section of Settings (issue 46): the whole page, scrolled to it.
    pattern: new RegExp(`^/settings/(?:${SETTINGS_SECTIONS.join('|')})$`),
    shell: '/settings',
    queries: () => FIRST_SCREENS['/settings']!,
  },
  {
    // A circle's page and its board's first page (issue 39).
    pattern: /^\/circles\/([a-z0-9-]{1,80})$/,
    shell: '/circle-page',
    queries: (m) => [
      { path: 'circles.get', input: { slug: m[1] } },
      { path: 'circles.posts', input: { slug: m[1] }, infinite: true },
    ],
  },
];

/** The queries of the first screen of this path, or null for a page without one. */
export function firstScreenQueries(path: string): readonly FirstScreenQuery[] | null {
  if (Object.hasOwn(FIRST_SCREENS, path)) return FIRST_SCREENS[path]!;
  for (const route of FIRST_SCREEN_ROUTES) {
    const match = route.pattern.exec(path);
    if (match) return route.queries(match);
  }
  return null;
}

/**
 * The shell a member's page is served with when it is not a visitor's: her /home (and /) is "Your
 * club" (issue 46), whose prerendered shell inlines its stylesheets and names its chunks
 * (PRELOADED_SHELLS in src/client/prerender.tsx), where a visitor's is the prerendered hero.
 */
export const MEMBER_SHELLS: Readonly<Record<string, string>> = { '/': '/your-club', '/home': '/your-club' };

/** The prerendered shell a path is served with: its own, or its route's. */
export function firstScreenShell(path: string): string {
  return FIRST_SCREEN_ROUTES.find((r) => r.pattern.test(path))?.shell ?? path;
}

/** The element's id, and what it holds. */
export const FIRST_SCREEN_ID = 'first-screen';

export interface FirstScreenAnswer extends FirstScreenQuery {
  data: unknown;
}

export interface FirstScreen {
  /** What GET /auth-status (tRPC auth.status) answers her. */
  auth: AuthStatus;
  /** The queries of FIRST_SCREENS that answered; one that failed is left to the page to ask. */
  queries: FirstScreenAnswer[];
  /**
   * Set when the Worker also rendered the page's HTML from these answers (src/client/ssr.tsx), with
   * her dates in this zone (her browser's, from the `tz` cookie): the browser then hydrates that
   * HTML, unless its own zone differs (she travelled), when it renders afresh.
   */
  rendered?: {
    timeZone: string;
    /** The moment it was rendered: "5 minutes ago" hydrates as the Worker wrote it, then moves on. */
    at: number;
  };
}

/** The cookie in which the browser tells the Worker its time zone, for the dates of her page. */
export const TIME_ZONE_COOKIE = 'tz';
