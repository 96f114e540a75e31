import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { useTRPC } from '../../lib/trpc';
import { CreateEventButton } from './calendar-page';
import { EventSections } from './event-card';
import { i18n } from './locales/i18n';
import './events.css';

/** /activities-member: the events the member joined or created, upcoming first, past below. */
export function MemberSchedulePage() {
  const trpc = useTRPC();
  const mine = useQuery(trpc.events.mySchedule.queryOptions());
  return (
    <section className="page">
      <header className="page-head events-head">
        <div>
          <h1>{i18n.t('My Schedule')}</h1>
          <p className="lead">{i18n.t('The events you joined or host.')}</p>
        </div>
        <div className="events-tools">
          <Link href="/calendar" className="button button-ghost">
            {i18n.t('Browse all events')}
          </Link>
          <CreateEventButton />
        </div>
      </header>
      {mine.isPending ? (
        <p className="page-status">{i18n.t('Loading your schedule…')}</p>
      ) : mine.isError ? (
        <p className="events-empty">{i18n.t('Your schedule could not be loaded. Please try again later.')}</p>
      ) : (
        <EventSections events={mine.data} emptyText={i18n.t('You have not joined any events yet.')} />
      )}
    </section>
  );
}
