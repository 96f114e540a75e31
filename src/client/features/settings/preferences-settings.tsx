import { useMutation, useQueryClient } from '@tanstack/react-query';
import { THEMES, type Theme } from '../../../shared/preferences';
import { ChoiceFieldset } from '../../components/field';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useAuth } from '../../shared/use-auth';
import { applyTheme } from '../../shell/device-preferences';
import './settings.css';

const THEME_LABELS: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' };
const THEME_HINTS: Record<Theme, string> = {
  system: 'As your device is set: light by day, dark at night if it changes.',
  light: 'Always light.',
  dark: 'Always dark.',
};

/**
 * Settings > Preferences (issue 41): her appearance, kept with her account, so every device she
 * signs in on opens in it (the device's cookie follows, and the Worker sends each page in it).
 * Her choices come with her session's answer (no query of their own on this first screen).
 */
export function PreferencesSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { user } = useAuth();
  const save = useMutation(
    trpc.account.updatePreferences.mutationOptions({
      onSuccess: async (saved) => {
        applyTheme(saved.theme);
        await queryClient.invalidateQueries(trpc.auth.pathFilter());
      },
      onError: (error) => toast(errorMessage(error, 'Could not save your preferences.'), 'error'),
    }),
  );
  const theme = save.isPending ? (save.variables.theme ?? user?.theme) : user?.theme;
  return (
    <section className="card form-card" id="preferences" aria-labelledby="preferences-heading">
      <h2 id="preferences-heading">Preferences</h2>
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
                onChange={() => {
                  applyTheme(value);
                  save.mutate({ theme: value });
                }}
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
