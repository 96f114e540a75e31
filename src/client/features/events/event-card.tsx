import { Link } from 'wouter';
import { formatEventWhen } from '../../../shared/date-format';
import { truncateDescription } from '../../../shared/event-format';
import type { EventDto } from '../../../shared/schemas/events';
import { i18n } from './locales/i18n';

export function placeLabel(e: Pick<EventDto, 'is_physical' | 'location' | 'city' | 'state' | 'country' | 'virtual_link'>): string {
  if (!e.is_physical) return i18n.t('Virtual');
  const parts = [e.location && e.location !== 'Unset' ? e.location : null, e.city, e.state, e.country].filter(Boolean);
  return parts.length ? parts.join(', ') : i18n.t('Location to be announced');
}

/** "3 of 12 places" for an event with a capacity; null without a limit (or when withheld). */
export function placesLabel(e: Pick<EventDto, 'capacity' | 'participant_count'>): string | null {
  if (e.capacity === null || e.participant_count === null) return null;
  return i18n.t('{capacity, plural, one {{count} of # place} other {{count} of # places}}', {
    count: e.participant_count,
    capacity: e.capacity,
  });
}

export function EventCard({ event }: { event: EventDto }) {
  const places = placesLabel(event);
  return (
    <article className="event-card" style={{ '--event-color': event.color } as React.CSSProperties}>
      <div className="event-card-band" aria-hidden="true" />
      <div className="event-card-body">
        <p className="event-card-when">{formatEventWhen(event.starts_at, event.ends_at, event.time_zone).full}</p>
        <h3>
          <Link href={`/events/${event.id}`}>{event.title}</Link>
        </h3>
        <p className="event-card-where">{placeLabel(event)}</p>
        {event.circle ? <p className="event-card-circle">{event.circle.name}</p> : null}
        <p className="event-card-desc">{truncateDescription(event.description)}</p>
      </div>
      <div className="event-card-foot">
        {/* Null when the server withheld an invite-only event's participants: the badge says why. */}
        {places ? (
          <span>{places}</span>
        ) : event.participant_count !== null ? (
          <span>{i18n.t('{count, plural, one {# participant} other {# participants}}', { count: event.participant_count })}</span>
        ) : (
          <span className="muted">{i18n.t('Details for invited members')}</span>
        )}
        <span className="spacer" />
        {event.exclusivity === 'invite-only' ? <span className="badge badge-invite">{i18n.t('Invite-only')}</span> : null}
        {event.is_full && !event.is_past ? <span className="badge badge-full">{i18n.t('Full')}</span> : null}
        {event.viewer.joined ? <span className="badge badge-joined">{i18n.t('Joined')}</span> : null}
        {event.viewer.waitlist_place ? (
          <span className="badge badge-waitlist">{i18n.t('Waitlist #{place}', { place: event.viewer.waitlist_place })}</span>
        ) : null}
        {event.is_past ? <span className="badge badge-past">{i18n.t('Past')}</span> : null}
      </div>
    </article>
  );
}

/** Upcoming first, past events in their own section below (the server orders both). */
export function EventSections({ events, emptyText }: { events: EventDto[]; emptyText: string }) {
  const upcoming = events.filter((e) => !e.is_past);
  const past = events.filter((e) => e.is_past);
  if (events.length === 0) return <p className="events-empty">{emptyText}</p>;
  return (
    <>
      <EventSection list="upcoming" events={upcoming} count={upcoming.length} emptyText={i18n.t('No upcoming events.')} />
      {past.length ? <EventSection list="past" events={past} count={past.length} /> : null}
    </>
  );
}

const sectionTitle = (list: 'upcoming' | 'past') => (list === 'past' ? i18n.t('Past events') : i18n.t('Upcoming'));

/** One list of event cards under its heading and count; `children` follow the grid (e.g. Load more). */
export function EventSection({
  list,
  events,
  count,
  emptyText,
  children,
}: {
  list: 'upcoming' | 'past';
  events: EventDto[];
  /** Shown beside the heading; a string such as '30+' when only part is known. */
  count: number | string | null;
  emptyText?: string;
  children?: React.ReactNode;
}) {
  const headingId = `${list}-heading`;
  return (
    <section className={`events-section${list === 'past' ? ' events-past' : ''}`} aria-labelledby={headingId}>
      <h2 id={headingId}>
        {sectionTitle(list)} {count !== null ? <span className="count">{count}</span> : null}
      </h2>
      {events.length ? <EventGrid events={events} /> : <p className="events-empty">{emptyText}</p>}
      {children}
    </section>
  );
}

function EventGrid({ events }: { events: EventDto[] }) {
  return (
    <ul className="event-grid">
      {events.map((e) => (
        <li key={e.id}>
          <EventCard event={e} />
        </li>
      ))}
    </ul>
  );
}
