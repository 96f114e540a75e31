import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { i18n } from '../i18n/i18n';

export const CLUB_NAME = 'Outstanding Women Outside Work';
/** The club's short name (public/manifest.webmanifest's short_name): the header's brand where the main places leave it little room. */
export const CLUB_SHORT_NAME = 'OWOW Club';

/**
 * Keeps document.title in step with the route (the shell calls it once). The titles' table is a
 * chunk of its own (page-titles.ts), fetched when she moves to another page: a first load's HTML
 * has its page's English title (prerendered, src/client/prerender.tsx) unless it is index.html's
 * bare club name (a route with no prerendered shell), so an English first load does without it.
 */
export function usePageTitle(): void {
  const [location] = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const titled = first.current && i18n.locale === 'en' && document.title !== CLUB_NAME;
    first.current = false;
    if (titled) return;
    let current = true;
    void import('./page-titles').then(({ pageTitle }) => {
      if (current) document.title = pageTitle(location);
    });
    return () => {
      current = false;
    };
  }, [location]);
}
