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

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
/** This device and the most recently active others; the rest behind "Show all". */
const SHOWN_AT_FIRST = 6;

function deviceName(s: Pick<AccountSessionView, 'browser' | 'os'>): string {
  if (!s.browser && !s.os) return 'Unknown device';
  return `${s.browser ?? 'Unknown browser'} on ${s.os ?? 'an unknown system'}`;
}

/** The server notes activity at most hourly, so anything within that hour reads as such. */
function lastActive(s: AccountSessionView, now: number): string {
  if (s.current) return 'Active now';
  const ago = now - Date.parse(s.last_seen_at);
  if (ago < SESSION_TOUCH_MS) return 'Active within the last hour';
  const hours = Math.floor(ago / 3_600_000);
  if (hours < 24) return `Last active ${relative.format(-hours, 'hour')}`;
  return `Last active ${relative.format(-Math.floor(hours / 24), 'day')}`;
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
        toast(`${ending ? deviceName(ending) : 'That device'} is signed out.`, 'success');
        setEnding(null);
        await refresh();
      },
      onError: async (err) => {
        toast(errorMessage(err, 'Could not sign out that device.'), 'error');
        setEnding(null);
        await refresh();
      },
    }),
  );
  const endOthers = useMutation(
    trpc.auth.sessions.endOthers.mutationOptions({
      onSuccess: async ({ ended }) => {
        toast(ended === 1 ? 'Signed out 1 other device.' : `Signed out ${ended} other devices.`, 'success');
        setEndingOthers(false);
        await refresh();
      },
      onError: (err) => {
        toast(errorMessage(err, 'Could not sign out the other devices.'), 'error');
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
      <h2 id="devices-heading">Signed-in devices</h2>
      <p className="muted">Where your account is signed in now. If you do not recognise a device, sign it out and change your password.</p>
      {list.isPending ? (
        <p className="muted">Loading…</p>
      ) : list.isError ? (
        <FormMessage>{errorMessage(list.error, 'Could not load your devices.')}</FormMessage>
      ) : (
        <>
          <ul className="device-list">
            {shown.map((s) => (
              <li key={s.id} className="device" aria-current={s.current ? 'true' : undefined}>
                <div className="device-text">
                  <p className="device-name">
                    <strong>{deviceName(s)}</strong>
                    {s.current ? <span className="badge">This device</span> : null}
                  </p>
                  <p className="device-meta">
                    <span>
                      Signed in <time dateTime={s.created_at}>{formatDateTime(Date.parse(s.created_at))}</time>
                    </span>
                    {s.signed_in_with_passkey ? <span>With a passkey</span> : null}
                    {pushOn.has(s.id) ? <span>Push notifications on</span> : null}
                    <span>{lastActive(s, now)}</span>
                  </p>
                </div>
                {s.current ? null : (
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    aria-label={`Sign out ${deviceName(s)}`}
                    onClick={() => setEnding(s)}
                  >
                    Sign out
                  </button>
                )}
              </li>
            ))}
          </ul>
          {shown.length < sessions.length ? (
            <p>
              <button type="button" className="text-link" onClick={() => setShowAll(true)}>
                Show all {sessions.length} devices
              </button>
            </p>
          ) : null}
          {others > 0 ? (
            <div className="form-actions">
              <button type="button" className="button button-secondary" onClick={() => setEndingOthers(true)}>
                Sign out all other devices
              </button>
            </div>
          ) : (
            <p className="muted">You are not signed in anywhere else.</p>
          )}
        </>
      )}
      <ConfirmDialog
        open={ending !== null}
        title="Sign out this device?"
        message={`${ending ? deviceName(ending) : 'The device'} will need your password to sign in again.`}
        confirmLabel="Sign out"
        danger
        busy={end.isPending}
        onConfirm={() => ending && end.mutate({ id: ending.id })}
        onCancel={() => setEnding(null)}
      />
      <ConfirmDialog
        open={endingOthers}
        title="Sign out all other devices?"
        message={`${others === 1 ? 'The other device' : `All ${others} other devices`} will need your password to sign in again. You stay signed in here.`}
        confirmLabel="Sign out others"
        danger
        busy={endOthers.isPending}
        onConfirm={() => endOthers.mutate()}
        onCancel={() => setEndingOthers(false)}
      />
    </section>
  );
}
