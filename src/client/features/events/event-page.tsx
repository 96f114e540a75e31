import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation, useRoute, useSearch } from 'wouter';
import { commentableId } from '../../../shared/commentable';
import { formatEventWhen, localTimeZone } from '../../../shared/date-format';
import type { EventDetailDto } from '../../../shared/schemas/events';
import { BackLink } from '../../components/back-link';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useToast } from '../../components/toast';
import { withNodes } from '../../i18n/with-nodes';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useAuth } from '../../shared/use-auth';
import { CommentsWidget } from '../../shared/comments/comments-widget';
import { useLiveTopic } from '../../shared/live/use-live';
import { EventImages } from '../../shared/images/event-images';
import { MemberName } from '../../shared/members/member-name';
import { INVITE_REDIRECT_MS } from './accept-invitation-page';
import { AnnouncementComposer } from './announcement-composer';
import { BannerDialog } from './banner-picker';
import { DetailsWithheld } from './details-withheld';
import { placeLabel, placesLabel } from './event-card';
import { EventModal } from './event-modal';
import { typeLabel } from './event-types';
import { JoinRequests } from './join-requests';
import { i18n } from './locales/i18n';
import { JoinControls, ParticipantList, ParticipationTab } from './participation';
import './events.css';

const TABS = ['details', 'participation', 'images', 'comments'] as const;
type Tab = (typeof TABS)[number];
const tabLabel = (tab: Tab) =>
  ({
    details: i18n.t('Details'),
    participation: i18n.t('Participation'),
    images: i18n.t('Images'),
    comments: i18n.t('Notes and Comments'),
  })[tab];

/**
 * The banner at its display size, over the event's colour while it loads (the box has a fixed
 * height, so nothing below moves); without one, the colour's own design. The creator and admins
 * change it here (viewer.can_change_banner).
 */
function Banner({ event }: { event: EventDetailDto }) {
  const [failed, setFailed] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<string | null>(null);
  const [choosing, setChoosing] = useState(false);
  const url = event.image_url;
  return (
    <>
      <div className="event-banner" style={{ '--event-color': event.color } as React.CSSProperties}>
        {url && failed !== url ? (
          <img
            key={url}
            src={url}
            alt=""
            decoding="async"
            className={loaded === url ? 'is-loaded' : undefined}
            onLoad={() => setLoaded(url)}
            onError={() => setFailed(url)}
          />
        ) : (
          <div className="event-banner-default" aria-hidden="true">
            <span>{event.title.trim().charAt(0).toUpperCase()}</span>
          </div>
        )}
        {event.viewer.can_change_banner ? (
          <button type="button" className="button button-small event-banner-change" onClick={() => setChoosing(true)}>
            {i18n.t('Change banner')}
          </button>
        ) : null}
      </div>
      {/* Outside the banner's box, so none of its image rules reach the thumbnails. */}
      {choosing ? <BannerDialog event={event} onClose={() => setChoosing(false)} /> : null}
    </>
  );
}

function Details({ event, viewerId }: { event: EventDetailDto; viewerId: number | undefined }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [composing, setComposing] = useState(false);
  const remove = useMutation(
    trpc.events.delete.mutationOptions({
      onSuccess: async () => {
        setConfirmDelete(false);
        toast(i18n.t("Event ''{title}'' deleted.", { title: event.title }), 'success');
        navigate('/calendar');
        await queryClient.invalidateQueries(trpc.events.pathFilter());
      },
      onError: (err) => toast(errorMessage(err, i18n.t('Failed to delete the event.')), 'error'),
    }),
  );

  const when = formatEventWhen(event.starts_at, event.ends_at, event.time_zone);
  // "Your time": the same moments in the viewer's zone, shown only when they read differently.
  const yours = formatEventWhen(event.starts_at, event.ends_at, localTimeZone()).full;
  const differs = yours !== when.full;
  const sees = event.viewer.can_see_details;

  return (
    <>
      {/* Issue 43: the feedback request, her ticket, the host's door. */}
      <Suspense fallback={null}>
        <DoorPanel event={event} />
      </Suspense>
      <div className="event-details">
        <div className="card">
          <dl className="event-facts">
            <dt>{i18n.t('Date')}</dt>
            <dd>{when.date}</dd>
            <dt>{i18n.t('Time')}</dt>
            <dd>
              {when.time}
              <span className="secondary">{event.time_zone.replace(/_/g, ' ')}</span>
              {differs ? <span className="secondary">{i18n.t('Your time: {time}', { time: yours })}</span> : null}
            </dd>
            <dt>{i18n.t('Type')}</dt>
            <dd>{event.is_physical ? i18n.t('Physical') : i18n.t('Virtual')}</dd>
            <dt>{event.is_physical ? i18n.t('Location') : i18n.t('Virtual link')}</dt>
            <dd>
              {!sees ? (
                <>
                  {event.is_physical && placeLabel(event) !== i18n.t('Location to be announced') ? `${placeLabel(event)} · ` : null}
                  <span className="withheld">
                    {event.is_physical ? i18n.t('Address shared with invited members') : i18n.t('Link shared with invited members')}
                  </span>
                </>
              ) : event.is_physical ? (
                placeLabel(event)
              ) : event.virtual_link ? (
                <a href={event.virtual_link} target="_blank" rel="noopener noreferrer">
                  {event.virtual_link}
                </a>
              ) : (
                i18n.t('No link provided')
              )}
            </dd>
            <dt>{i18n.t('Category')}</dt>
            <dd>{typeLabel(event.type)}</dd>
            <dt>{i18n.t('Exclusivity')}</dt>
            <dd>{event.exclusivity === 'invite-only' ? i18n.t('Invite-only') : i18n.t('Open')}</dd>
            {placesLabel(event) ? (
              <>
                <dt>{i18n.t('Places')}</dt>
                <dd>
                  {placesLabel(event)}
                  {event.is_full ? <span className="badge badge-full">{i18n.t('Full')}</span> : null}
                </dd>
              </>
            ) : null}
            {event.creator_name ? (
              <>
                <dt>{i18n.t('Host')}</dt>
                <dd>
                  <MemberName id={event.created_by} name={event.creator_name} />
                </dd>
              </>
            ) : null}
          </dl>
          <h2 className="visually-hidden">{i18n.t('Description')}</h2>
          <p className="event-description">{event.description}</p>
          {event.note ? (
            <>
              <h3>{i18n.t('Note')}</h3>
              <p className="event-description">{event.note}</p>
            </>
          ) : null}
          <div className="event-actions">
            {sees ? (
              <a className="button button-secondary button-small" href={`/api/events/${event.id}/ics`} download>
                {i18n.t('Add to calendar')}
              </a>
            ) : null}
            {event.viewer.can_edit ? (
              <button type="button" className="button button-small" onClick={() => setEditing(true)}>
                {i18n.t('Edit Details')}
              </button>
            ) : null}
            {event.viewer.can_announce ? (
              <button type="button" className="button button-ghost button-small" onClick={() => setComposing(true)}>
                {i18n.t('Draft Announcement Email')}
              </button>
            ) : null}
            {event.viewer.can_delete ? (
              <button type="button" className="button button-danger button-small" onClick={() => setConfirmDelete(true)}>
                {i18n.t('Delete Event')}
              </button>
            ) : null}
          </div>
        </div>
        <aside className="card event-side" aria-labelledby="side-participants">
          <h2 id="side-participants">
            {sees ? i18n.t('Participants ({count})', { count: event.participant_count ?? 0 }) : i18n.t('Participants')}
          </h2>
          {sees ? <ParticipantList event={event} viewerId={viewerId} /> : <DetailsWithheld event={event} />}
        </aside>
        {editing ? <EventModal open event={event} onClose={() => setEditing(false)} /> : null}
        {composing ? <AnnouncementComposer open onClose={() => setComposing(false)} eventId={event.id} eventTitle={event.title} /> : null}
        <ConfirmDialog
          open={confirmDelete}
          title={i18n.t('Delete Event')}
          message={i18n.t('This action cannot be undone.')}
          confirmLabel={i18n.t('Delete Event')}
          danger
          busy={remove.isPending}
          onConfirm={() => remove.mutate({ id: event.id })}
          onCancel={() => setConfirmDelete(false)}
        />
      </div>
    </>
  );
}

/**
 * SPEC 7 and 8: a 404 shows 'Event not found' and goes back to /calendar, after SPEC 9's 3000 ms
 * (as the invitation page does); the link stays for whoever clicks first.
 */
function EventNotFound() {
  const [, navigate] = useLocation();
  useEffect(() => {
    const t = setTimeout(() => navigate('/calendar', { replace: true }), INVITE_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [navigate]);
  return (
    <section className="page narrow center">
      <h1>{i18n.t('Event not found')}</h1>
      <p className="muted" role="status">
        {i18n.t('Taking you back to the events…')}
      </p>
      <Link href="/calendar" className="button">
        {i18n.t('Back to Events')}
      </Link>
    </section>
  );
}

/*
 * Issue 43: the door's screen, /events/{id}/check-in, is its own chunk reached through this page's
 * route (app.tsx routes /events/:id/*? here), so the entry every visitor loads does not grow.
 */
/**
 * Issue 43: the door's parts of this page (her ticket, the host's tools, who came, the feedback)
 * are a chunk of their own: the entry, which lists this page's files to preload, stays as it was.
 */
const DoorPanel = lazy(() => import('./door').then((m) => ({ default: m.DoorPanel })));

const CheckInPage = lazy(() => import('./check-in-page').then((m) => ({ default: m.CheckInPage })));

export function EventPage() {
  const [, params] = useRoute('/events/:id/*?');
  const sub = params?.['*'];
  if (sub === 'check-in')
    return (
      <Suspense fallback={<p className="page-status">{i18n.t('Loading the guests…')}</p>}>
        <CheckInPage />
      </Suspense>
    );
  return sub ? <EventNotFound /> : <EventView />;
}

function EventView() {
  const [, params] = useRoute('/events/:id');
  const ref = params?.id ?? '';
  const trpc = useTRPC();
  const { user } = useAuth();
  // A notification about its comments opens them (?tab=comments).
  const search = useSearch();
  const [tab, setTab] = useState<Tab>(() => (new URLSearchParams(search).get('tab') === 'comments' ? 'comments' : 'details'));
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const query = useQuery(trpc.events.byId.queryOptions({ ref }));
  const queryClient = useQueryClient();
  // On a phone the tab bar may scroll sideways: the open tab (?tab=comments) is brought into it.
  const loaded = query.data !== undefined;
  useEffect(() => {
    const el = tabRefs.current[TABS.indexOf(tab)];
    const bar = el?.parentElement;
    if (!el || !bar) return;
    const [t, b] = [el.getBoundingClientRect(), bar.getBoundingClientRect()];
    if (t.right > b.right || t.left < b.left) bar.scrollLeft += t.left - b.left;
  }, [tab, loaded]);
  // Places and participants change without a reload (issue 23).
  useLiveTopic(
    query.data ? `event-${query.data.id}` : null,
    () => void queryClient.invalidateQueries(trpc.events.byId.queryFilter({ ref })),
  );

  if (query.isPending) return <p className="page-status">{i18n.t('Loading event…')}</p>;
  if (query.isError) {
    const notFound = query.error instanceof TRPCClientError && query.error.data?.httpStatus === 404;
    if (notFound) return <EventNotFound />;
    return (
      <section className="page narrow center">
        <h1>{i18n.t('Failed to load event')}</h1>
        <Link href="/calendar" className="button">
          {i18n.t('Back to Events')}
        </Link>
      </section>
    );
  }
  const event = query.data;

  const onTabKey = (e: KeyboardEvent, i: number) => {
    // Right to left, the next tab is on the left.
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    const forward = document.dir === 'rtl' ? -step : step;
    const next =
      forward === 1
        ? (i + 1) % TABS.length
        : forward === -1
          ? (i - 1 + TABS.length) % TABS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? TABS.length - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    setTab(TABS[next]!);
    tabRefs.current[next]?.focus();
  };

  return (
    <article className="page">
      <p>
        <BackLink href="/calendar">{i18n.t('All events')}</BackLink>
      </p>
      <Banner event={event} />
      <div className="event-head">
        <div className="event-head-text">
          <div className="event-title-row">
            <h1>{event.title}</h1>
            {event.exclusivity === 'invite-only' ? <span className="badge badge-invite">{i18n.t('Invite-only')}</span> : null}
            {event.is_full && !event.is_past ? <span className="badge badge-full">{i18n.t('Full')}</span> : null}
            {event.is_past ? <span className="badge badge-past">{i18n.t('Past')}</span> : null}
          </div>
          <p className="event-meta-line">
            {formatEventWhen(event.starts_at, event.ends_at, event.time_zone).full} · {placeLabel(event)}
          </p>
          {event.circle ? (
            <p className="event-meta-line">
              {withNodes((m) => i18n.t('In the circle {circle}', m), {
                circle: <Link href={`/circles/${event.circle.slug}`}>{event.circle.name}</Link>,
              })}
            </p>
          ) : null}
        </div>
        {/* Join / Leave on every tab (issue 31), not only on Participation. */}
        <JoinControls event={event} viewerId={user?.user_id} />
      </div>
      <JoinRequests event={event} />
      <div className="tabs event-tabs" role="tablist" aria-label={i18n.t('Event sections')}>
        {TABS.map((t, i) => (
          <button
            key={t}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${i}`}
            aria-selected={tab === t}
            aria-controls={`panel-${i}`}
            tabIndex={tab === t ? 0 : -1}
            className="tab"
            onClick={() => setTab(t)}
            onKeyDown={(e) => onTabKey(e, i)}
          >
            {tabLabel(t)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${TABS.indexOf(tab)}`} aria-labelledby={`tab-${TABS.indexOf(tab)}`}>
        {tab === 'details' ? <Details event={event} viewerId={user?.user_id} /> : null}
        {tab === 'participation' ? <ParticipationTab event={event} viewerId={user?.user_id} /> : null}
        {/* Without access the server withholds these too (404/403); the page says so calmly instead of asking. */}
        {tab === 'images' ? event.viewer.can_see_details ? <EventImages eventId={event.id} /> : <DetailsWithheld event={event} /> : null}
        {tab === 'comments' ? (
          event.viewer.can_see_details ? (
            <CommentsWidget commentableId={commentableId('event', event.id)} />
          ) : (
            <DetailsWithheld event={event} />
          )
        ) : null}
      </div>
    </article>
  );
}
