import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import type { StayView } from '../../../shared/schemas/homes';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { withNodes } from '../../i18n/with-nodes';
import { MemberName } from '../../shared/members/member-name';
import { formatDayRange } from '../../../shared/date-ranges';
import './homes.css';
import { i18n } from './locales/i18n';

const statusLabel = (status: StayView['status']) =>
  ({ pending: i18n.t('Pending'), accepted: i18n.t('Accepted'), declined: i18n.t('Declined'), cancelled: i18n.t('Cancelled') })[status];

/** What a host's or guest's answer did. */
const statusToast = (status: StayView['status']) =>
  ({
    pending: i18n.t('Stay pending.'),
    accepted: i18n.t('Stay accepted.'),
    declined: i18n.t('Stay declined.'),
    cancelled: i18n.t('Stay cancelled.'),
  })[status];

function StayItem({ stay }: { stay: StayView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [message, setMessage] = useState('');
  const update = useMutation(
    trpc.homes.updateStay.mutationOptions({
      onSuccess: async (s) => {
        toast(statusToast(s.status), 'success');
        await queryClient.invalidateQueries(trpc.homes.pathFilter());
      },
      onError: async (err) => {
        toast(errorMessage(err, i18n.t('The stay could not be changed.')), 'error');
        await queryClient.invalidateQueries(trpc.homes.pathFilter());
      },
    }),
  );
  const act = (status: 'accepted' | 'declined' | 'cancelled') => update.mutate({ id: stay.id, status, message });
  // Names link to their profiles (issue 22); an admin sees both, the host her guest, the guest her host.
  const guest = <MemberName id={stay.guest.id} name={stay.guest.name} />;
  const host = <MemberName id={stay.host.id} name={stay.host.name} />;
  const who =
    stay.viewer_role === 'host'
      ? withNodes((m) => i18n.t('{guest} asks', m), { guest })
      : stay.viewer_role === 'admin'
        ? withNodes((m) => i18n.t('{guest} asks to stay with {host}', m), { guest, host })
        : withNodes((m) => i18n.t('Hosted by {host}', m), { host });
  return (
    <li className="card stay-item">
      <div className="stay-head">
        <h4>
          <Link href={`/homes/${stay.home.id}`}>{stay.home.title}</Link>
        </h4>
        <span className={`badge stay-${stay.status}`}>{statusLabel(stay.status)}</span>
      </div>
      <p className="stay-dates">
        {formatDayRange(stay.start_date, stay.end_date)} ·{' '}
        {i18n.t('{count, plural, one {# night} other {# nights}}', { count: stay.nights })} ·{' '}
        {i18n.t('{count, plural, one {# guest} other {# guests}}', { count: stay.guests })}
      </p>
      <p className="stay-who">
        {who} · {[stay.home.city, stay.home.country].filter(Boolean).join(', ')}
      </p>
      {stay.home.address ? (
        <p className="home-address" dir="auto">
          {stay.home.address}
        </p>
      ) : null}
      {stay.message ? (
        <blockquote className="stay-message" dir="auto">
          {stay.message}
        </blockquote>
      ) : null}
      {stay.host_message ? (
        <blockquote className="stay-message" dir="auto">
          {host}: {stay.host_message}
        </blockquote>
      ) : null}
      {stay.conflicts_with_accepted ? (
        <p className="stay-conflict" role="note">
          {i18n.t('These dates overlap a stay already accepted.')}
        </p>
      ) : stay.overlapping_pending ? (
        <p className="stay-conflict" role="note">
          {i18n.t('{count, plural, one {# other request} other {# other requests}} for overlapping dates.', {
            count: stay.overlapping_pending,
          })}
        </p>
      ) : null}
      {stay.can_accept || stay.can_decline || stay.can_cancel ? (
        <div className="stay-actions">
          {stay.can_accept || stay.can_decline ? (
            <label className="stay-note">
              <span>{i18n.t('Message (optional)')}</span>
              <input value={message} maxLength={2000} onChange={(e) => setMessage(e.target.value)} />
            </label>
          ) : null}
          {stay.can_accept ? (
            <button type="button" className="button" disabled={update.isPending} onClick={() => act('accepted')}>
              {i18n.t('Accept')}
            </button>
          ) : null}
          {stay.can_decline ? (
            <button type="button" className="button button-ghost" disabled={update.isPending} onClick={() => act('declined')}>
              {i18n.t('Decline')}
            </button>
          ) : null}
          {stay.can_cancel ? (
            <button type="button" className="button button-ghost" disabled={update.isPending} onClick={() => act('cancelled')}>
              {i18n.t('Cancel stay')}
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

const byStart = (a: StayView, b: StayView) => a.start_date.localeCompare(b.start_date) || a.id - b.id;

/**
 * Issue 46, point 13: requests waiting for an answer first, then what is still to come (soonest
 * first), then the past (latest first), which the server says cannot be cancelled.
 */
const STAY_GROUPS = [
  {
    key: 'pending',
    title: () => i18n.t('Waiting for an answer'),
    holds: (s: StayView) => !s.past && s.status === 'pending',
    order: byStart,
  },
  { key: 'upcoming', title: () => i18n.t('Upcoming'), holds: (s: StayView) => !s.past && s.status !== 'pending', order: byStart },
  { key: 'past', title: () => i18n.t('Past'), holds: (s: StayView) => s.past, order: (a: StayView, b: StayView) => byStart(b, a) },
] as const;

function StayList({ role, title, empty }: { role: 'host' | 'guest'; title: string; empty: string }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.homes.stays.queryOptions({ role, limit: 100 }));
  return (
    <section className="stay-section" aria-labelledby={`stays-${role}`}>
      <h2 id={`stays-${role}`}>{title}</h2>
      {list.isPending ? (
        <p className="page-status">{i18n.t('Loading…')}</p>
      ) : list.isError ? (
        <p className="homes-empty">{errorMessage(list.error, i18n.t('These stays could not be loaded.'))}</p>
      ) : list.data.items.length === 0 ? (
        <p className="homes-empty">{empty}</p>
      ) : (
        STAY_GROUPS.map((group) => {
          const stays = list.data.items.filter(group.holds).sort(group.order);
          return stays.length ? (
            <section key={group.key} className="stay-group" aria-labelledby={`stays-${role}-${group.key}`}>
              <h3 id={`stays-${role}-${group.key}`} className="stay-group-title">
                {group.title()}
              </h3>
              <ul className="stay-list">
                {stays.map((s) => (
                  <StayItem key={s.id} stay={s} />
                ))}
              </ul>
            </section>
          ) : null;
        })
      )}
    </section>
  );
}

/** /homes/requests: requests for the member's homes (to answer) and her own stays (to follow or cancel). */
export function StayRequestsPage() {
  return (
    <section className="page">
      <header className="page-head homes-head">
        <div>
          <h1>{i18n.t('Stay requests')}</h1>
          <p className="lead">{i18n.t('Answer requests for your homes and follow your own stays.')}</p>
        </div>
        <div className="homes-tools">
          <Link href="/homes" className="button button-ghost">
            {i18n.t('Find a home')}
          </Link>
        </div>
      </header>
      <StayList role="host" title={i18n.t('Requests for my homes')} empty={i18n.t('No requests for your homes yet.')} />
      <StayList role="guest" title={i18n.t('My stays')} empty={i18n.t('You have not requested a stay yet.')} />
    </section>
  );
}
