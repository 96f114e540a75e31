import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearch } from 'wouter';
import { relativeTime } from '../../../shared/relative-time';
import type { EventDetailDto, EventViewerDto, JoinRequestView } from '../../../shared/schemas/events';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useNow } from '../../shared/comments/use-now';
import { MemberName } from '../../shared/members/member-name';
import { i18n } from './locales/i18n';

/*
 * Issue 46 point 12: an invite-only event can be asked for. The server decides (the event page's
 * viewer.can_ask_to_join and viewer.join_request; GET .../join-requests for whoever may invite);
 * these read its answers. An approved request is an invitation: Join Event as usual.
 */

/** Her request stands in the header instead of a Join button she could not use. */
export const asksToJoin = (viewer: EventViewerDto) =>
  viewer.can_ask_to_join || viewer.join_request === 'pending' || viewer.join_request === 'declined';

/** "Ask to join", then "Request sent" (or, once the host said no, that she did). */
export function AskToJoin({ event }: { event: EventDetailDto }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const ask = useMutation(
    trpc.events.askToJoin.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.events.byId.pathFilter());
        toast(i18n.t('Request sent. You will hear when the host answers.'), 'success');
      },
      onError: (err) => toast(errorMessage(err, i18n.t('Failed to send your request.')), 'error'),
    }),
  );
  const request = event.viewer.join_request;
  if (request === 'pending')
    return (
      <span className="join-state join-state-asked" role="status">
        {i18n.t('Request sent')}
      </span>
    );
  if (request === 'declined') return <span className="join-state">{i18n.t('Your request was declined')}</span>;
  return (
    <button type="button" className="button" disabled={ask.isPending} onClick={() => ask.mutate({ id: event.id })}>
      {i18n.t('Ask to join')}
    </button>
  );
}

function RequestRow({ eventId, request }: { eventId: number; request: JoinRequestView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const now = useNow();
  const done = async (message: string) => {
    toast(message, 'success');
    await Promise.all([
      queryClient.invalidateQueries(trpc.events.joinRequests.queryFilter({ id: eventId })),
      queryClient.invalidateQueries(trpc.events.byId.pathFilter()),
    ]);
  };
  const failed = (err: unknown) => toast(errorMessage(err, i18n.t('Failed to answer the request.')), 'error');
  const approve = useMutation(
    trpc.events.approveJoinRequest.mutationOptions({
      onSuccess: () => done(i18n.t('{name} is invited.', { name: request.name })),
      onError: failed,
    }),
  );
  const decline = useMutation(
    trpc.events.declineJoinRequest.mutationOptions({
      onSuccess: () => done(i18n.t('You declined {name}’s request.', { name: request.name })),
      onError: failed,
    }),
  );
  const busy = approve.isPending || decline.isPending;
  const ids = { id: eventId, request_id: request.id };
  return (
    <li>
      <div className="join-request-who">
        <MemberName id={request.user_id} name={request.name} />
        <time className="secondary" dateTime={request.created_at}>
          {i18n.t('asked {when}', { when: relativeTime(request.created_at, now, i18n.locale) })}
        </time>
      </div>
      <div className="join-request-actions">
        <button
          type="button"
          className="button button-small"
          disabled={busy}
          aria-label={i18n.t('Invite {name}', { name: request.name })}
          onClick={() => approve.mutate(ids)}
        >
          {i18n.t('Invite')}
        </button>
        <button
          type="button"
          className="button button-ghost button-small"
          disabled={busy}
          aria-label={i18n.t('Decline {name}', { name: request.name })}
          onClick={() => decline.mutate(ids)}
        >
          {i18n.t('Decline')}
        </button>
      </div>
    </li>
  );
}

/**
 * The host's (and admins') pending requests, above the tabs; the notification's link
 * (/events/{id}?requests=1) brings her to them, and says so when none is left.
 */
export function JoinRequests({ event }: { event: EventDetailDto }) {
  const trpc = useTRPC();
  const linked = new URLSearchParams(useSearch()).get('requests') === '1';
  // Whoever may invite to it may answer; only an invite-only event is asked for.
  const enabled = event.viewer.can_invite && event.exclusivity === 'invite-only';
  const requests = useQuery({ ...trpc.events.joinRequests.queryOptions({ id: event.id }), enabled });
  const section = useRef<HTMLElement>(null);
  const arrived = requests.data !== undefined;
  useEffect(() => {
    if (linked && arrived) section.current?.focus();
  }, [linked, arrived]);
  const list = requests.data ?? [];
  if (!enabled || !arrived || (list.length === 0 && !linked)) return null;
  return (
    <section ref={section} tabIndex={-1} className="card join-requests" aria-labelledby="join-requests-heading">
      <h2 id="join-requests-heading">{i18n.t('Requests to join ({count})', { count: list.length })}</h2>
      {list.length === 0 ? (
        <p className="muted">{i18n.t('No request is waiting for your answer.')}</p>
      ) : (
        <ul className="join-request-list">
          {list.map((r) => (
            <RequestRow key={r.id} eventId={event.id} request={r} />
          ))}
        </ul>
      )}
    </section>
  );
}
