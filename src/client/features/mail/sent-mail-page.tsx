import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import type { DeliveryStatus } from '../../../shared/schemas/mail';
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
import { deliveryStatusLabels, kindLabels, recipientGroupLabels } from './mail-labels';
import { i18n } from './locales/i18n';

const kindLabel = (kind: string) => kindLabels()[kind] ?? kind;

interface Counts {
  total: number;
  queued: number;
  sending: number;
  sent: number;
  failed: number;
  skipped: number;
}

function StatusBadge({ status }: { status: DeliveryStatus }) {
  return <span className={`badge status-badge status-${status}`}>{deliveryStatusLabels()[status]}</span>;
}

function CountsLine({ counts }: { counts: Counts }) {
  const waiting = counts.queued + counts.sending;
  return (
    <p className="sent-counts">
      <span>{i18n.t('{count, plural, one {# recipient} other {# recipients}}', { count: counts.total })}</span>
      {/* Success's colour only when something was sent: "0 sent" is not good news. */}
      <span className={counts.sent ? 'status-sent' : undefined}>{i18n.t('{count} sent', { count: counts.sent })}</span>
      {waiting ? <span className="status-queued">{i18n.t('{count} queued', { count: waiting })}</span> : null}
      {counts.failed ? <span className="status-failed">{i18n.t('{count} failed', { count: counts.failed })}</span> : null}
      {counts.skipped ? <span className="status-skipped">{i18n.t('{count} skipped (opted out)', { count: counts.skipped })}</span> : null}
    </p>
  );
}

const groupLabel = (g: string | null) => (g ? (recipientGroupLabels()[g as RecipientGroup] ?? g) : null);

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
        toast(
          requeued
            ? i18n.t('{count, plural, one {# failed delivery queued again.} other {# failed deliveries queued again.}}', {
                count: requeued,
              })
            : i18n.t('Nothing to retry.'),
          'success',
        );
        await queryClient.invalidateQueries(trpc.mail.pathFilter());
      },
      onError: (err) => toast(errorMessage(err, i18n.t('Could not retry the failed deliveries.')), 'error'),
    }),
  );
  const msg = detail.data?.message;

  return (
    <Modal
      open
      onClose={onClose}
      size="large"
      title={msg?.subject ?? i18n.t('Sent mail')}
      footer={
        <ModalActions
          cancelLabel={i18n.t('Close')}
          onCancel={onClose}
          actionLabel={msg?.counts.failed ? i18n.t('Retry failed ({count})', { count: msg.counts.failed }) : i18n.t('Retry failed')}
          onAction={() => retry.mutate({ id })}
          disabled={!msg?.counts.failed || retry.isPending}
        />
      }
    >
      {detail.isPending ? (
        <p className="muted">{i18n.t('Loading…')}</p>
      ) : detail.isError ? (
        <FormMessage>{errorMessage(detail.error, i18n.t('Could not load this email.'))}</FormMessage>
      ) : (
        <div className="sent-detail">
          <dl className="sent-meta">
            <div>
              <dt>{i18n.t('Kind')}</dt>
              <dd>{kindLabel(msg!.kind)}</dd>
            </div>
            {msg!.recipientGroup ? (
              <div>
                <dt>{i18n.t('Group')}</dt>
                <dd>{groupLabel(msg!.recipientGroup)}</dd>
              </div>
            ) : null}
            <div>
              <dt>{i18n.t('Sender')}</dt>
              <dd>{msg!.sender_name ? <MemberName id={msg!.sender_id} name={msg!.sender_name} /> : i18n.t('The club')}</dd>
            </div>
            <div>
              <dt>{i18n.t('Sent')}</dt>
              <dd>{formatDateTime(msg!.created_at)}</dd>
            </div>
          </dl>
          <CountsLine counts={msg!.counts} />
          <div className="table-wrap">
            <table className="delivery-table">
              <caption className="visually-hidden">{i18n.t('Delivery status per recipient')}</caption>
              <thead>
                <tr>
                  <th scope="col">{i18n.t('Recipient')}</th>
                  <th scope="col">{i18n.t('Status')}</th>
                  <th scope="col">{i18n.t('Tries')}</th>
                  <th scope="col">{i18n.t('Details')}</th>
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
                      {d.status === 'sent' && d.sent_at ? i18n.t('Sent {date}', { date: formatDateTime(d.sent_at) }) : (d.last_error ?? '')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {msg!.html ? (
            <details className="sent-body">
              <summary>{i18n.t('Show the email')}</summary>
              <MailFrame html={msg!.html} title={i18n.t('Email: {subject}', { subject: msg!.subject })} />
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
        title={i18n.t('Sent mail')}
        intro={i18n.t("Every email the club sent, with each recipient's delivery status.")}
        link={{ href: '/mail', label: i18n.t('Send Message') }}
      />

      <div className="tabs" role="tablist" aria-label={i18n.t('Which email')}>
        {(['group', 'all'] as const).map((k) => (
          <button key={k} type="button" role="tab" className="tab" aria-selected={kind === k} onClick={() => setKind(k)}>
            {k === 'group' ? i18n.t('Group mail') : i18n.t('All email')}
          </button>
        ))}
      </div>

      {list.isPending ? (
        <p className="page-status">{i18n.t('Loading…')}</p>
      ) : list.isError ? (
        <FormMessage>{errorMessage(list.error, i18n.t('Could not load the sent mail.'))}</FormMessage>
      ) : items.length === 0 ? (
        <div className="card sent-empty">
          <p>{kind === 'group' ? i18n.t('No group mail has been sent yet.') : i18n.t('No email has been sent yet.')}</p>
          <Link href="/mail">{i18n.t('Write the first one')}</Link>
        </div>
      ) : (
        <ul className="sent-list" role="tabpanel">
          {items.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                className="card sent-item"
                onClick={() => setOpenId(m.id)}
                aria-label={i18n.t('{subject}, details', { subject: m.subject })}
              >
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
                    <span className="badge">{kindLabel(m.kind)}</span>
                  )}
                  <span>{m.sender_name ? i18n.t('by {name}', { name: m.sender_name }) : i18n.t('by the club')}</span>
                </span>
                <CountsLine counts={m.counts} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {items.length ? <LoadMore query={list} label={i18n.t('Show older')} /> : null}
      {openId !== null ? <SentMailDetail id={openId} onClose={() => setOpenId(null)} /> : null}
    </section>
  );
}
