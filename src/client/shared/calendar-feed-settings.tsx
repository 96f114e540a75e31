import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../components/confirm-dialog';
import { useToast } from '../components/toast';
import { errorMessage, useTRPC } from '../lib/trpc';
import { i18n } from './i18n';
import './calendar-feed-settings.css';

/** Settings: the member's private calendar feed URL, which calendar apps subscribe to. */
export function CalendarFeedSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const urlId = useId();
  const [confirmNew, setConfirmNew] = useState(false);
  const feed = useQuery(trpc.events.calendarFeed.queryOptions());
  const onSuccess = async () => {
    setConfirmNew(false);
    await queryClient.invalidateQueries(trpc.events.calendarFeed.pathFilter());
  };
  const onError = (err: unknown) => toast(errorMessage(err, i18n.t('Failed to update the calendar feed.')), 'error');
  const regenerate = useMutation(trpc.events.regenerateCalendarFeed.mutationOptions({ onSuccess, onError }));
  const disable = useMutation(trpc.events.disableCalendarFeed.mutationOptions({ onSuccess, onError }));
  const url = feed.data?.url ?? null;

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast(i18n.t('Feed link copied.'), 'success');
    } catch {
      toast(i18n.t('Copy failed: select the link and copy it by hand.'), 'error');
    }
  }

  return (
    <section className="card form-card" aria-labelledby="feed-heading">
      <h2 id="feed-heading">{i18n.t('Calendar feed')}</h2>
      <p className="muted">
        {i18n.t(
          'Subscribe to your events (the ones you joined or host) from Google Calendar, Apple Calendar or Outlook. The link is private: anyone who has it can read your schedule, so keep it to yourself and make a new one if it leaks.',
        )}
      </p>
      {feed.isPending ? (
        <p className="muted">{i18n.t('Loading…')}</p>
      ) : url ? (
        <>
          <label htmlFor={urlId} className="label">
            {i18n.t('Your private feed link')}
          </label>
          <div className="feed-url">
            <input id={urlId} type="text" readOnly value={url} onFocus={(e) => e.target.select()} />
            <button type="button" className="button button-secondary" onClick={copy}>
              {i18n.t('Copy')}
            </button>
          </div>
          <div className="form-actions">
            <button type="button" className="button button-ghost button-small" onClick={() => setConfirmNew(true)}>
              {i18n.t('Make a new link')}
            </button>
            <button type="button" className="text-link" disabled={disable.isPending} onClick={() => disable.mutate()}>
              {i18n.t('Turn off the feed')}
            </button>
          </div>
        </>
      ) : (
        <div className="form-actions">
          <button type="button" className="button" disabled={regenerate.isPending} onClick={() => regenerate.mutate()}>
            {i18n.t('Create my feed link')}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirmNew}
        title={i18n.t('Make a new link')}
        message={i18n.t('Calendars subscribed with the old link will stop updating. Continue?')}
        confirmLabel={i18n.t('Make a new link')}
        busy={regenerate.isPending}
        onConfirm={() => regenerate.mutate()}
        onCancel={() => setConfirmNew(false)}
      />
    </section>
  );
}
