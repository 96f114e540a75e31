import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SESSION_TOUCH_MS } from '../../../shared/constants';
import type { AccountSessionView } from '../../../shared/schemas/account-sessions';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormMessage } from '../../components/field';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { formatDateTime } from '../../../shared/date-format';
import './settings.css';
import { intlLocale } from '../../i18n/intl-locale';
import { withNodes } from '../../i18n/with-nodes';
import { i18n } from './locales/i18n';

/** This device and the most recently active others; the rest behind "Show all". */
const SHOWN_AT_FIRST = 6;

function deviceName(s: Pick<AccountSessionView, 'browser' | 'os'>): string {
  if (!s.browser && !s.os) return i18n.t('Unknown device');
  return i18n.t('{browser} on {system}', { browser: s.browser ?? i18n.t('Unknown browser'), system: s.os ?? i18n.t('an unknown system') });
}

/** The server notes activity at most hourly, so anything within that hour reads as such. */
function lastActive(s: AccountSessionView, now: number): string {
  if (s.current) return i18n.t('Active now');
  const ago = now - Date.parse(s.last_seen_at);
  if (ago < SESSION_TOUCH_MS) return i18n.t('Active within the last hour');
  const hours = Math.floor(ago / 3_600_000);
  // Intl's words in the page's language ('3 hours ago', 'il y a 3 heures', 'yesterday').
  const relative = new Intl.RelativeTimeFormat(intlLocale(), { numeric: 'auto' });
  const when = hours < 24 ? relative.format(-hours, 'hour') : relative.format(-Math.floor(hours / 24), 'day');
  return i18n.t('Last active {when}', { when });
}

/**
 * Settings: where the member is signed in (DECISIONS "Privacy and trust"). Each other device can
 * be signed out, or all of them at once; this one is marked and left to the Log out link.
 */
export function SignedInDevices() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const list = useQuery(trpc.auth.sessions.list.queryOptions());
  // The devices where she turned push on (issue 40): a subscription goes with its session.
  const pushed = useQuery(trpc.push.subscriptions.queryOptions());
  const pushOn = new Set((pushed.data ?? []).map((p) => p.session_id));
  const [ending, setEnding] = useState<AccountSessionView | null>(null);
  const [endingOthers, setEndingOthers] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries(trpc.auth.sessions.pathFilter()), queryClient.invalidateQueries(trpc.push.pathFilter())]);

  const end = useMutation(
    trpc.auth.sessions.end.mutationOptions({
      onSuccess: async () => {
        toast(i18n.t('{device} is signed out.', { device: ending ? deviceName(ending) : i18n.t('That device') }), 'success');
        setEnding(null);
        await refresh();
      },
      onError: async (err) => {
        toast(errorMessage(err, i18n.t('Could not sign out that device.')), 'error');
        setEnding(null);
        await refresh();
      },
    }),
  );
  const endOthers = useMutation(
    trpc.auth.sessions.endOthers.mutationOptions({
      onSuccess: async ({ ended }) => {
        toast(i18n.t('{count, plural, one {Signed out # other device.} other {Signed out # other devices.}}', { count: ended }), 'success');
        setEndingOthers(false);
        await refresh();
      },
      onError: (err) => {
        toast(errorMessage(err, i18n.t('Could not sign out the other devices.')), 'error');
        setEndingOthers(false);
      },
    }),
  );

  const sessions = list.data?.sessions ?? [];
  const others = sessions.filter((s) => !s.current).length;
  // The server lists this device first, then the others by when they were last active.
  const shown = showAll ? sessions : sessions.slice(0, SHOWN_AT_FIRST);
  // "Last active" is as of when the list arrived (it refreshes on focus and after each sign-out).
  const now = list.dataUpdatedAt;

  return (
    <section className="card form-card" aria-labelledby="devices-heading">
      <h2 id="devices-heading">{i18n.t('Signed-in devices')}</h2>
      <p className="muted">
        {i18n.t('Where your account is signed in now. If you do not recognise a device, sign it out and change your password.')}
      </p>
      {list.isPending ? (
        <p className="muted">{i18n.t('Loading…')}</p>
      ) : list.isError ? (
        <FormMessage>{errorMessage(list.error, i18n.t('Could not load your devices.'))}</FormMessage>
      ) : (
        <>
          <ul className="device-list">
            {shown.map((s) => (
              <li key={s.id} className="device" aria-current={s.current ? 'true' : undefined}>
                <div className="device-text">
                  <p className="device-name">
                    <strong>{deviceName(s)}</strong>
                    {s.current ? <span className="badge">{i18n.t('This device')}</span> : null}
                  </p>
                  <p className="device-meta">
                    <span>
                      {withNodes((m) => i18n.t('Signed in {date}', m), {
                        date: <time dateTime={s.created_at}>{formatDateTime(Date.parse(s.created_at))}</time>,
                      })}
                    </span>
                    {s.signed_in_with_passkey ? <span>{i18n.t('With a passkey')}</span> : null}
                    {pushOn.has(s.id) ? <span>{i18n.t('Push notifications on')}</span> : null}
                    <span>{lastActive(s, now)}</span>
                  </p>
                </div>
                {s.current ? null : (
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    aria-label={i18n.t('Sign out {device}', { device: deviceName(s) })}
                    onClick={() => setEnding(s)}
                  >
                    {i18n.t('Sign out')}
                  </button>
                )}
              </li>
            ))}
          </ul>
          {shown.length < sessions.length ? (
            <p>
              <button type="button" className="text-link" onClick={() => setShowAll(true)}>
                {i18n.t('{count, plural, other {Show all # devices}}', { count: sessions.length })}
              </button>
            </p>
          ) : null}
          {others > 0 ? (
            <div className="form-actions">
              <button type="button" className="button button-secondary" onClick={() => setEndingOthers(true)}>
                {i18n.t('Sign out all other devices')}
              </button>
            </div>
          ) : (
            <p className="muted">{i18n.t('You are not signed in anywhere else.')}</p>
          )}
        </>
      )}
      <ConfirmDialog
        open={ending !== null}
        title={i18n.t('Sign out this device?')}
        message={i18n.t('{device} will need your password to sign in again.', {
          device: ending ? deviceName(ending) : i18n.t('The device'),
        })}
        confirmLabel={i18n.t('Sign out')}
        danger
        busy={end.isPending}
        onConfirm={() => ending && end.mutate({ id: ending.id })}
        onCancel={() => setEnding(null)}
      />
      <ConfirmDialog
        open={endingOthers}
        title={i18n.t('Sign out all other devices?')}
        message={i18n.t(
          '{count, plural, one {The other device will need your password to sign in again. You stay signed in here.} other {All # other devices will need your password to sign in again. You stay signed in here.}}',
          { count: others },
        )}
        confirmLabel={i18n.t('Sign out others')}
        danger
        busy={endOthers.isPending}
        onConfirm={() => endOthers.mutate()}
        onCancel={() => setEndingOthers(false)}
      />
    </section>
  );
}
