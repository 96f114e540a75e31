import {
  directionOf,
  isLanguage,
  LANGUAGE_COOKIE,
  preferenceCookie,
  THEME_COOKIE,
  type Language,
  type Theme,
} from '../../shared/preferences';

/*
 * The device's copies of her language and appearance (issue 41): cookies the Worker reads to send
 * every next page in them (src/worker/page-preferences.ts), so nothing paints in the wrong light or
 * direction. A member's are kept in step with her account (PUT /api/preferences and her own pages
 * set them too).
 */

export function readDeviceCookie(name: string): string | null {
  const found = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return found ? found.slice(name.length + 1) : null;
}

function writeDeviceCookie(name: string, value: string): void {
  document.cookie = preferenceCookie(name, value, location.protocol === 'https:');
}

/** Her appearance on this page now and on the next ones ('system' follows the device). */
export function applyTheme(theme: Theme): void {
  writeDeviceCookie(THEME_COOKIE, theme);
  const root = document.documentElement;
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
}

/** Her language on this page's `<html lang dir>` now and on the next pages. */
export function applyLanguage(language: Language): void {
  writeDeviceCookie(LANGUAGE_COOKIE, language);
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

/** The language the Worker sent this page in (`<html lang>`). */
export function pageLanguage(): Language {
  const lang = typeof document === 'undefined' ? null : document.documentElement.lang;
  return isLanguage(lang) ? lang : 'en';
}
