import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { DELIVERY_STATUS_LABELS, RECIPIENT_GROUP_LABELS, type DeliveryStatus } from '../../../shared/schemas/mail';
import type { RecipientGroup } from '../../../shared/constants';
import { FormMessage } from '../../components/field';
import { LoadMore } from '../../components/load-more';
import { Modal } from '../../components/modal';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { MailFrame } from '../../shared/email-preview';
import { MemberName } from '../../shared/members/member-name';
import { MailPageHead } from './mail-page-head';
import { formatDateTime } from '../../../shared/date-format';
import './mail.css';
import { ModalActions } from '../../components/modal-actions';

const KIND_LABELS: Record<string, string> = {
  group: 'Group mail',
  registration: 'Registration invitation',
  password_reset: 'Password reset',
  event_invitation: 'Event invitation',
  event_confirmation: 'Event confirmation',
  event_announcement: 'Event announcement',
  event_reminder: 'Event reminder',
  event_waitlist_place: 'Waitlist place',
  home_stay: 'Home stay',
  application_rejected: 'Application rejected',
  application_received: 'Application received',
  passkey_added: 'Passkey added',
};

interface Counts {
  total: number;
  queued: number;
  sending: number;
  sent: number;
  failed: number;
  skipped: number;
}

function StatusBadge({ status }: { status: DeliveryStatus }) {
  return <span className={`badge status-badge status-${status}`}>{DELIVERY_STATUS_LABELS[status]}</span>;
}

function CountsLine({ counts }: { counts: Counts }) {
  const waiting = counts.queued + counts.sending;
  return (
    <p className="sent-counts">
      <span>
        {counts.total} recipient{counts.total === 1 ? '' : 's'}
      </span>
      {/* Success's colour only when something was sent: "0 sent" is not good news. */}
      <span className={counts.sent ? 'status-sent' : undefined}>{counts.sent} sent</span>
      {waiting ? <span className="status-queued">{waiting} queued</span> : null}
      {counts.failed ? <span className="status-failed">{counts.failed} failed</span> : null}
      {counts.skipped ? <span className="status-skipped">{counts.skipped} skipped (opted out)</span> : null}
    </p>
  );
}

const groupLabel = (g: string | null) => (g ? (RECIPIENT_GROUP_LABELS[g as RecipientGroup] ?? g) : null);

function SentMailDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const detail = useQuery({
    ...trpc.mail.sentById.queryOptions({ id }),
    // Follow the consumer while deliveries are still on their way.
    refetchInterval: (q) => {
      const c = q.state.data?.message.counts;
      return c && c.queued + c.sending > 0 ? 2000 : false;
    },
  });
  const retry = useMutation(
    trpc.mail.retryFailed.mutationOptions({
      onSuccess: async ({ requeued }) => {
        toast(requeued ? `${requeued} failed deliver${requeued === 1 ? 'y' : 'ies'} queued again.` : 'Nothing to retry.', 'success');
        await queryClient.invalidateQueries(trpc.mail.pathFilter());
      },
      onError: (err) => toast(errorMessage(err, 'Could not retry the failed deliveries.'), 'error'),
    }),
  );
  const msg = detail.data?.message;

  return (
    <Modal
      open
      onClose={onClose}
      size="large"
      title={msg?.subject ?? 'Sent mail'}
      footer={
        <ModalActions
          cancelLabel="Close"
          onCancel={onClose}
          actionLabel={`Retry failed${msg?.counts.failed ? ` (${msg.counts.failed})` : ''}`}
          onAction={() => retry.mutate({ id })}
          disabled={!msg?.counts.failed || retry.isPending}
        />
      }
    >
      {detail.isPending ? (
        <p className="muted">Loading…</p>
      ) : detail.isError ? (
        <FormMessage>{errorMessage(detail.error, 'Could not load this email.')}</FormMessage>
      ) : (
        <div className="sent-detail">
          <dl className="sent-meta">
            <div>
              <dt>Kind</dt>
              <dd>{KIND_LABELS[msg!.kind] ?? msg!.kind}</dd>
            </div>
            {msg!.recipientGroup ? (
              <div>
                <dt>Group</dt>
                <dd>{groupLabel(msg!.recipientGroup)}</dd>
              </div>
            ) : null}
            <div>
              <dt>Sender</dt>
              <dd>{msg!.sender_name ? <MemberName id={msg!.sender_id} name={msg!.sender_name} /> : 'The club'}</dd>
            </div>
            <div>
              <dt>Sent</dt>
              <dd>{formatDateTime(msg!.created_at)}</dd>
            </div>
          </dl>
          <CountsLine counts={msg!.counts} />
          <div className="table-wrap">
            <table className="delivery-table">
              <caption className="visually-hidden">Delivery status per recipient</caption>
              <thead>
                <tr>
                  <th scope="col">Recipient</th>
                  <th scope="col">Status</th>
                  <th scope="col">Tries</th>
                  <th scope="col">Details</th>
                </tr>
              </thead>
              <tbody>
                {detail.data!.deliveries.map((d) => (
                  <tr key={d.id}>
                    <td>
                      <span className="delivery-name">
                        {d.to_name && d.user_id !== null ? <MemberName id={d.user_id} name={d.to_name} /> : (d.to_name ?? d.to_email)}
                      </span>
                      {d.to_name ? <span className="delivery-email">{d.to_email}</span> : null}
                    </td>
                    <td>
                      <StatusBadge status={d.status} />
                    </td>
                    <td>{d.attempts}</td>
                    <td className="delivery-reason">
                      {d.status === 'sent' && d.sent_at ? `Sent ${formatDateTime(d.sent_at)}` : (d.last_error ?? '')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {msg!.html ? (
            <details className="sent-body">
              <summary>Show the email</summary>
              <MailFrame html={msg!.html} title={`Email: ${msg!.subject}`} />
            </details>
          ) : null}
        </div>
      )}
    </Modal>
  );
}

export function SentMailPage() {
  const trpc = useTRPC();
  const [kind, setKind] = useState<'group' | 'all'>('group');
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useInfiniteQuery(
    trpc.mail.sent.infiniteQueryOptions(
      { kind },
      {
        getNextPageParam: (last) => last.nextCursor,
        refetchInterval: (q) =>
          q.state.data?.pages.some((p) => p.items.some((i) => i.counts.queued + i.counts.sending > 0)) ? 3000 : false,
      },
    ),
  );
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <section className="page sent-mail-page">
      <MailPageHead
        title="Sent mail"
        intro="Every email the club sent, with each recipient's delivery status."
        link={{ href: '/mail', label: 'Send Message' }}
      />

      <div className="tabs" role="tablist" aria-label="Which email">
        {(['group', 'all'] as const).map((k) => (
          <button key={k} type="button" role="tab" className="tab" aria-selected={kind === k} onClick={() => setKind(k)}>
            {k === 'group' ? 'Group mail' : 'All email'}
          </button>
        ))}
      </div>

      {list.isPending ? (
        <p className="page-status">Loading…</p>
      ) : list.isError ? (
        <FormMessage>{errorMessage(list.error, 'Could not load the sent mail.')}</FormMessage>
      ) : items.length === 0 ? (
        <div className="card sent-empty">
          <p>{kind === 'group' ? 'No group mail has been sent yet.' : 'No email has been sent yet.'}</p>
          <Link href="/mail">Write the first one</Link>
        </div>
      ) : (
        <ul className="sent-list" role="tabpanel">
          {items.map((m) => (
            <li key={m.id}>
              <button type="button" className="card sent-item" onClick={() => setOpenId(m.id)} aria-label={`${m.subject}, details`}>
                <span className="sent-item-top">
                  <span className="sent-subject">{m.subject}</span>
                  <time className="sent-time" dateTime={new Date(m.created_at).toISOString()}>
                    {formatDateTime(m.created_at)}
                  </time>
                </span>
                <span className="sent-item-meta">
                  {m.kind === 'group' ? (
                    <span className="badge">{groupLabel(m.recipientGroup)}</span>
                  ) : (
                    <span className="badge">{KIND_LABELS[m.kind] ?? m.kind}</span>
                  )}
                  <span>{m.sender_name ? `by ${m.sender_name}` : 'by the club'}</span>
                </span>
                <CountsLine counts={m.counts} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {items.length ? <LoadMore query={list} label="Show older" /> : null}
      {openId !== null ? <SentMailDetail id={openId} onClose={() => setOpenId(null)} /> : null}
    </section>
  );
}
