import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useRoute } from 'wouter';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { i18n } from './locales/i18n';
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
      <h1>{i18n.t('Event invitation')}</h1>
      {accept.isSuccess ? (
        <>
          {accept.data.status === 'waitlisted' ? (
            <p className="form-message form-message-info">
              {i18n.t("''{title}'' is full. You are number {place} on the waitlist.", {
                title: accept.data.event.title,
                place: accept.data.place,
              })}
            </p>
          ) : (
            <p className="form-message form-message-success">
              {i18n.t("Joined ''{title}'' successfully!", { title: accept.data.event.title })}
            </p>
          )}
          <p className="muted">{i18n.t('Taking you to the event…')}</p>
        </>
      ) : accept.isError ? (
        <>
          <p className="form-message form-message-error" role="alert">
            {errorMessage(accept.error, i18n.t('Failed to accept invitation.'))}
          </p>
          <Link href="/calendar" className="button">
            {i18n.t('Back to Events')}
          </Link>
        </>
      ) : (
        <>
          <div className="spinner" aria-hidden="true" />
          <p>{i18n.t('Processing your invitation…')}</p>
        </>
      )}
    </section>
  );
}
