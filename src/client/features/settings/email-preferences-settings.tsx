import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { EMAIL_CHOICES, type EmailChoice, type EmailMode, type NotificationPreferences } from '../../../shared/notifications';
import type { PushPreferences } from '../../../shared/push';
import type { EmailPreferences } from '../../../shared/schemas/account';
import { FormMessage } from '../../components/field';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useAuth } from '../../shared/use-auth';
import { useKeepTimeZone } from '../../shared/notifications/notification-entry';
import './settings.css';
import { emailChoiceLabels, emailModeLabels } from './email-choice-labels';
import { i18n } from './locales/i18n';

type Draft = { kinds: NotificationPreferences & { push: PushPreferences }; categories: EmailPreferences };

/** What a row's select offers: a kind's three choices, a category's two. */
function optionsOf(choice: EmailChoice): [value: string, label: string][] {
  const labels = emailModeLabels();
  if (choice.modes.length === 2)
    return [
      ['off', labels.off],
      ['on', labels.on],
    ];
  return (choice.modes as readonly EmailMode[]).map((m) => [m, labels[m]]);
}

/**
 * Settings > Notifications: in one table, every kind of notification with its email choice (off,
 * now, or in the daily summary, issue 23) and whether it is pushed to her devices (issue 40), and
 * the optional emails of issue 12 (on or off), from the one list in src/shared/notifications.ts.
 * Emails about her account and invitations addressed to her are always sent.
 */
export function EmailPreferencesSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { user } = useAuth();
  const kinds = useQuery(trpc.notifications.preferences.queryOptions());
  const categories = useQuery(trpc.account.emailPreferences.queryOptions());
  const settings = useQuery({ ...trpc.notifications.settings.queryOptions(), staleTime: Infinity });
  useKeepTimeZone();
  const [draft, setDraft] = useState<Draft | null>(null);
  useEffect(() => {
    if (kinds.data && categories.data) setDraft({ kinds: kinds.data, categories: categories.data });
  }, [kinds.data, categories.data]);
  const saveKinds = useMutation(trpc.notifications.updatePreferences.mutationOptions());
  const saveCategories = useMutation(trpc.account.updateEmailPreferences.mutationOptions());
  const saving = saveKinds.isPending || saveCategories.isPending;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!draft) return;
    try {
      const [k, c] = await Promise.all([saveKinds.mutateAsync(draft.kinds), saveCategories.mutateAsync(draft.categories)]);
      queryClient.setQueryData(trpc.notifications.preferences.queryKey(), k);
      queryClient.setQueryData(trpc.account.emailPreferences.queryKey(), c);
      toast(i18n.t('Notification preferences saved.'), 'success');
    } catch (err) {
      toast(errorMessage(err, i18n.t('Could not save your notification preferences.')), 'error');
    }
  }

  const valueOf = (choice: EmailChoice): string => {
    if (!draft) return '';
    if (choice.modes.length === 2) return draft.categories[choice.id as keyof EmailPreferences] ? 'on' : 'off';
    return draft.kinds[choice.id as keyof NotificationPreferences];
  };
  const change = (choice: EmailChoice, value: string) =>
    setDraft((d) => {
      if (!d) return d;
      if (choice.modes.length === 2) return { ...d, categories: { ...d.categories, [choice.id]: value === 'on' } };
      return { ...d, kinds: { ...d.kinds, [choice.id]: value as EmailMode } };
    });
  const pushOf = (choice: EmailChoice): boolean | null =>
    choice.modes.length === 2 || !draft ? null : (draft.kinds.push[choice.id as keyof PushPreferences] ?? null);
  const changePush = (choice: EmailChoice, on: boolean) =>
    setDraft((d) => (d ? { ...d, kinds: { ...d.kinds, push: { ...d.kinds.push, [choice.id]: on } } } : d));
  const rows = EMAIL_CHOICES.filter((c) => !c.adminOnly || user?.can.admin);
  const labels = emailChoiceLabels();
  const failed = kinds.isError ? kinds.error : categories.isError ? categories.error : null;

  return (
    <form className="card form-card" id="email" aria-labelledby="email-prefs-heading" onSubmit={submit}>
      <h2 id="email-prefs-heading">{i18n.t('Notifications')}</h2>
      <p className="muted">
        {settings.data
          ? i18n.t(
              'Everything below shows in your notifications in the app. Choose what also comes by email (at once, or in one daily summary at 7:00 in your time zone, {timeZone}) and what is pushed to the devices where you turned push on.',
              { timeZone: settings.data.timeZone },
            )
          : i18n.t(
              'Everything below shows in your notifications in the app. Choose what also comes by email (at once, or in one daily summary at 7:00 in your time zone) and what is pushed to the devices where you turned push on.',
            )}
      </p>
      <table className="email-choices">
        <thead>
          <tr>
            <th scope="col">{i18n.t('Tell me about')}</th>
            <th scope="col">{i18n.t('By email')}</th>
            <th scope="col">{i18n.t('Push')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((choice) => (
            <tr key={choice.id}>
              <th scope="row">
                <label htmlFor={`email-${choice.id}`}>{labels[choice.id]}</label>
              </th>
              <td>
                <select
                  id={`email-${choice.id}`}
                  name={choice.id}
                  value={valueOf(choice)}
                  disabled={!draft}
                  onChange={(e) => change(choice, e.target.value)}
                >
                  {optionsOf(choice).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </td>
              <td className="push-cell">
                {pushOf(choice) === null ? (
                  choice.modes.length === 2 ? (
                    <span className="muted" aria-label={i18n.t('Email only')}>
                      –
                    </span>
                  ) : null
                ) : (
                  <input
                    type="checkbox"
                    id={`push-${choice.id}`}
                    name={`push-${choice.id}`}
                    aria-label={i18n.t('Push: {kind}', { kind: labels[choice.id] })}
                    checked={pushOf(choice) === true}
                    disabled={!draft}
                    onChange={(e) => changePush(choice, e.target.checked)}
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">
        {i18n.t(
          'Emails about your account (registration, password reset, security) and invitations addressed to you are always sent. Every optional email has a one-click unsubscribe link at the bottom.',
        )}
      </p>
      {failed ? <FormMessage>{errorMessage(failed, i18n.t('Could not load your email preferences.'))}</FormMessage> : null}
      <SubmitButton className="button" disabled={!draft || saving}>
        {i18n.t('Save notification preferences')}
      </SubmitButton>
    </form>
  );
}
