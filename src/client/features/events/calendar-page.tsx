import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { EventList } from '../../../shared/schemas/events';
import { LoadMore } from '../../components/load-more';
import { useDebounced } from '../../lib/use-debounced';
import { useTRPC } from '../../lib/trpc';
import { useAuth } from '../../shared/use-auth';
import { EventSection } from './event-card';
import { i18n } from './locales/i18n';
import './events.css';

// The event form (its fields, pickers and country list) is fetched when she opens it: the list's
// first screen needs none of it.
const EventModal = lazy(() => import('./event-modal').then((m) => ({ default: m.EventModal })));

/** The server decides who creates events (Founding members, Travel Hosts and admins). */
export function useCanCreateEvent(): boolean {
  const { user } = useAuth();
  return user?.can.create_event ?? false;
}

export function CreateEventButton() {
  const [open, setOpen] = useState(false);
  if (!useCanCreateEvent()) return null;
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {i18n.t('Create Event')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <EventModal open onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** One of /calendar's lists, a page at a time (the search and the circle ask the server). */
function useEventList(when: EventList, search: string, circle: string) {
  const trpc = useTRPC();
  return useInfiniteQuery(
    trpc.events.list.infiniteQueryOptions(
      { when, search: search || undefined, circle: circle || undefined },
      { getNextPageParam: (last) => last.nextCursor ?? undefined, placeholderData: keepPreviousData },
    ),
  );
}

/**
 * The heading's count: the server's count of the whole list when it gave one (a first page without
 * a search), else what is shown, with a + while more pages exist.
 */
function countOf(list: ReturnType<typeof useEventList>, which: EventList): number | string | null {
  const counts = list.data?.pages[0]?.counts;
  if (counts) return counts[which];
  const shown = list.data?.pages.reduce((n, p) => n + p.items.length, 0) ?? 0;
  return list.hasNextPage ? `${shown}+` : shown;
}

/**
 * The calendar's circle filter (issue 39): every event, those of her circles, or one circle's,
 * kept in the URL (?circle=) so a circle's page links to its events.
 */
function CircleFilter({ circle, onChange }: { circle: string; onChange: (circle: string) => void }) {
  const trpc = useTRPC();
  const id = useId();
  const circles = useQuery(trpc.circles.list.queryOptions()).data ?? [];
  return (
    <div className="events-circle">
      <label htmlFor={id} className="visually-hidden">
        {i18n.t('Show the events of')}
      </label>
      <select id={id} value={circle} onChange={(e) => onChange(e.target.value)}>
        <option value="">{i18n.t('All events')}</option>
        <option value="mine">{i18n.t('My circles')}</option>
        {circles.map((c) => (
          <option key={c.id} value={c.slug}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}

export function CalendarPage() {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const needle = useDebounced(search.trim());
  const [, navigate] = useLocation();
  const circle = new URLSearchParams(useSearch()).get('circle') ?? '';
  const upcoming = useEventList('upcoming', needle, circle);
  const past = useEventList('past', needle, circle);
  const upcomingEvents = upcoming.data?.pages.flatMap((p) => p.items) ?? [];
  const pastEvents = past.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <section className="page">
      <header className="page-head events-head">
        <div>
          <h1>{i18n.t('Events')}</h1>
          <p className="lead">{i18n.t('Gatherings, travel and showcases of the club.')}</p>
        </div>
        <div className="events-tools">
          <div className="events-search">
            <label htmlFor={searchId} className="visually-hidden">
              {i18n.t('Search events by title')}
            </label>
            <input
              id={searchId}
              type="search"
              placeholder={i18n.t('Search events by title')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <CircleFilter circle={circle} onChange={(c) => navigate(c ? `/calendar?circle=${encodeURIComponent(c)}` : '/calendar')} />
          <CreateEventButton />
        </div>
      </header>
      {upcoming.isPending || past.isPending ? (
        <p className="page-status">{i18n.t('Loading events…')}</p>
      ) : upcoming.isError || past.isError ? (
        <p className="events-empty">{i18n.t('The events could not be loaded. Please try again later.')}</p>
      ) : upcomingEvents.length === 0 && pastEvents.length === 0 ? (
        <p className="events-empty">{needle || circle ? i18n.t('No events match your search.') : i18n.t('No events yet.')}</p>
      ) : (
        <>
          <EventSection
            list="upcoming"
            events={upcomingEvents}
            count={countOf(upcoming, 'upcoming')}
            emptyText={i18n.t('No upcoming events.')}
          >
            <LoadMore query={upcoming} label={i18n.t('More upcoming events')} />
          </EventSection>
          {pastEvents.length ? (
            <EventSection list="past" events={pastEvents} count={countOf(past, 'past')}>
              <LoadMore query={past} label={i18n.t('More past events')} />
            </EventSection>
          ) : null}
        </>
      )}
    </section>
  );
}
