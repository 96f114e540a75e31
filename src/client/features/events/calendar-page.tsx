import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { useAuth } from '../../shared/use-auth';
import { EventSections } from './event-card';
import { EventModal } from './event-modal';
import './events.css';

/** The server decides who creates events (Founding members, Travel Hosts and admins). */
export function useCanCreateEvent(): boolean {
  const { user } = useAuth();
  return user?.can.createEvent ?? false;
}

export function CreateEventButton() {
  const [open, setOpen] = useState(false);
  if (!useCanCreateEvent()) return null;
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Create Event
      </button>
      {open ? <EventModal open onClose={() => setOpen(false)} /> : null}
    </>
  );
}

export function CalendarPage() {
  const trpc = useTRPC();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const list = useQuery(trpc.events.list.queryOptions());
  const needle = search.trim().toLowerCase();
  const shown = (list.data ?? []).filter((e) => e.title.toLowerCase().includes(needle));

  return (
    <section className="page">
      <header className="events-head">
        <div>
          <h1>Events</h1>
          <p className="lead">Gatherings, travel and showcases of the club.</p>
        </div>
        <div className="events-tools">
          <div className="events-search">
            <label htmlFor={searchId} className="visually-hidden">
              Search events by title
            </label>
            <input
              id={searchId}
              type="search"
              placeholder="Search events by title"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <CreateEventButton />
        </div>
      </header>
      {list.isPending ? (
        <p className="page-status">Loading events…</p>
      ) : list.isError ? (
        <p className="events-empty">The events could not be loaded. Please try again later.</p>
      ) : (
        <EventSections events={shown} emptyText={needle ? 'No events match your search.' : 'No events yet.'} />
      )}
    </section>
  );
}
