import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'wouter';
import { formatDate } from '../../../shared/date-format';
import type { CircleSummary } from '../../../shared/circles';
import { CircleCover } from './circle-cover';
import { CircleProposals } from './circle-proposals';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useAuth } from '../../shared/use-auth';
import './circles.css';
import { i18n } from './locales/i18n';

// The forms are fetched when opened: the list's first screen needs none of them.
const CircleFormDialog = lazy(() => import('./circle-form').then((m) => ({ default: m.CircleFormDialog })));
const ProposeCircleDialog = lazy(() => import('./propose-circle').then((m) => ({ default: m.ProposeCircleDialog })));

/** The cards of the first row on a wide screen: their covers are the first screen's. */
const FIRST_ROW = 3;

function CircleCard({ circle, index }: { circle: CircleSummary; index: number }) {
  return (
    <li className="circle-card">
      <CircleCover circle={circle} eager={index < FIRST_ROW} />
      <div className="circle-card-body">
        <h3>
          <Link href={`/circles/${circle.slug}`} className="circle-card-link">
            {circle.name}
          </Link>
        </h3>
        <p className="circle-card-meta">
          {circle.join === 'request'
            ? i18n.t('{count, plural, one {# member} other {# members}} · by request', { count: circle.member_count })
            : i18n.t('{count, plural, one {# member} other {# members}}', { count: circle.member_count })}
        </p>
        <p className="circle-card-next">
          {circle.next_event ? (
            i18n.t('Next: {event} · {date}', { event: circle.next_event.title, date: formatDate(circle.next_event.event_date) })
          ) : (
            <span className="muted">{i18n.t('No event planned yet')}</span>
          )}
        </p>
        <p className="circle-card-badges">
          {circle.joined ? <span className="badge badge-joined">{i18n.t('Joined')}</span> : null}
          {circle.requested ? <span className="badge">{i18n.t('Requested')}</span> : null}
          {circle.archived ? <span className="badge badge-past">{i18n.t('Archived')}</span> : null}
        </p>
      </div>
    </li>
  );
}

/**
 * /circles (issue 39): the club's gatherings as living groups. Cards with a cover, the member
 * count and the next event, hers first ("Joined"); a member proposes a circle, an admin creates one.
 */
export function CirclesPage() {
  const trpc = useTRPC();
  const { user } = useAuth();
  const list = useQuery(trpc.circles.list.queryOptions());
  const [dialog, setDialog] = useState<'create' | 'propose' | null>(null);
  const circles = list.data ?? [];
  const mine = circles.filter((c) => c.joined || c.requested);
  const others = circles.filter((c) => !c.joined && !c.requested);
  return (
    <section className="page circles-page">
      <header className="page-head circles-head">
        <div>
          <h1>{i18n.t('Circles')}</h1>
          <p className="lead">{i18n.t('Small groups around what you love: their members, their events and their talk between events.')}</p>
        </div>
        <div className="circles-tools">
          <button type="button" className="button button-ghost" onClick={() => setDialog('propose')}>
            {i18n.t('Propose a circle')}
          </button>
          {user?.can.admin ? (
            <button type="button" className="button" onClick={() => setDialog('create')}>
              {i18n.t('New circle')}
            </button>
          ) : null}
        </div>
      </header>
      {list.isPending ? (
        <p className="page-status">{i18n.t('Loading circles…')}</p>
      ) : list.isError ? (
        <p className="form-message form-message-error" role="alert">
          {errorMessage(list.error, i18n.t('The circles could not be loaded. Please try again.'))}
        </p>
      ) : (
        <>
          {mine.length ? (
            <section aria-labelledby="my-circles">
              <h2 id="my-circles" className="circles-section-title">
                {i18n.t('Your circles')}
              </h2>
              <ul className="circle-grid">
                {mine.map((c, i) => (
                  <CircleCard key={c.id} circle={c} index={i} />
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="more-circles">
            <h2 id="more-circles" className="circles-section-title">
              {mine.length ? i18n.t('More circles') : i18n.t('All circles')}
            </h2>
            {others.length ? (
              <ul className="circle-grid">
                {others.map((c, i) => (
                  <CircleCard key={c.id} circle={c} index={mine.length + i} />
                ))}
              </ul>
            ) : (
              <p className="muted">{circles.length ? i18n.t('You belong to every circle of the club.') : i18n.t('No circles yet.')}</p>
            )}
          </section>
        </>
      )}
      {user?.can.admin ? <CircleProposals /> : null}
      {dialog ? (
        <Suspense fallback={null}>
          {dialog === 'create' ? (
            <CircleFormDialog onClose={() => setDialog(null)} />
          ) : (
            <ProposeCircleDialog onClose={() => setDialog(null)} />
          )}
        </Suspense>
      ) : null}
    </section>
  );
}
