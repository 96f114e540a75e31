import { FIRST_SCREEN_ID, type FirstScreen } from '../../shared/first-screen';

let read = false;
let screen: FirstScreen | null = null;

/**
 * The answers a member's page arrived with (issue 27; src/worker/first-screen.ts), read once from
 * the HTML: null on a visitor's page, a page without them, or the build's prerender.
 */
export function firstScreen(): FirstScreen | null {
  if (!read) {
    read = true;
    const text = typeof document === 'undefined' ? null : document.getElementById(FIRST_SCREEN_ID)?.textContent;
    try {
      screen = text ? (JSON.parse(text) as FirstScreen) : null;
    } catch {
      screen = null;
    }
  }
  return screen;
}
