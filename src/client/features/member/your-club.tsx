import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { formatEventWhen } from '../../../shared/date-format';
import { formatShortRange } from '../../../shared/date-ranges';
import type { YourClub } from '../../../shared/schemas/club';
import { useTRPC } from '../../lib/trpc';
import { withNodes } from '../../i18n/with-nodes';
import { FirstStepsCard } from './first-steps';
import { i18n } from './locales/i18n';
import './your-club.css';

function NextEvents({ events }: { events: YourClub['events'] }) {
  return (
    <section className="card club-card" aria-labelledby="club-events">
      <h3 id="club-events">{i18n.t('Your next events')}</h3>
      {events.length === 0 ? (
        <p className="muted">{i18n.t('You have not joined an upcoming event yet.')}</p>
      ) : (
        <ul className="club-list">
          {events.map((e) => {
            const when = formatEventWhen(e.starts_at, e.ends_at, e.time_zone);
            return (
              <li key={e.id} style={{ '--event-color': e.color } as React.CSSProperties}>
                <Link href={`/events/${e.id}`} className="club-item-title">
                  {e.title}
                </Link>
                <span className="club-item-meta">
                  {when.date} · {when.time}
                </span>
                {e.viewer.waitlist_place ? (
                  <span className="badge club-status-pending">
                    {i18n.t('Waitlist: number {place}', { place: e.viewer.waitlist_place })}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <p className="club-card-links">
        <Link href="/activities-member">{i18n.t('My Schedule')}</Link>
        <Link href="/calendar">{i18n.t('All events')}</Link>
      </p>
    </section>
  );
}

function Stays({ stays, toAnswer }: { stays: YourClub['stays']; toAnswer: number }) {
  return (
    <section className="card club-card" aria-labelledby="club-stays">
      <h3 id="club-stays">{i18n.t('Your stays')}</h3>
      {toAnswer > 0 ? (
        <p className="club-attention">
          <Link href="/homes/requests">
            {i18n.t('{count, plural, one {# stay request waiting for your answer} other {# stay requests waiting for your answer}}', {
              count: toAnswer,
            })}
          </Link>
        </p>
      ) : null}
      {stays.length === 0 ? (
        <p className="muted">{i18n.t('No stays planned. The members’ homes are open to you.')}</p>
      ) : (
        <ul className="club-list">
          {stays.map((s) => (
            <li key={s.id}>
              <Link href={`/homes/${s.home.id}`} className="club-item-title">
                {s.home.title}
              </Link>
              <span className="club-item-meta">
                {[s.home.city, s.home.country].filter(Boolean).join(', ')} · {formatShortRange(s.start_date, s.end_date)}
              </span>
              <span className={`badge club-status-${s.status}`}>{s.status === 'accepted' ? i18n.t('Accepted') : i18n.t('Pending')}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="club-card-links">
        <Link href="/homes">{i18n.t('Browse homes')}</Link>
        <Link href="/homes/requests">{i18n.t('Stay requests')}</Link>
      </p>
    </section>
  );
}

function Photos({ photos }: { photos: YourClub['photos'] }) {
  return (
    <section className="card club-card club-photos" aria-labelledby="club-photos">
      <h3 id="club-photos">{i18n.t('Latest photos')}</h3>
      {photos.length === 0 ? (
        <p className="muted">{i18n.t('No photos yet. Share the first one in the Gallery.')}</p>
      ) : (
        <ul className="club-photo-grid">
          {photos.map((p) => (
            <li key={p.id}>
              <Link
                href={`/gallery?image=${p.id}`}
                aria-label={i18n.t('{title} by {author}', { title: p.title || i18n.t('Photo'), author: p.author })}
              >
                <img
                  src={p.thumb_url}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  width={p.thumb_width ?? undefined}
                  height={p.thumb_height ?? undefined}
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p className="club-card-links">
        <Link href="/gallery">{i18n.t('Gallery')}</Link>
      </p>
    </section>
  );
}

function AdminCounts({ admin }: { admin: NonNullable<YourClub['admin']> }) {
  const nothing = admin.pendingApplications === 0 && admin.failedMail === 0;
  return (
    <section className="card club-card club-admin" aria-labelledby="club-admin">
      <h3 id="club-admin">{i18n.t('Waiting for an admin')}</h3>
      {nothing ? (
        <p className="muted">{i18n.t('Nothing is waiting: no applications to review, no failed email.')}</p>
      ) : (
        <ul className="club-counts">
          <li className={admin.pendingApplications ? undefined : 'club-count-none'}>
            <Link href="/applications">
              {withNodes(
                (m) =>
                  i18n.t('{count, plural, one {{n} application to review} other {{n} applications to review}}', {
                    count: admin.pendingApplications,
                    n: m.n,
                  }),
                { n: <strong>{admin.pendingApplications}</strong> },
              )}
            </Link>
          </li>
          <li className={admin.failedMail ? undefined : 'club-count-none'}>
            <Link href="/admin/sent-mail">
              {withNodes(
                (m) =>
                  i18n.t('{count, plural, one {{n} failed email this week} other {{n} failed emails this week}}', {
                    count: admin.failedMail,
                    n: m.n,
                  }),
                { n: <strong>{admin.failedMail}</strong> },
              )}
            </Link>
          </li>
        </ul>
      )}
    </section>
  );
}

/** "Your club" (issues 31 and 46): a signed-in member's /home. */
export function YourClubSection() {
  const trpc = useTRPC();
  const club = useQuery(trpc.club.yourClub.queryOptions());
  return (
    <section className="page your-club" aria-labelledby="your-club-heading">
      <h1 id="your-club-heading">{i18n.t('Your club')}</h1>
      {club.isPending ? (
        <p className="page-status" role="status">
          {i18n.t('Loading your club…')}
        </p>
      ) : club.isError ? (
        <p className="muted">{i18n.t('Your club could not be loaded. Please try again later.')}</p>
      ) : (
        <div className="club-grid">
          {club.data.first_steps ? <FirstStepsCard steps={club.data.first_steps} /> : null}
          {club.data.admin ? <AdminCounts admin={club.data.admin} /> : null}
          <NextEvents events={club.data.events} />
          <Stays stays={club.data.stays} toAnswer={club.data.stayRequestsToAnswer} />
          <Photos photos={club.data.photos} />
        </div>
      )}
    </section>
  );
}
