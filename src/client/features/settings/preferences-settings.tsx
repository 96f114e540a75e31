import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, THEMES, type Language, type Theme } from '../../../shared/preferences';
import type { PreferencesUpdate } from '../../../shared/schemas/preferences';
import { ChoiceFieldset, SelectField } from '../../components/field';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useAuth } from '../../shared/use-auth';
import { applyLanguage, applyTheme, pageLanguage } from '../../shell/device-preferences';
import './settings.css';
import { i18n } from './locales/i18n';

const themeLabels = (): Record<Theme, string> => ({ system: i18n.t('System'), light: i18n.t('Light'), dark: i18n.t('Dark') });
const themeHints = (): Record<Theme, string> => ({
  system: i18n.t('As your device is set: light by day, dark at night if it changes.'),
  light: i18n.t('Always light.'),
  dark: i18n.t('Always dark.'),
});

/**
 * Settings > Preferences (issue 41): her language and appearance, kept with her account, so every
 * device she signs in on opens in them and her emails follow her language (the device's cookies
 * follow, and the Worker sends each page in them). Her choices come with her session's answer (no
 * query of their own on this first screen); until she chooses a language, the page's own is shown.
 */
export function PreferencesSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { user } = useAuth();
  // The page's language is known in the browser only (the Worker's render says English).
  const [shown, setShown] = useState<Language>('en');
  useEffect(() => setShown(pageLanguage()), []);
  const save = useMutation(
    trpc.account.updatePreferences.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.auth.pathFilter());
      },
      onError: (error) => toast(errorMessage(error, i18n.t('Could not save your preferences.')), 'error'),
    }),
  );
  const pending: PreferencesUpdate = save.isPending ? save.variables : {};
  const theme = pending.theme ?? user?.theme;
  const language = pending.language ?? user?.language ?? shown;
  function choose(update: PreferencesUpdate) {
    if (update.theme) applyTheme(update.theme);
    if (update.language) applyLanguage(update.language);
    save.mutate(update);
  }
  return (
    <section className="card form-card" id="preferences" aria-labelledby="preferences-heading">
      <h2 id="preferences-heading">{i18n.t('Preferences')}</h2>
      <SelectField
        label={i18n.t('Language')}
        hint={i18n.t("The club's pages and your emails.")}
        value={language}
        disabled={!user}
        onChange={(e) => choose({ language: e.target.value as Language })}
      >
        {LANGUAGES.map((value) => (
          <option key={value} value={value} lang={value}>
            {LANGUAGE_NAMES[value]}
          </option>
        ))}
      </SelectField>
      <ChoiceFieldset legend={i18n.t('Appearance')} className="privacy-choices">
        {() =>
          THEMES.map((value) => (
            <label key={value} className="privacy-choice">
              <input
                type="radio"
                name="theme"
                value={value}
                checked={theme === value}
                disabled={!user}
                onChange={() => choose({ theme: value })}
              />
              <span>
                <span className="privacy-choice-label">{themeLabels()[value]}</span>
                <span className="privacy-choice-hint">{themeHints()[value]}</span>
              </span>
            </label>
          ))
        }
      </ChoiceFieldset>
    </section>
  );
}
