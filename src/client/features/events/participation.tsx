import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { EventDetailDto, EventParticipantDto } from '../../../shared/schemas/events';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Modal } from '../../components/modal';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { DetailsWithheld } from './details-withheld';
import { placesLabel } from './event-card';
import { InviteModal } from './invite-modal';
import { AskToJoin, asksToJoin } from './join-requests';
import { i18n } from './locales/i18n';
import { MemberName } from '../../shared/members/member-name';

/** Issue 43: the co-hosts and who came, in the door's chunk (event-page.tsx says why). */
const DoorParticipation = lazy(() => import('./door').then((m) => ({ default: m.DoorParticipation })));

function PeopleList({
  people,
  viewerId,
  numbered = false,
  label,
}: {
  people: EventParticipantDto[];
  viewerId: number | undefined;
  numbered?: boolean;
  label?: string;
}) {
  const List = numbered ? 'ol' : 'ul';
  return (
    <List className="participant-list" aria-label={label}>
      {people.map((p, i) => (
        <li key={p.user_id}>
          {numbered ? (
            <span className="avatar" aria-hidden="true">
              {i + 1}
            </span>
          ) : null}
          <MemberName
            id={p.user_id}
            name={p.name}
            photoUrl={p.photo_url}
            avatar="sm"
            after={p.user_id === viewerId ? <span className="you">{i18n.t('(You)')}</span> : null}
          />
        </li>
      ))}
    </List>
  );
}

export function ParticipantList({ event, viewerId }: { event: EventDetailDto; viewerId: number | undefined }) {
  if (event.participants.length === 0) return <p className="muted">{i18n.t('No participants yet. Be the first to join!')}</p>;
  return <PeopleList people={event.participants} viewerId={viewerId} />;
}

/** The creator's and admins' view of who waits, first in line first (viewer.can_see_waitlist). */
function WaitlistSection({ event, viewerId }: { event: EventDetailDto; viewerId: number | undefined }) {
  if (!event.viewer.can_see_waitlist || event.capacity === null) return null;
  return (
    <section className="waitlist-section" aria-labelledby="waitlist-heading">
      <h3 id="waitlist-heading">{i18n.t('Waitlist ({count})', { count: event.waitlist.length })}</h3>
      {event.waitlist.length === 0 ? (
        <p className="muted">{i18n.t('Nobody is waiting for a place.')}</p>
      ) : (
        <PeopleList people={event.waitlist} viewerId={viewerId} numbered label={i18n.t('Waitlist, first in line first')} />
      )}
    </section>
  );
}

/**
 * Join / Leave (or her waitlist place and Leave waitlist), in the event page's header so it is
 * there on every tab (issue 31); with SPEC 2's welcome modal after joining and the confirmations.
 */
export function JoinControls({ event, viewerId }: { event: EventDetailDto; viewerId: number | undefined }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [welcome, setWelcome] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const [confirmUnqueue, setConfirmUnqueue] = useState(false);
  // Issue 43: after 3 no-shows in 12 months, joining a full event's waitlist says so, gently.
  const [noShowNote, setNoShowNote] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries(trpc.events.pathFilter());

  const join = useMutation(
    trpc.events.join.mutationOptions({
      onSuccess: async (res) => {
        await refresh();
        setNoShowNote(res.no_show_note);
        // Waitlisted, the header itself now says her place.
        if (res.status === 'joined') setWelcome(true);
      },
      onError: (err) => toast(errorMessage(err, i18n.t('Failed to join the event.')), 'error'),
    }),
  );
  const leave = useMutation(
    trpc.events.leave.mutationOptions({
      onSuccess: async (res) => {
        setConfirmLeave(false);
        setConfirmUnqueue(false);
        await refresh();
        toast(res.left_waitlist ? i18n.t('You left the waitlist.') : i18n.t('You left the event.'), 'info');
      },
      onError: (err) => toast(errorMessage(err, i18n.t('Failed to leave the event.')), 'error'),
    }),
  );
  const confirm = useMutation(
    trpc.events.sendConfirmation.mutationOptions({
      onSuccess: (res) => {
        toast(res.message, 'success');
        setWelcome(false);
      },
      onError: (err) => toast(errorMessage(err, i18n.t('Failed to send the confirmation email.')), 'error'),
    }),
  );
  const place = event.viewer.waitlist_place;

  return (
    <div className="join-controls">
      {event.viewer.joined ? (
        <>
          <span className="join-state join-state-in">{i18n.t('You’re going')}</span>
          <button type="button" className="button button-secondary" onClick={() => setConfirmLeave(true)}>
            {i18n.t('Leave Event')}
          </button>
        </>
      ) : event.viewer.can_leave_waitlist ? (
        <>
          {place ? <span className="join-state">{i18n.t('No. {place} on the waitlist', { place })}</span> : null}
          <button type="button" className="button button-secondary" onClick={() => setConfirmUnqueue(true)}>
            {i18n.t('Leave waitlist')}
          </button>
        </>
      ) : asksToJoin(event.viewer) ? (
        <AskToJoin event={event} />
      ) : (
        <button
          type="button"
          className="button"
          disabled={!event.viewer.can_join || join.isPending}
          onClick={() => join.mutate({ id: event.id })}
        >
          {event.is_full ? i18n.t('Join waitlist') : i18n.t('Join Event')}
        </button>
      )}
      {noShowNote && event.viewer.can_leave_waitlist ? (
        <p className="form-message form-message-info no-show-note" role="status">
          {noShowNote}
        </p>
      ) : null}
      <Modal
        open={welcome}
        onClose={() => setWelcome(false)}
        title={i18n.t('Welcome to {title}!', { title: event.title })}
        size="small"
        footer={
          <>
            <button type="button" className="button button-ghost" onClick={() => setWelcome(false)}>
              {i18n.t('Close')}
            </button>
            <button
              type="button"
              className="button"
              disabled={confirm.isPending}
              onClick={() => confirm.mutate({ eventId: event.id, userId: viewerId })}
            >
              {i18n.t('Send Confirmation Email')}
            </button>
          </>
        }
      >
        <p>{i18n.t('You are on the list. Would you like a confirmation email with the details and a calendar file?')}</p>
      </Modal>
      <ConfirmDialog
        open={confirmLeave}
        title={i18n.t('Leave Event')}
        message={i18n.t('Are you sure you want to leave?')}
        confirmLabel={i18n.t('Leave Event')}
        danger
        busy={leave.isPending}
        onConfirm={() => leave.mutate({ id: event.id })}
        onCancel={() => setConfirmLeave(false)}
      />
      <ConfirmDialog
        open={confirmUnqueue}
        title={i18n.t('Leave waitlist')}
        message={
          place
            ? i18n.t('You would give up your place on the waitlist (number {place}).', { place })
            : i18n.t('You would give up your place on the waitlist.')
        }
        confirmLabel={i18n.t('Leave waitlist')}
        danger
        busy={leave.isPending}
        onConfirm={() => leave.mutate({ id: event.id })}
        onCancel={() => setConfirmUnqueue(false)}
      />
    </div>
  );
}

/**
 * SPEC 2 Participation tab: count, list and Invite Member(s); Join Event / Leave Event are the
 * page header's (JoinControls), above this tab as above every other.
 */
export function ParticipationTab({ event, viewerId }: { event: EventDetailDto; viewerId: number | undefined }) {
  const [inviting, setInviting] = useState(false);
  const count = event.participant_count;
  const sees = event.viewer.can_see_details;
  const places = placesLabel(event);
  const place = event.viewer.waitlist_place;

  return (
    <section aria-labelledby="participation-heading">
      <div className="participation-head">
        <div>
          <h2 id="participation-heading">
            {!sees || count === null
              ? i18n.t('Participants')
              : i18n.t('{count, plural, one {# Participant} other {# Participants}}', { count })}
          </h2>
          {places ? (
            <p className="places-line">
              {places}
              {event.is_full ? <span className="badge badge-full">{i18n.t('Full')}</span> : null}
            </p>
          ) : null}
        </div>
        {event.viewer.can_invite ? (
          <div className="event-actions" style={{ marginTop: 0 }}>
            <button type="button" className="button button-ghost" onClick={() => setInviting(true)}>
              {i18n.t('Invite Member(s)')}
            </button>
          </div>
        ) : null}
      </div>
      {!sees ? (
        <DetailsWithheld event={event} />
      ) : (
        <>
          {event.viewer.state === 'none' && !event.viewer.can_join ? (
            <p className="form-message form-message-info">
              {i18n.t('This event is by invitation only. Its host can send you an invitation.')}
            </p>
          ) : null}
          {place ? (
            <p className="form-message form-message-info waitlist-place" role="status">
              {i18n.t('You are number {place} on the waitlist. When a place opens up, it is yours and we will email you.', { place })}
            </p>
          ) : event.viewer.state === 'none' && event.viewer.can_join && event.is_full ? (
            <p className="form-message form-message-info">
              {i18n.t(
                'Every place is taken. Join the waitlist: places that open up go to the members waiting, in the order they joined it.',
              )}
            </p>
          ) : null}
          <ParticipantList event={event} viewerId={viewerId} />
          <WaitlistSection event={event} viewerId={viewerId} />
          <Suspense fallback={null}>
            <DoorParticipation event={event} />
          </Suspense>
        </>
      )}
      {inviting ? <InviteModal open onClose={() => setInviting(false)} eventId={event.id} eventTitle={event.title} /> : null}
    </section>
  );
}
