import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { INTEREST_LABELS, type INTERESTS } from '../../../shared/constants';
import {
  defaultRejectionEmail,
  REJECTION_EMAIL_EMPTY,
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

const TABS: { status: ApplicationStatus; label: string }[] = [
  { status: 'pending', label: 'Pending' },
  { status: 'all', label: 'All' },
  { status: 'accepted', label: 'Accepted' },
  { status: 'rejected', label: 'Rejected' },
];

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
      setMessage(REJECTION_EMAIL_EMPTY);
      return;
    }
    setMessage('');
    onConfirm(send ? text : undefined);
  }
  return (
    <Modal
      open
      onClose={onCancel}
      title="Reject application"
      size="medium"
      footer={
        <ModalActions onCancel={onCancel} actionLabel={send ? 'Reject and send' : 'Reject'} onAction={confirm} disabled={busy} danger />
      }
    >
      <p>
        Reject the application of {app.full_name}? The decision cannot be changed.{' '}
        {send ? `The email below goes to ${app.email}.` : 'No email is sent.'}
      </p>
      <label className="checkbox">
        <input type="checkbox" checked={send} onChange={(e) => setSend(e.target.checked)} />
        Send a rejection email
      </label>
      {send ? (
        <TextAreaField
          label={`Email to ${app.full_name}`}
          name="rejectionEmail"
          rows={12}
          maxLength={REJECTION_EMAIL_MAX}
          hint="A kind default; change anything you like."
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
            ? `Accepted ${res.full_name}. The invitation email is on its way.`
            : input.rejection_email
              ? `Rejected ${res.full_name}. The email is on its way.`
              : `Rejected ${res.full_name}.`,
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
        toast(errorMessage(err, 'Could not record the decision. Please try again.'), 'error');
        await refresh();
      },
    }),
  );
  const resend = useMutation(
    trpc.membership.applications.resendInvitation.mutationOptions({
      onSuccess: () => toast(`A new invitation was sent to ${app.email}.`, 'success'),
      onError: (err) => toast(errorMessage(err, 'Could not send the invitation.'), 'error'),
    }),
  );
  const status = statusOf(app);

  return (
    <article className="card application-card" aria-labelledby={`app-${app.id}`}>
      <div className="application-card-head">
        <h2 id={`app-${app.id}`}>{app.full_name}</h2>
        <span className={`badge badge-${status}`}>{status[0]!.toUpperCase() + status.slice(1)}</span>
      </div>
      <dl>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${app.email}`}>{app.email}</a>
        </dd>
        <dt>Phone</dt>
        <dd>
          <PhoneNumber stored={app.phone} />
        </dd>
        <dt>Submitted</dt>
        <dd>{formatDateTime(app.created_at)}</dd>
        <dt>Membership type</dt>
        <dd>{app.membership_type}</dd>
        <dt>Availability</dt>
        <dd>{app.availability}</dd>
        <dt>Interests</dt>
        <dd>
          {formatList(
            app.interests.map((i) => INTEREST_LABELS[i as (typeof INTERESTS)[number]] ?? i),
            'unit',
          )}
        </dd>
        <dt>Why join</dt>
        <dd>{app.reason}</dd>
        {app.referral ? (
          <>
            <dt>Heard about us</dt>
            <dd>{app.referral}</dd>
          </>
        ) : null}
        {app.comments ? (
          <>
            <dt>Comments</dt>
            <dd>{app.comments}</dd>
          </>
        ) : null}
        {app.properties ? (
          <>
            <dt>Property</dt>
            <dd>
              {app.properties.address}
              {'\n'}
              {app.properties.type} · {app.properties.availability}
              {'\n'}
              {app.properties.description}
            </dd>
          </>
        ) : null}
        {app.invitation_code ? (
          <>
            <dt>Invitation code</dt>
            <dd className="code">{app.invitation_code}</dd>
          </>
        ) : null}
        {app.decided_at ? (
          <>
            <dt>Decided</dt>
            <dd>
              {formatDateTime(app.decided_at)}
              {app.decided_by ? ` by ${app.decided_by}` : ''}
              {app.granted_founding ? ' · Founding granted' : ''}
            </dd>
          </>
        ) : null}
      </dl>
      {pendingTab && status === 'pending' ? (
        <div className="application-decision">
          <label className="checkbox">
            <input type="checkbox" checked={grantFounding} onChange={(e) => setGrantFounding(e.target.checked)} />
            Offer Founding membership
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
            Reject
          </button>
          <button
            type="button"
            className="button"
            disabled={decide.isPending}
            onClick={() => decide.mutate({ id: app.id, accepted: true, grant_founding: grantFounding })}
          >
            Accept
          </button>
        </div>
      ) : null}
      {status === 'accepted' ? (
        <div className="application-decision">
          <span className="muted">Invitation link not used or expired?</span>
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={resend.isPending}
            onClick={() => resend.mutate({ id: app.id })}
          >
            Send a new invitation
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
      {readPhone(stored)?.known ? null : <span className="muted"> (a range the phone library does not know)</span>}
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
      <AdminHeader title="Applications" />
      <div className="tabs applications-tabs" role="tablist" aria-label="Application status">
        {TABS.map((t) => (
          <button
            key={t.status}
            type="button"
            role="tab"
            id={`tab-${t.status}`}
            aria-selected={tab === t.status}
            aria-controls="applications-panel"
            className="tab"
            onClick={() => selectTab(t.status)}
          >
            {t.label}
            {counts ? ' ' : null}
            {counts ? (
              <span className={`tab-count${t.status === 'pending' && counts.pending > 0 ? ' tab-count-attention' : ''}`}>
                {counts[t.status]}
              </span>
            ) : null}
          </button>
        ))}
      </div>
      <div id="applications-panel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
        <Loaded
          query={list}
          loading="Loading applications..."
          failed="Could not load the applications."
          empty="No applications in this category"
          isEmpty={!app}
        >
          {() => (
            <>
              <ApplicationCard key={app!.id} app={app!} pendingTab={tab === 'pending'} />
              <nav className="pager" aria-label="Applications">
                <button
                  type="button"
                  className="button button-ghost button-small"
                  disabled={current === 0}
                  onClick={() => setIndex(current - 1)}
                >
                  Previous
                </button>
                <span className="pager-count" aria-live="polite">
                  {current + 1} of {total}
                </span>
                <button
                  type="button"
                  className="button button-ghost button-small"
                  disabled={atLoadedEnd && (!hasNextPage || isFetchingNextPage)}
                  onClick={() => void next()}
                >
                  Next
                </button>
              </nav>
              {list.isFetchNextPageError ? (
                <p className="form-message form-message-error" role="alert">
                  The next applications could not be loaded.
                </p>
              ) : null}
            </>
          )}
        </Loaded>
      </div>
    </section>
  );
}
