import { useEffect, useState } from 'react';
import { isTheme, THEME_COOKIE, type Theme } from '../../shared/preferences';
import { useAuth } from '../shared/use-auth';
import { applyTheme, readDeviceCookie } from './device-preferences';

const THEME_LABELS: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/**
 * The footer, with the device's appearance (issue 41): a visitor's choice is kept on this device;
 * a member's is her account's (saved there too, as in Settings > Preferences).
 */
export function Footer() {
  const { user } = useAuth();
  // Known only in the browser: the prerendered page shows System until it hydrates.
  const [theme, setTheme] = useState<Theme>('system');
  useEffect(() => {
    const cookie = readDeviceCookie(THEME_COOKIE);
    // Her account's appearance wins over the device's (she may have chosen it elsewhere).
    const next = user ? user.theme : isTheme(cookie) ? cookie : 'system';
    if (user && cookie !== next) applyTheme(next);
    setTheme(next);
  }, [user]);
  function choose(next: Theme) {
    setTheme(next);
    applyTheme(next);
    if (user)
      void fetch('/api/preferences', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ theme: next }),
      });
  }
  return (
    <footer className="site-footer">
      <p>Outstanding Women Outside Work</p>
      <label className="footer-choice">
        Appearance{' '}
        <select value={theme} onChange={(e) => choose(e.target.value as Theme)}>
          {(Object.keys(THEME_LABELS) as Theme[]).map((t) => (
            <option key={t} value={t}>
              {THEME_LABELS[t]}
            </option>
          ))}
        </select>
      </label>
    </footer>
  );
}
