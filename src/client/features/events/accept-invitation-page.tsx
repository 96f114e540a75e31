import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useRoute } from 'wouter';
import { errorMessage, useTRPC } from '../../lib/trpc';
import './events.css';

export const INVITE_REDIRECT_MS = 3000;

/** /events/invite/{token}: processing, then success and a redirect after 3000 ms, or the error. */
export function AcceptInvitationPage() {
  const [, params] = useRoute('/events/invite/:token');
  const [, navigate] = useLocation();
  const trpc = useTRPC();
  const accept = useMutation(trpc.events.acceptInvitation.mutationOptions());
  const started = useRef(false);
  const token = params?.token ?? '';

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    accept.mutate({ token });
  }, [accept, token]);

  const eventId = accept.data?.event.id;
  useEffect(() => {
    if (!eventId) return;
    const t = setTimeout(() => navigate(`/events/${eventId}`), INVITE_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [eventId, navigate]);

  return (
    <section className="page invite-status card" aria-live="polite">
      <h1>Event invitation</h1>
      {accept.isSuccess ? (
        <>
          {accept.data.status === 'waitlisted' ? (
            <p className="form-message form-message-info">
              '{accept.data.event.title}' is full. You are number {accept.data.place} on the waitlist.
            </p>
          ) : (
            <p className="form-message form-message-success">Joined '{accept.data.event.title}' successfully!</p>
          )}
          <p className="muted">Taking you to the event…</p>
        </>
      ) : accept.isError ? (
        <>
          <p className="form-message form-message-error" role="alert">
            {errorMessage(accept.error, 'Failed to accept invitation.')}
          </p>
          <Link href="/calendar" className="button">
            Back to Events
          </Link>
        </>
      ) : (
        <>
          <div className="spinner" aria-hidden="true" />
          <p>Processing your invitation…</p>
        </>
      )}
    </section>
  );
}
