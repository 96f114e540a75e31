import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { formatEventWhen } from '../../../shared/date-format';
import { FEEDBACK_COMMENT_MAX, type DoorMember, type EventDoorDto } from '../../../shared/schemas/check-in';
import type { EventDetailDto } from '../../../shared/schemas/events';
import { FormMessage, TextAreaField } from '../../components/field';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { MemberAvatar } from '../../shared/members/member-avatar';
import { MemberName } from '../../shared/members/member-name';
import { useAuth } from '../../shared/use-auth';
import { i18n } from './locales/i18n';
import './door.css';
import { formatNumber } from '../../i18n/intl-locale';

/*
 * Issue 43 on the event page: her ticket, the host's "Check in guests", who came and the
 * feedback. checkIn.door says what the viewer may see and do (flags from the server's policies).
 */

export function useDoor(eventId: number) {
  const trpc = useTRPC();
  return useQuery(trpc.checkIn.door.queryOptions({ id: eventId }));
}

/** "4.5" from 4.5, "4.3" from 4.333…: one decimal, none when whole. */
export const starsLabel = (average: number) => formatNumber(Math.round(average * 10) / 10, { maximumFractionDigits: 1 });

/** Her ticket: the QR code (the server's SVG), her face and name, the event, its date and time in its zone. */
function TicketCard({ event }: { event: EventDetailDto }) {
  const trpc = useTRPC();
  const ticket = useQuery(trpc.checkIn.ticket.queryOptions({ id: event.id }, { staleTime: Infinity }));
  const { user } = useAuth();
  const self = event.participants.find((p) => p.user_id === user?.user_id);
  const when = formatEventWhen(event.starts_at, event.ends_at, event.time_zone);
  return (
    <section className="card ticket" aria-labelledby="ticket-heading">
      <h2 id="ticket-heading">{i18n.t('Your ticket')}</h2>
      <div className="ticket-body">
        <div className="ticket-code">
          {ticket.data ? (
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(ticket.data.qr_svg)}`}
              alt={i18n.t('Your ticket for {title}', { title: event.title })}
            />
          ) : (
            <span className="muted">{ticket.isError ? i18n.t('Your ticket could not be loaded.') : i18n.t('Loading your ticket…')}</span>
          )}
        </div>
        <div className="ticket-text">
          {self ? (
            <p className="ticket-holder">
              <MemberAvatar id={self.user_id} name={self.name} photoUrl={self.photo_url} size="md" />
              <strong>{self.name}</strong>
            </p>
          ) : null}
          <p className="ticket-event">{event.title}</p>
          <p className="ticket-when">
            {when.date}
            <br />
            {when.time} <span className="muted">({event.time_zone.replace(/_/g, ' ')})</span>
          </p>
          <p className="muted ticket-hint">{i18n.t('Show this code at the door. A screenshot works too.')}</p>
        </div>
      </div>
    </section>
  );
}

function Stars({ value, onChange, name }: { value: number; onChange: (n: number) => void; name: string }) {
  return (
    <div className="stars" role="radiogroup" aria-label={i18n.t('Stars')}>
      {[1, 2, 3, 4, 5].map((n) => (
        <label key={n} className={n <= value ? 'star is-on' : 'star'}>
          <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} />
          <span aria-hidden="true">★</span>
          <span className="visually-hidden">{i18n.t('{count, plural, one {# star} other {# stars}}', { count: n })}</span>
        </label>
      ))}
    </div>
  );
}

/** The feedback request (after an event she came to): 1 to 5 stars and an optional comment, once. */
function FeedbackForm({ event, door }: { event: EventDetailDto; door: EventDoorDto }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const name = useId();
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState('');
  const give = useMutation(
    trpc.checkIn.giveFeedback.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.checkIn.door.queryFilter({ id: event.id })),
      onError: (err) => setError(errorMessage(err, i18n.t('Your feedback could not be sent.'))),
    }),
  );
  if (door.feedback.mine) {
    const { stars: given } = door.feedback.mine;
    return (
      <p className="form-message form-message-success feedback-thanks" role="status">
        {i18n.t(
          '{count, plural, one {Thank you for your feedback: you gave {title} # star.} other {Thank you for your feedback: you gave {title} # stars.}}',
          {
            count: given,
            title: event.title,
          },
        )}
      </p>
    );
  }
  if (!door.feedback.can_give) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (stars < 1) return setError(i18n.t('Choose from 1 to 5 stars.'));
    setError('');
    give.mutate({ id: event.id, stars, comment: comment.trim() || null });
  };
  return (
    <form className="card feedback-form" onSubmit={submit} aria-labelledby="feedback-heading" noValidate>
      <h2 id="feedback-heading">{i18n.t('How was it?')}</h2>
      <p className="muted">{i18n.t('Only the host and the club’s admins read it.')}</p>
      <Stars
        value={stars}
        onChange={(n) => {
          setStars(n);
          setError('');
        }}
        name={name}
      />
      <TextAreaField
        label={i18n.t('A comment (optional)')}
        value={comment}
        maxLength={FEEDBACK_COMMENT_MAX}
        rows={3}
        onChange={(e) => setComment(e.target.value)}
      />
      <FormMessage>{error}</FormMessage>
      {/* A plain submit: this form is never in a page's server-rendered HTML (a lazy chunk, drawn once the page runs). */}
      <button type="submit" className="button" disabled={give.isPending}>
        {i18n.t('Send feedback')}
      </button>
    </form>
  );
}

/** The host's and admins' view of the feedback: the average, and the stars and comments on request. */
function FeedbackSummary({ eventId, summary }: { eventId: number; summary: { average: number | null; count: number } }) {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const items = useQuery(trpc.checkIn.feedback.queryOptions({ id: eventId }, { enabled: open }));
  if (summary.count === 0 || summary.average === null) return <p className="muted feedback-summary">{i18n.t('No feedback yet.')}</p>;
  return (
    <div className="feedback-summary">
      <p>
        <span className="feedback-average" aria-label={i18n.t('Average {average} of 5 stars', { average: starsLabel(summary.average) })}>
          ★ {starsLabel(summary.average)}
        </span>{' '}
        {i18n.t('{count, plural, one {from # member} other {from # members}}', { count: summary.count })}{' '}
        <button type="button" className="button button-ghost button-small" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? i18n.t('Hide feedback') : i18n.t('Read feedback')}
        </button>
      </p>
      {open && items.data ? (
        <ul className="feedback-list">
          {items.data.items.map((f) => (
            <li key={f.member.id}>
              <MemberName id={f.member.id} name={f.member.name} photoUrl={f.member.photo_url} avatar="sm" />
              <span className="feedback-stars" aria-label={i18n.t('{stars} of 5 stars', { stars: f.stars })}>
                {'★'.repeat(f.stars)}
                <span className="feedback-stars-off">{'★'.repeat(5 - f.stars)}</span>
              </span>
              {f.comment ? <p className="feedback-comment">{f.comment}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** On the Details tab: the feedback request, her ticket, and the host's door. */
export function DoorPanel({ event }: { event: EventDetailDto }) {
  const door = useDoor(event.id).data;
  if (!door) return null;
  const ticket = door.has_ticket && !event.is_past;
  const hostTools = door.can_check_in || door.feedback.summary;
  if (!ticket && !hostTools && !door.feedback.can_give && !door.feedback.mine) return null;
  return (
    <div className="door-panel">
      <FeedbackForm event={event} door={door} />
      {ticket ? <TicketCard event={event} /> : null}
      {hostTools ? (
        <section className="card door-host" aria-label={i18n.t('At the door')}>
          {door.can_check_in ? (
            // A full page load: the camera is allowed in that screen's document only.
            <a href={`/events/${event.id}/check-in`} className="button">
              {i18n.t('Check in guests')}
            </a>
          ) : null}
          {door.attendance ? <p className="door-came">{i18n.t('Who came: {count}', { count: door.attendance.came })}</p> : null}
          {door.feedback.summary && event.is_past ? <FeedbackSummary eventId={event.id} summary={door.feedback.summary} /> : null}
        </section>
      ) : null}
    </div>
  );
}

function People({ people, label }: { people: DoorMember[]; label: string }) {
  return (
    <ul className="participant-list" aria-label={label}>
      {people.map((p) => (
        <li key={p.id}>
          <MemberName id={p.id} name={p.name} photoUrl={p.photo_url} avatar="sm" />
        </li>
      ))}
    </ul>
  );
}

/** The co-hosts: named, and for the host a way to name them among the participants. */
function CoHosts({ event, door }: { event: EventDetailDto; door: EventDoorDto }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const pick = useId();
  const save = useMutation(
    trpc.checkIn.setCoHosts.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.checkIn.door.queryFilter({ id: event.id })),
      onError: (err) => toast(errorMessage(err, i18n.t('The co-hosts could not be saved.')), 'error'),
    }),
  );
  const ids = door.co_hosts.map((c) => c.id);
  const candidates = event.participants.filter((p) => p.user_id !== event.created_by && !ids.includes(p.user_id));
  if (!door.can_name_co_hosts && door.co_hosts.length === 0) return null;
  return (
    <section className="co-hosts" aria-labelledby="co-hosts-heading">
      <h3 id="co-hosts-heading">{i18n.t('Co-hosts')}</h3>
      {door.can_name_co_hosts ? <p className="muted">{i18n.t('Co-hosts check guests in at the door with you.')}</p> : null}
      {door.co_hosts.length ? (
        <ul className="participant-list" aria-label={i18n.t('Co-hosts')}>
          {door.co_hosts.map((c) => (
            <li key={c.id}>
              <MemberName id={c.id} name={c.name} photoUrl={c.photo_url} avatar="sm" />
              {door.can_name_co_hosts ? (
                <button
                  type="button"
                  className="button button-ghost button-small co-host-remove"
                  disabled={save.isPending}
                  onClick={() => save.mutate({ id: event.id, member_ids: ids.filter((id) => id !== c.id) })}
                >
                  {i18n.t('Remove')}
                  <span className="visually-hidden"> {i18n.t('{name} as co-host', { name: c.name })}</span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{i18n.t('No co-hosts yet.')}</p>
      )}
      {door.can_name_co_hosts && candidates.length ? (
        <div className="co-host-add">
          <label htmlFor={pick}>{i18n.t('Add a co-host')}</label>
          <select
            id={pick}
            value=""
            disabled={save.isPending}
            onChange={(e) => e.target.value && save.mutate({ id: event.id, member_ids: [...ids, Number(e.target.value)] })}
          >
            <option value="">{i18n.t('Choose a participant…')}</option>
            {candidates.map((p) => (
              <option key={p.user_id} value={p.user_id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </section>
  );
}

/** On the Participation tab: the co-hosts, and after the event who came (and, for the host and admins, who did not). */
export function DoorParticipation({ event }: { event: EventDetailDto }) {
  const door = useDoor(event.id).data;
  if (!door) return null;
  const a = door.attendance;
  return (
    <>
      <CoHosts event={event} door={door} />
      {a ? (
        <section className="who-came" aria-labelledby="who-came-heading">
          <h3 id="who-came-heading">{i18n.t('Who came: {count}', { count: a.came })}</h3>
          <People people={a.who_came} label={i18n.t('Who came')} />
          {a.no_shows ? (
            <>
              <h3>{i18n.t('Did not come: {count}', { count: a.no_shows.length })}</h3>
              {a.no_shows.length ? (
                <People people={a.no_shows} label={i18n.t('Did not come')} />
              ) : (
                <p className="muted">{i18n.t('Everyone came.')}</p>
              )}
            </>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
