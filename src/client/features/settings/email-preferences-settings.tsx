import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { EMAIL_CATEGORY_LABELS } from '../../../shared/constants';
import type { EmailPreferences } from '../../../shared/schemas/account';
import { FormMessage } from '../../components/field';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';

const CATEGORIES = Object.keys(EMAIL_CATEGORY_LABELS) as (keyof EmailPreferences)[];

/** Settings > Email: the optional kinds of email (DECISIONS "The member's own data"). */
export function EmailPreferencesSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const prefs = useQuery(trpc.account.emailPreferences.queryOptions());
  const [draft, setDraft] = useState<EmailPreferences | null>(null);
  useEffect(() => {
    if (prefs.data) setDraft(prefs.data);
  }, [prefs.data]);
  const save = useMutation(
    trpc.account.updateEmailPreferences.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.account.emailPreferences.queryKey(), saved);
        toast('Email preferences saved.', 'success');
      },
      onError: (err) => toast(errorMessage(err, 'Could not save your email preferences.'), 'error'),
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    if (draft) save.mutate(draft);
  }

  return (
    <form className="card form-card" aria-labelledby="email-prefs-heading" onSubmit={submit}>
      <h2 id="email-prefs-heading">Email</h2>
      <fieldset>
        <legend>Send me</legend>
        {CATEGORIES.map((c) => (
          <label key={c} className="checkbox">
            <input
              type="checkbox"
              name={c}
              checked={draft?.[c] ?? true}
              disabled={!draft}
              onChange={(e) => setDraft((d) => (d ? { ...d, [c]: e.target.checked } : d))}
            />
            {EMAIL_CATEGORY_LABELS[c]}
          </label>
        ))}
      </fieldset>
      <p className="muted">
        Emails about your account (registration, password reset, security) and invitations addressed to you are always sent. Every optional
        email has a one-click unsubscribe link at the bottom.
      </p>
      {prefs.isError ? <FormMessage>{errorMessage(prefs.error, 'Could not load your email preferences.')}</FormMessage> : null}
      <button type="submit" className="button" disabled={!draft || save.isPending}>
        Save email preferences
      </button>
    </form>
  );
}
