import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { formatEventWhen } from '../../../shared/date-format';
import type { CircleDetail } from '../../../shared/circles';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { MemberAvatar } from '../../shared/members/member-avatar';
import { MemberName } from '../../shared/members/member-name';
import { CircleBoard } from './circle-board';
import { CircleCover } from './circle-cover';
import './circles.css';
import { i18n } from './locales/i18n';

// What a click opens is fetched then: the page's first screen needs none of it.
const CircleFormDialog = lazy(() => import('./circle-form').then((m) => ({ default: m.CircleFormDialog })));
const CircleMembersDialog = lazy(() => import('./circle-members').then((m) => ({ default: m.CircleMembersDialog })));
const CircleRequestsDialog = lazy(() => import('./circle-requests').then((m) => ({ default: m.CircleRequestsDialog })));

/** Join, Request to join, Leave (or withdraw a request), and Mute this circle. */
function Membership({ circle }: { circle: CircleDetail }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [leaving, setLeaving] = useState(false);
  const refresh = () => queryClient.invalidateQueries(trpc.circles.pathFilter());
  const onError = (error: unknown) => toast(errorMessage(error, i18n.t('That did not work. Please try again.')), 'error');
  const join = useMutation(
    trpc.circles.join.mutationOptions({
      onSuccess: async (answer) => {
        toast(
          'joined' in answer ? i18n.t('Welcome to {circle}!', { circle: circle.name }) : i18n.t('Your request was sent to its hosts.'),
          'success',
        );
        await refresh();
      },
      onError,
    }),
  );
  const leave = useMutation(
    trpc.circles.leave.mutationOptions({
      onSuccess: async () => {
        setLeaving(false);
        await refresh();
      },
      onError: (e) => {
        setLeaving(false);
        onError(e);
      },
    }),
  );
  const mute = useMutation(trpc.circles.mute.mutationOptions({ onSuccess: refresh, onError }));
  const slug = { slug: circle.slug };
  return (
    <div className="circle-actions">
      {circle.can_join ? (
        <button type="button" className="button" disabled={join.isPending} onClick={() => join.mutate(slug)}>
          {circle.join === 'open' ? i18n.t('Join') : i18n.t('Request to join')}
        </button>
      ) : null}
      {circle.requested ? <span className="badge">{i18n.t('Request sent')}</span> : null}
      {circle.joined ? <span className="badge badge-joined">{i18n.t('Joined')}</span> : null}
      {circle.joined ? (
        <button
          type="button"
          className="button button-ghost button-small"
          aria-pressed={circle.muted}
          disabled={mute.isPending}
          onClick={() => mute.mutate({ ...slug, muted: !circle.muted })}
        >
          {circle.muted ? i18n.t('Unmute this circle') : i18n.t('Mute this circle')}
        </button>
      ) : null}
      {circle.can_leave ? (
        <button type="button" className="button button-ghost button-small" onClick={() => setLeaving(true)}>
          {circle.requested ? i18n.t('Withdraw request') : i18n.t('Leave')}
        </button>
      ) : null}
      <ConfirmDialog
        open={leaving}
        title={circle.requested ? i18n.t('Withdraw your request') : i18n.t('Leave {circle}', { circle: circle.name })}
        message={
          circle.requested
            ? i18n.t('Withdraw your request to join this circle?')
            : i18n.t('Leave this circle? You can join it again later.')
        }
        confirmLabel={circle.requested ? i18n.t('Withdraw') : i18n.t('Leave')}
        busy={leave.isPending}
        onConfirm={() => leave.mutate(slug)}
        onCancel={() => setLeaving(false)}
      />
    </div>
  );
}

function Upcoming({ circle }: { circle: CircleDetail }) {
  return (
    <section className="card circle-events" aria-labelledby="circle-events">
      <h2 id="circle-events">{i18n.t('Upcoming events')}</h2>
      {circle.upcoming_events.length ? (
        <ul>
          {circle.upcoming_events.map((e) => (
            <li key={e.id}>
              <Link href={`/events/${e.id}`}>{e.title}</Link>
              <span className="muted">
                {e.exclusivity === 'invite-only'
                  ? i18n.t('{when} · invite-only', { when: formatEventWhen(e.starts_at, e.starts_at, e.time_zone).start })
                  : formatEventWhen(e.starts_at, e.starts_at, e.time_zone).start}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{i18n.t('No event planned yet.')}</p>
      )}
      <Link href={`/calendar?circle=${circle.slug}`} className="text-link">
        {i18n.t('All its events')}
      </Link>
    </section>
  );
}

/**
 * /circles/{slug} (issue 39): the circle's cover, description, hosts, members' faces and upcoming
 * events, with Join / Leave / Request to join and its hosts' requests; then its board (an open
 * circle's is every member's to read, a request circle's its members').
 */
export function CirclePage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const trpc = useTRPC();
  const query = useQuery(trpc.circles.get.queryOptions({ slug }));
  const [open, setOpen] = useState<'edit' | 'members' | null>(null);
  const requestsOpen = search.get('requests') === '1';
  const circle = query.data;

  if (query.isPending) return <p className="page-status">{i18n.t('Loading the circle…')}</p>;
  if (!circle) {
    return (
      <section className="page narrow">
        <p className="form-message form-message-error" role="alert">
          {errorMessage(query.error, i18n.t('Circle not found.'))}
        </p>
        <Link href="/circles" className="button button-ghost">
          {i18n.t('Back to circles')}
        </Link>
      </section>
    );
  }
  return (
    <article className="page circle-page">
      <header className="circle-head">
        <CircleCover circle={circle} eager />
        <div className="circle-head-text">
          <p className="eyebrow">
            <Link href="/circles">{i18n.t('Circles')}</Link>
          </p>
          <h1>{circle.name}</h1>
          <p className="circle-head-meta">
            {i18n.t('{count, plural, one {# member} other {# members}}', { count: circle.member_count })} ·{' '}
            {circle.join === 'open' ? i18n.t('open to every member') : i18n.t('by request')}
            {circle.archived ? ` · ${i18n.t('archived')}` : ''}
          </p>
          <Membership circle={circle} />
        </div>
      </header>

      <div className="circle-columns">
        <div className="circle-main">
          {circle.description ? (
            <p className="circle-description" dir="auto">
              {circle.description}
            </p>
          ) : null}
          {circle.can_see_board ? (
            <CircleBoard circle={circle} focusPost={Number(search.get('post')) || null} />
          ) : (
            <section className="card circle-board-closed">
              <h2>{i18n.t('The board')}</h2>
              <p>
                {circle.can_join
                  ? i18n.t('The board of this circle is for its members. Ask to join to read and post.')
                  : i18n.t('The board of this circle is for its members.')}
              </p>
            </section>
          )}
        </div>
        <aside className="circle-side">
          <section className="card" aria-labelledby="circle-hosts">
            <h2 id="circle-hosts">{i18n.t('{count, plural, one {Host} other {Hosts}}', { count: circle.hosts.length })}</h2>
            <ul className="circle-hosts">
              {circle.hosts.map((h) => (
                <li key={h.id}>
                  <MemberName id={h.id} name={h.name} photoUrl={h.photo_url} avatar="sm" />
                </li>
              ))}
            </ul>
            {circle.can_edit || circle.can_host ? (
              <div className="circle-host-tools">
                {circle.can_edit ? (
                  <button type="button" className="button button-ghost button-small" onClick={() => setOpen('edit')}>
                    {i18n.t('Edit the circle')}
                  </button>
                ) : null}
                {circle.can_host ? (
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    onClick={() => navigate(`/circles/${circle.slug}?requests=1`)}
                  >
                    {circle.pending_requests ? i18n.t('Requests ({count})', { count: circle.pending_requests }) : i18n.t('Requests')}
                  </button>
                ) : null}
              </div>
            ) : null}
          </section>
          <section className="card" aria-labelledby="circle-members">
            <h2 id="circle-members">{i18n.t('Members')}</h2>
            <ul
              className="circle-faces"
              aria-label={i18n.t('{count, plural, one {# member} other {# members}}, the first ones', { count: circle.member_count })}
            >
              {circle.faces.map((f) => (
                <li key={f.id} title={f.name}>
                  <Link href={`/members/${f.id}`} aria-label={f.name}>
                    <MemberAvatar id={f.id} name={f.name} photoUrl={f.photo_url} size="md" />
                  </Link>
                </li>
              ))}
            </ul>
            <button type="button" className="text-link" onClick={() => setOpen('members')}>
              {i18n.t('See all {count, plural, one {# member} other {# members}}', { count: circle.member_count })}
            </button>
          </section>
          <Upcoming circle={circle} />
        </aside>
      </div>

      <Suspense fallback={null}>
        {open === 'edit' ? <CircleFormDialog circle={circle} onClose={() => setOpen(null)} /> : null}
        {open === 'members' ? <CircleMembersDialog circle={circle} onClose={() => setOpen(null)} /> : null}
        {requestsOpen && circle.can_host ? (
          <CircleRequestsDialog circle={circle} onClose={() => navigate(`/circles/${circle.slug}`)} />
        ) : null}
      </Suspense>
    </article>
  );
}
