import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { TIME_ZONE_COOKIE } from '../shared/first-screen';
import { preferenceCookie } from '../shared/preferences';
import { Root } from './root';
import { stopKeepingTaps } from './lib/boot-hand-over';
import { firstScreen } from './lib/first-screen';
import { preloadPage } from './routes';
import { installChunkReload } from './shell/chunk-reload';
import { i18n, loadCatalog, pageLocale } from './i18n/i18n';
import './styles/base.css';

// TanStack Query is not here: it comes with the pages that call the API (src/client/trpc-root.tsx).

installChunkReload();

const container = document.getElementById('root')!;

/**
 * The page is on screen before any of this runs (its HTML is rendered): start-up is cut into tasks,
 * so the browser answers a tap or a scroll between them instead of after one long task (issue 27:
 * total blocking time). The first use of Intl (her zone) and hydration are tasks of their own.
 */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The Worker renders a member's page with her dates in her zone (issue 27): it learns it from this
 * cookie. Intl's first use loads its locale data (tens of milliseconds on a phone).
 */
function rememberZone(): string {
  // Not date-format's localTimeZone: the entry would carry the whole formatter for one line.
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  document.cookie = preferenceCookie(TIME_ZONE_COOKIE, encodeURIComponent(zone), location.protocol === 'https:');
  return zone;
}

/**
 * React takes over the HTML as a transition: it hydrates in slices of a few milliseconds, yielding
 * to the browser between them. The boot script keeps her taps and fields until the page's content
 * has hydrated, then hands them over in order (src/client/app.tsx): a tap React took itself
 * before then would run before the fields she filled first were handed over.
 */
const hydrate = () => startTransition(() => void hydrateRoot(container, <Root />));

async function start() {
  const screen = firstScreen();
  if (screen) {
    // A member's page with her first screen's answers in its HTML (issue 27). The Worker rendered
    // it from those answers in her zone: React hydrates it once the page's chunks (asked for by the
    // boot script) are in, so nothing suspends and a tap anywhere can be hydrated and answered at once
    // (React drops a tap on a part whose code is still loading). If her browser's zone is not the
    // one it was rendered in (or the Worker sent the data alone), the page renders afresh from the
    // data.
    await nextTask();
    const zone = rememberZone();
    await nextTask();
    await preloadPage(window.location.pathname).catch(() => {});
    await nextTask();
    if (screen.rendered?.timeZone === zone) hydrate();
    else {
      container.replaceChildren();
      createRoot(container).render(<Root />);
      stopKeepingTaps();
    }
    return;
  }
  // The public pages, and the members' main pages in their pending state, arrive prerendered in
  // the page's language (src/client/prerender.tsx, the Worker sends her language's copy): React
  // takes over that HTML without painting it again, once the shell's texts in that language are in
  // (the page's come with its chunk, as it hydrates). A page with no prerendered copy renders.
  // Her zone is only needed by a member's next page: it is learnt once the page is idle.
  if (i18n.locale !== 'en') await loadCatalog(pageLocale(), 'shell').catch(() => {});
  if (container.firstElementChild) hydrate();
  else createRoot(container).render(<Root />);
  if ('requestIdleCallback' in window) requestIdleCallback(() => void rememberZone(), { timeout: 1000 });
  else setTimeout(rememberZone, 200);
}

void start();

// The installable app's service worker (issue 40): registered 5 s after start-up, in a chunk of its
// own, so it is no part of the first load nor of what Lighthouse times (src/client/pwa/register.ts).
// The footer's appearance and language choices (issue 41) come then too.
setTimeout(() => {
  if (import.meta.env.PROD) void import('./pwa/register');
  void import('./shell/footer-choices');
}, 5000);
