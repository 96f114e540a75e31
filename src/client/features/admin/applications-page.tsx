import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  defaultRejectionEmail,
  REJECTION_EMAIL_MAX,
  type ApplicationCounts,
  type ApplicationStatus,
  type ApplicationView,
} from '../../../shared/schemas/membership';
import { formatPhone, phoneUri, readPhone } from '../../../shared/schemas/phone';
import { FormMessage, TextAreaField } from '../../components/field';
import { Modal } from '../../components/modal';
import { useToast } from '../../components/toast';
import { errorMessage, fieldErrors, useTRPC } from '../../lib/trpc';
import { AdminHeader, Loaded } from './admin-list';
import { formatDateTime } from '../../../shared/date-format';
import './admin.css';
import { ModalActions } from '../../components/modal-actions';
import { formatList } from '../../i18n/intl-locale';
import { i18n } from './locales/i18n';

const TABS: ApplicationStatus[] = ['pending', 'all', 'accepted', 'rejected'];

/** A tab's, or an application's, status in the page's language (SPEC 2's tabs: Pending, All, Accepted, Rejected). */
const statusLabel = (status: ApplicationStatus) =>
  ({ pending: i18n.t('Pending'), all: i18n.t('All'), accepted: i18n.t('Accepted'), rejected: i18n.t('Rejected') })[status];

/** The application form's choices in the page's language; anything else as it was stored. */
function choiceLabel(value: string): string {
  const labels: Record<string, string> = {
    Travel: i18n.t('Travel'),
    Shows: i18n.t('Shows'),
    Workshops: i18n.t('Workshops'),
    Showcases: i18n.t('Art Displays'),
    Weekdays: i18n.t('Weekdays'),
    Weekends: i18n.t('Weekends'),
    Flexible: i18n.t('Flexible'),
    'Available Now': i18n.t('Available Now'),
    Seasonal: i18n.t('Seasonal'),
  };
  return labels[value] ?? value;
}

function statusOf(a: ApplicationView) {
  return a.accepted === null ? 'pending' : a.accepted ? 'accepted' : 'rejected';
}

/**
 * Reject, and optionally tell the applicant (issue 14): "Send a rejection email" is unticked by
 * default; ticked, it offers a kind default text she may edit, which the server queues.
 */
function RejectDialog({
  app,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  app: ApplicationView;
  busy: boolean;
  error: string;
  onConfirm: (rejectionEmail: string | undefined) => void;
  onCancel: () => void;
}) {
  const [send, setSend] = useState(false);
  const [text, setText] = useState(() => defaultRejectionEmail(app.full_name));
  const [message, setMessage] = useState('');
  function confirm() {
    if (send && !text.trim()) {
      setMessage(i18n.t('Write the rejection email, or leave "Send a rejection email" unticked.'));
      return;
    }
    setMessage('');
    onConfirm(send ? text : undefined);
  }
  return (
    <Modal
      open
      onClose={onCancel}
      title={i18n.t('Reject application')}
      size="medium"
      footer={
        <ModalActions
          onCancel={onCancel}
          actionLabel={send ? i18n.t('Reject and send') : i18n.t('Reject')}
          onAction={confirm}
          disabled={busy}
          danger
        />
      }
    >
      <p>
        {i18n.t('Reject the application of {name}? The decision cannot be changed.', { name: app.full_name })}{' '}
        {send ? i18n.t('The email below goes to {email}.', { email: app.email }) : i18n.t('No email is sent.')}
      </p>
      <label className="checkbox">
        <input type="checkbox" checked={send} onChange={(e) => setSend(e.target.checked)} />
        {i18n.t('Send a rejection email')}
      </label>
      {send ? (
        <TextAreaField
          label={i18n.t('Email to {name}', { name: app.full_name })}
          name="rejectionEmail"
          rows={12}
          maxLength={REJECTION_EMAIL_MAX}
          hint={i18n.t('A kind default; change anything you like.')}
          value={text}
          error={message || error || undefined}
          onChange={(e) => setText(e.target.value)}
        />
      ) : error ? (
        <FormMessage>{error}</FormMessage>
      ) : null}
    </Modal>
  );
}

function ApplicationCard({ app, pendingTab }: { app: ApplicationView; pendingTab: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [grantFounding, setGrantFounding] = useState(false);
  const [confirmReject, setConfirmReject] = useState(false);
  const [rejectError, setRejectError] = useState('');
  useEffect(() => setGrantFounding(false), [app.id]);
  const refresh = () => queryClient.invalidateQueries(trpc.membership.applications.pathFilter());
  const decide = useMutation(
    trpc.membership.applications.decide.mutationOptions({
      onSuccess: async (res, input) => {
        setConfirmReject(false);
        toast(
          res.accepted
            ? i18n.t('Accepted {name}. The invitation email is on its way.', { name: res.full_name })
            : input.rejection_email
              ? i18n.t('Rejected {name}. The email is on its way.', { name: res.full_name })
              : i18n.t('Rejected {name}.', { name: res.full_name }),
          'success',
        );
        await refresh();
      },
      onError: async (err) => {
        // A refused email text stays in the dialog to be fixed; anything else closes it.
        const textError = fieldErrors(err).rejection_email;
        if (textError) {
          setRejectError(textError);
          return;
        }
        setConfirmReject(false);
        toast(errorMessage(err, i18n.t('Could not record the decision. Please try again.')), 'error');
        await refresh();
      },
    }),
  );
  const resend = useMutation(
    trpc.membership.applications.resendInvitation.mutationOptions({
      onSuccess: () => toast(i18n.t('A new invitation was sent to {email}.', { email: app.email }), 'success'),
      onError: (err) => toast(errorMessage(err, i18n.t('Could not send the invitation.')), 'error'),
    }),
  );
  const status = statusOf(app);

  return (
    <article className="card application-card" aria-labelledby={`app-${app.id}`}>
      <div className="application-card-head">
        <h2 id={`app-${app.id}`}>{app.full_name}</h2>
        <span className={`badge badge-${status}`}>{statusLabel(status)}</span>
      </div>
      <dl>
        <dt>{i18n.t('Email')}</dt>
        <dd>
          <a href={`mailto:${app.email}`}>{app.email}</a>
        </dd>
        <dt>{i18n.t('Phone')}</dt>
        <dd>
          <PhoneNumber stored={app.phone} />
        </dd>
        <dt>{i18n.t('Submitted')}</dt>
        <dd>{formatDateTime(app.created_at)}</dd>
        <dt>{i18n.t('Membership type')}</dt>
        <dd>{app.membership_type}</dd>
        <dt>{i18n.t('Availability')}</dt>
        <dd>{choiceLabel(app.availability)}</dd>
        <dt>{i18n.t('Interests')}</dt>
        <dd>{formatList(app.interests.map(choiceLabel), 'unit')}</dd>
        <dt>{i18n.t('Why join')}</dt>
        <dd>{app.reason}</dd>
        {app.referral ? (
          <>
            <dt>{i18n.t('Heard about us')}</dt>
            <dd>{app.referral}</dd>
          </>
        ) : null}
        {app.comments ? (
          <>
            <dt>{i18n.t('Comments')}</dt>
            <dd>{app.comments}</dd>
          </>
        ) : null}
        {app.properties ? (
          <>
            <dt>{i18n.t('Property')}</dt>
            <dd>
              {app.properties.address}
              {'\n'}
              {app.properties.type} · {choiceLabel(app.properties.availability)}
              {'\n'}
              {app.properties.description}
            </dd>
          </>
        ) : null}
        {app.invitation_code ? (
          <>
            <dt>{i18n.t('Invitation code')}</dt>
            <dd className="code">{app.invitation_code}</dd>
          </>
        ) : null}
        {app.decided_at ? (
          <>
            <dt>{i18n.t('Decided')}</dt>
            <dd>
              {app.decided_by
                ? i18n.t('{when} by {name}', { when: formatDateTime(app.decided_at), name: app.decided_by })
                : formatDateTime(app.decided_at)}
              {app.granted_founding ? ` · ${i18n.t('Founding granted')}` : ''}
            </dd>
          </>
        ) : null}
      </dl>
      {pendingTab && status === 'pending' ? (
        <div className="application-decision">
          <label className="checkbox">
            <input type="checkbox" checked={grantFounding} onChange={(e) => setGrantFounding(e.target.checked)} />
            {i18n.t('Offer Founding membership')}
          </label>
          <button
            type="button"
            className="button button-ghost"
            disabled={decide.isPending}
            onClick={() => {
              setRejectError('');
              setConfirmReject(true);
            }}
          >
            {i18n.t('Reject')}
          </button>
          <button
            type="button"
            className="button"
            disabled={decide.isPending}
            onClick={() => decide.mutate({ id: app.id, accepted: true, grant_founding: grantFounding })}
          >
            {i18n.t('Accept')}
          </button>
        </div>
      ) : null}
      {status === 'accepted' ? (
        <div className="application-decision">
          <span className="muted">{i18n.t('Invitation link not used or expired?')}</span>
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={resend.isPending}
            onClick={() => resend.mutate({ id: app.id })}
          >
            {i18n.t('Send a new invitation')}
          </button>
        </div>
      ) : null}
      {confirmReject ? (
        <RejectDialog
          app={app}
          busy={decide.isPending}
          error={rejectError}
          onConfirm={(rejectionEmail) => {
            setRejectError('');
            decide.mutate({ id: app.id, accepted: false, ...(rejectionEmail !== undefined ? { rejection_email: rejectionEmail } : {}) });
          }}
          onCancel={() => setConfirmReject(false)}
        />
      ) : null}
    </article>
  );
}

/**
 * A stored number (E.164, or SPEC 5's older '1-4155550123') in international form, as a link to
 * call; one in a range the library does not know is flagged as the applicant saw it (issue 46).
 */
function PhoneNumber({ stored }: { stored: string }) {
  const uri = phoneUri(stored);
  if (!uri) return <>{stored}</>;
  return (
    <>
      <a href={uri}>{formatPhone(stored)}</a>
      {readPhone(stored)?.known ? null : <span className="muted"> {i18n.t('(a range the phone library does not know)')}</span>}
    </>
  );
}

/** SPEC 2 applications review: tabs, one card at a time with Previous/Next. */
export function ApplicationsPage() {
  const trpc = useTRPC();
  const [tab, setTab] = useState<ApplicationStatus>('pending');
  const [index, setIndex] = useState(0);
  // A page of cards at a time (issue 13): the next page loads as the admin nears its end.
  const list = useInfiniteQuery(
    trpc.membership.applications.list.infiniteQueryOptions({ status: tab }, { getNextPageParam: (last) => last.nextCursor }),
  );
  const apps = list.data?.pages.flatMap((p) => p.items) ?? [];
  // Every first page counts all four tabs: the last counts seen stay on the tabs while another tab loads.
  const [counts, setCounts] = useState<ApplicationCounts | null>(null);
  const fresh = list.data?.pages[0]?.counts;
  useEffect(() => {
    if (fresh) setCounts(fresh);
  }, [fresh]);
  // After a decision the list shrinks: stay on the same position, or the last one.
  const current = Math.min(index, Math.max(0, apps.length - 1));
  const app = apps[current];
  const total = Math.max(counts?.[tab] ?? 0, apps.length);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const nearEnd = apps.length - current <= 3;
  useEffect(() => {
    if (nearEnd && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [nearEnd, hasNextPage, isFetchingNextPage, fetchNextPage]);
  const atLoadedEnd = current >= apps.length - 1;

  function selectTab(status: ApplicationStatus) {
    setTab(status);
    setIndex(0);
  }

  async function next() {
    if (atLoadedEnd) {
      const more = await fetchNextPage();
      if ((more.data?.pages.flatMap((p) => p.items).length ?? 0) <= current + 1) return;
    }
    setIndex(current + 1);
  }

  return (
    <section className="page narrow" style={{ maxWidth: '46rem' }}>
      <AdminHeader title={i18n.t('Applications')} />
      <div className="tabs applications-tabs" role="tablist" aria-label={i18n.t('Application status')}>
        {TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`tab-${t}`}
            aria-selected={tab === t}
            aria-controls="applications-panel"
            className="tab"
            onClick={() => selectTab(t)}
          >
            {statusLabel(t)}
            {counts ? ' ' : null}
            {counts ? (
              <span className={`tab-count${t === 'pending' && counts.pending > 0 ? ' tab-count-attention' : ''}`}>
                {i18n.number(counts[t])}
              </span>
            ) : null}
          </button>
        ))}
      </div>
      <div id="applications-panel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
        <Loaded
          query={list}
          loading={i18n.t('Loading applications...')}
          failed={i18n.t('Could not load the applications.')}
          empty={i18n.t('No applications in this category')}
          isEmpty={!app}
        >
          {() => (
            <>
              <ApplicationCard key={app!.id} app={app!} pendingTab={tab === 'pending'} />
              <nav className="pager" aria-label={i18n.t('Applications')}>
                <button
                  type="button"
                  className="button button-ghost button-small"
                  disabled={current === 0}
                  onClick={() => setIndex(current - 1)}
                >
                  {i18n.t('Previous')}
                </button>
                <span className="pager-count" aria-live="polite">
                  {i18n.t('{current} of {total}', { current: i18n.number(current + 1), total: i18n.number(total) })}
                </span>
                <button
                  type="button"
                  className="button button-ghost button-small"
                  disabled={atLoadedEnd && (!hasNextPage || isFetchingNextPage)}
                  onClick={() => void next()}
                >
                  {i18n.t('Next')}
                </button>
              </nav>
              {list.isFetchNextPageError ? (
                <p className="form-message form-message-error" role="alert">
                  {i18n.t('The next applications could not be loaded.')}
                </p>
              ) : null}
            </>
          )}
        </Loaded>
      </div>
    </section>
  );
}
