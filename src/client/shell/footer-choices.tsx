import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { isTheme, LANGUAGE_NAMES, LANGUAGES, THEME_COOKIE, type Language, type Theme } from '../../shared/preferences';
import type { PreferencesUpdate } from '../../shared/schemas/preferences';
import { useAuth } from '../shared/use-auth';
import { applyLanguage, applyTheme, pageLanguage, readDeviceCookie } from './device-preferences';
import { i18n } from '../i18n/i18n';

const THEME_LABELS = (): Record<Theme, string> => ({ system: i18n.t('System'), light: i18n.t('Light'), dark: i18n.t('Dark') });

/**
 * The footer's choices (issue 41): a visitor's are kept on this device (its cookies, which the
 * Worker reads to send every next page in them); a member's are her account's, saved there too
 * (PUT /api/preferences, as Settings > Preferences does), and this device's copies follow them.
 */
function FooterChoices() {
  const { user } = useAuth();
  const [theme, setTheme] = useState<Theme>(() => {
    const cookie = readDeviceCookie(THEME_COOKIE);
    return isTheme(cookie) ? cookie : 'system';
  });
  const [language, setLanguage] = useState<Language>(pageLanguage);
  useEffect(() => {
    // Her account's choices win over this device's (she may have made them on another).
    if (!user) return;
    if (user.theme !== readDeviceCookie(THEME_COOKIE)) applyTheme(user.theme);
    setTheme(user.theme);
    if (user.language && user.language !== pageLanguage()) applyLanguage(user.language);
    if (user.language) setLanguage(user.language);
  }, [user]);
  function save(update: PreferencesUpdate) {
    if (update.theme) {
      setTheme(update.theme);
      applyTheme(update.theme);
    }
    if (update.language) {
      setLanguage(update.language);
      applyLanguage(update.language);
    }
    // The page has no tRPC client yet on a visitor's first screens: the REST twin.
    if (user)
      void fetch('/api/preferences', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(update) });
  }
  return (
    <>
      <label className="footer-choice">
        {i18n.t('Language')}{' '}
        <select value={language} onChange={(e) => save({ language: e.target.value as Language })}>
          {LANGUAGES.map((l) => (
            <option key={l} value={l} lang={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </select>
      </label>
      <label className="footer-choice">
        {i18n.t('Appearance')}{' '}
        <select value={theme} onChange={(e) => save({ theme: e.target.value as Theme })}>
          {Object.entries(THEME_LABELS()).map(([t, label]) => (
            <option key={t} value={t}>
              {label}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

// The footer's slot (src/client/shell/footer.tsx) is left empty by the app's own root.
const slot = document.getElementById('footer-choices');
if (slot) createRoot(slot).render(<FooterChoices />);
