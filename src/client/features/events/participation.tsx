import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { EventDetailDto } from '../../../shared/schemas/events';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Modal } from '../../components/modal';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { DetailsWithheld } from './details-withheld';
import { InviteModal } from './invite-modal';

export function ParticipantList({ event, viewerId }: { event: EventDetailDto; viewerId: number | undefined }) {
  if (event.participants.length === 0) return <p className="muted">No participants yet. Be the first to join!</p>;
  return (
    <ul className="participant-list">
      {event.participants.map((p) => (
        <li key={p.user_id}>
          <span className="avatar" aria-hidden="true">
            {p.name.trim().charAt(0).toUpperCase()}
          </span>
          <span>
            {p.name} {p.user_id === viewerId ? <span className="you">(You)</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** SPEC 2 Participation tab: count, list, Join / Leave, the welcome modal and Invite Member(s). */
export function ParticipationTab({ event, viewerId }: { event: EventDetailDto; viewerId: number | undefined }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [welcome, setWelcome] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const [inviting, setInviting] = useState(false);
  const refresh = () => queryClient.invalidateQueries(trpc.events.pathFilter());

  const join = useMutation(
    trpc.events.join.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setWelcome(true);
      },
      onError: (err) => toast(errorMessage(err, 'Failed to join the event.'), 'error'),
    }),
  );
  const leave = useMutation(
    trpc.events.leave.mutationOptions({
      onSuccess: async () => {
        setConfirmLeave(false);
        await refresh();
        toast('You left the event.', 'info');
      },
      onError: (err) => toast(errorMessage(err, 'Failed to leave the event.'), 'error'),
    }),
  );
  const confirm = useMutation(
    trpc.events.sendConfirmation.mutationOptions({
      onSuccess: (res) => {
        toast(res.message, 'success');
        setWelcome(false);
      },
      onError: (err) => toast(errorMessage(err, 'Failed to send the confirmation email.'), 'error'),
    }),
  );
  const count = event.participant_count;
  const sees = event.viewer.can_see_details;

  return (
    <section aria-labelledby="participation-heading">
      <div className="participation-head">
        <h2 id="participation-heading">
          {!sees || count === null ? 'Participants' : `${count} ${count === 1 ? 'Participant' : 'Participants'}`}
        </h2>
        <div className="event-actions" style={{ marginTop: 0 }}>
          {event.viewer.joined ? (
            <button type="button" className="button button-secondary" onClick={() => setConfirmLeave(true)}>
              Leave Event
            </button>
          ) : (
            <button
              type="button"
              className="button"
              disabled={!event.viewer.can_join || join.isPending}
              onClick={() => join.mutate({ id: event.id })}
            >
              Join Event
            </button>
          )}
          {event.viewer.can_invite ? (
            <button type="button" className="button button-ghost" onClick={() => setInviting(true)}>
              Invite Member(s)
            </button>
          ) : null}
        </div>
      </div>
      {!sees ? (
        <DetailsWithheld event={event} />
      ) : (
        <>
          {!event.viewer.joined && !event.viewer.can_join ? (
            <p className="form-message form-message-info">This event is by invitation only. Its host can send you an invitation.</p>
          ) : null}
          <ParticipantList event={event} viewerId={viewerId} />
        </>
      )}

      <Modal
        open={welcome}
        onClose={() => setWelcome(false)}
        title={`Welcome to ${event.title}!`}
        size="small"
        footer={
          <>
            <button type="button" className="button button-ghost" onClick={() => setWelcome(false)}>
              Close
            </button>
            <button
              type="button"
              className="button"
              disabled={confirm.isPending}
              onClick={() => confirm.mutate({ eventId: event.id, userId: viewerId })}
            >
              Send Confirmation Email
            </button>
          </>
        }
      >
        <p>You are on the list. Would you like a confirmation email with the details and a calendar file?</p>
      </Modal>
      <ConfirmDialog
        open={confirmLeave}
        title="Leave Event"
        message="Are you sure you want to leave?"
        confirmLabel="Leave Event"
        danger
        busy={leave.isPending}
        onConfirm={() => leave.mutate({ id: event.id })}
        onCancel={() => setConfirmLeave(false)}
      />
      {inviting ? <InviteModal open onClose={() => setInviting(false)} eventId={event.id} eventTitle={event.title} /> : null}
    </section>
  );
}
