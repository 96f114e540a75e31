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

const THEME_LABELS: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' };
const THEME_HINTS: Record<Theme, string> = {
  system: 'As your device is set: light by day, dark at night if it changes.',
  light: 'Always light.',
  dark: 'Always dark.',
};

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
      onError: (error) => toast(errorMessage(error, 'Could not save your preferences.'), 'error'),
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
      <h2 id="preferences-heading">Preferences</h2>
      <SelectField
        label="Language"
        hint="The club's pages and your emails."
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
      <ChoiceFieldset legend="Appearance" className="privacy-choices">
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
                <span className="privacy-choice-label">{THEME_LABELS[value]}</span>
                <span className="privacy-choice-hint">{THEME_HINTS[value]}</span>
              </span>
            </label>
          ))
        }
      </ChoiceFieldset>
    </section>
  );
}
