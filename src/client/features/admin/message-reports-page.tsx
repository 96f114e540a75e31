import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/date-format';
import { MESSAGING_SUSPENSION_DAYS, REPORT_STATUSES, type MessageReportDto, type ReportStatus } from '../../../shared/schemas/messages';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadMore } from '../../components/load-more';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { MemberName } from '../../shared/members/member-name';
import { MessageText } from '../../shared/messages/message-text';
import { withNodes } from '../../i18n/with-nodes';
import { AdminHeader, Loaded } from './admin-list';
import { i18n } from './locales/i18n';
import './admin.css';

const tabLabel = (status: ReportStatus) => ({ open: i18n.t('Open'), dismissed: i18n.t('Dismissed'), removed: i18n.t('Removed') })[status];

type Decision = 'dismiss' | 'remove' | 'suspend';

const decisions = (): { label: string; decision: Decision }[] => [
  { label: i18n.t('Dismiss'), decision: 'dismiss' },
  { label: i18n.t('Remove'), decision: 'remove' },
  { label: i18n.t('Remove and suspend…'), decision: 'suspend' },
];

type SuspensionDays = (typeof MESSAGING_SUSPENSION_DAYS)[number];

/** What a decision does, as its confirmation says it. */
function consequence(report: MessageReportDto, d: Decision): { title: string; message: string; confirm: string } {
  const sender = report.message.author.name;
  if (d === 'dismiss')
    return {
      title: i18n.t('Dismiss this report?'),
      message: i18n.t('The message stays as it is, and the report leaves the open list.'),
      confirm: i18n.t('Dismiss'),
    };
  // The words the members see in its place: src/shared/schemas/messages.ts MESSAGE_REMOVED_TEXT.
  const removed = i18n.t("The members of the conversation will see “Removed by the club's admins” in its place.");
  if (d === 'remove') return { title: i18n.t('Remove this message?'), message: removed, confirm: i18n.t('Remove') };
  return {
    title: i18n.t('Remove it and suspend {name}?', { name: sender }),
    message: `${removed} ${i18n.t('{name} may read her conversations but not write to anyone until the suspension ends.', { name: sender })}`,
    confirm: i18n.t('Remove and suspend'),
  };
}

type Line = MessageReportDto['context'][number];

function ContextLine({ line, reported }: { line: Line; reported?: boolean }) {
  return (
    <li className={reported ? 'report-line report-line-reported' : 'report-line'}>
      <p className="report-line-meta">
        <MemberName id={line.author.id} name={line.author.name} photoUrl={line.author.photo_url} avatar="xs" />
        <time dateTime={line.created_at}>{formatDateTime(line.created_at)}</time>
        {reported ? <span className="badge">{i18n.t('Reported')}</span> : null}
      </p>
      <MessageText body={line.body} removed={reported && line.body === null} />
    </li>
  );
}

function ReportCard({ report, onDecide }: { report: MessageReportDto; onDecide: (d: Decision) => void }) {
  return (
    <article className="card report-card" aria-labelledby={`report-${report.id}`}>
      <header className="report-head">
        <h2 id={`report-${report.id}`}>
          {withNodes((m) => i18n.t('Reported by {name}', m), {
            name: <MemberName id={report.reporter.id} name={report.reporter.name} />,
          })}
        </h2>
        <time className="muted" dateTime={report.created_at}>
          {formatDateTime(report.created_at)}
        </time>
      </header>
      <div className="report-reason">
        <p className="report-label">{i18n.t('Her reason')}</p>
        <p>{report.reason}</p>
      </div>
      <p className="report-label">
        {report.context.length === 0
          ? i18n.t('The message (the first of its conversation)')
          : i18n.t('{count, plural, one {The message and the one before it} other {The message and the # before it}}', {
              count: report.context.length,
            })}
      </p>
      <ol className="report-thread">
        {report.context.map((line) => (
          <ContextLine key={line.id} line={line} />
        ))}
        <ContextLine line={report.message} reported />
      </ol>
      {report.status === 'open' ? (
        <div className="application-decision report-decision">
          {decisions().map(({ label, decision }) => (
            <button
              key={label}
              type="button"
              className={decision === 'dismiss' ? 'button button-ghost button-small' : 'button button-danger button-small'}
              onClick={() => onDecide(decision)}
            >
              {label}
            </button>
          ))}
        </div>
      ) : (
        <p className="report-outcome muted">
          {report.status === 'dismissed' ? i18n.t('Dismissed: the message stayed.') : i18n.t('Removed.')}
          {report.sender_suspended_until
            ? ` ${i18n.t('{name} may not send messages until {date}.', {
                name: report.message.author.name,
                date: formatDateTime(report.sender_suspended_until),
              })}`
            : ''}
        </p>
      )}
    </article>
  );
}

/**
 * /admin/reports (issue 38): the messages members reported, each with the ten before it in its
 * conversation, who reported it and why; the admin dismisses it or removes the message, and may
 * suspend the sender's messaging for 7 or 30 days. Admins see nothing else of conversations.
 */
export function MessageReportsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [status, setStatus] = useState<ReportStatus>('open');
  const [pending, setPending] = useState<{ report: MessageReportDto; decision: Decision } | null>(null);
  const [days, setDays] = useState<SuspensionDays>(MESSAGING_SUSPENSION_DAYS[0]);
  const list = useInfiniteQuery(
    trpc.messages.reports.infiniteQueryOptions({ status }, { getNextPageParam: (last) => last.nextCursor ?? undefined }),
  );
  const resolve = useMutation(
    trpc.messages.resolveReport.mutationOptions({
      onSuccess: (_, input) => {
        setPending(null);
        toast(
          input.action === 'dismiss'
            ? i18n.t('Report dismissed.')
            : input.suspend_days
              ? i18n.t(
                  '{count, plural, one {Message removed; its sender is suspended for # day.} other {Message removed; its sender is suspended for # days.}}',
                  {
                    count: input.suspend_days,
                  },
                )
              : i18n.t('Message removed.'),
          'success',
        );
        void queryClient.invalidateQueries(trpc.messages.reports.pathFilter());
      },
      onError: (error) => {
        setPending(null);
        toast(errorMessage(error, i18n.t('The report could not be resolved.')), 'error');
      },
    }),
  );
  const reports = list.data?.pages.flatMap((p) => p.items) ?? [];
  const asked = pending ? consequence(pending.report, pending.decision) : null;
  return (
    <section className="page narrow message-reports-page" style={{ maxWidth: '46rem' }}>
      <AdminHeader
        title={i18n.t('Message reports')}
        note={i18n.t('Messages members reported. You see a reported message and the ten before it, nothing else.')}
      />
      <div className="tabs" role="tablist" aria-label={i18n.t('Report status')}>
        {REPORT_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            id={`reports-tab-${s}`}
            aria-selected={status === s}
            aria-controls="reports-panel"
            className="tab"
            onClick={() => setStatus(s)}
          >
            {tabLabel(s)}
          </button>
        ))}
      </div>
      <div id="reports-panel" role="tabpanel" aria-labelledby={`reports-tab-${status}`} className="stack">
        <Loaded
          query={list}
          loading={i18n.t('Loading reports…')}
          failed={i18n.t('Could not load the reports.')}
          empty={status === 'open' ? i18n.t('No open reports.') : i18n.t('None yet.')}
          isEmpty={reports.length === 0}
        >
          {() => (
            <>
              {reports.map((r) => (
                <ReportCard
                  key={r.id}
                  report={r}
                  onDecide={(decision) => {
                    setDays(MESSAGING_SUSPENSION_DAYS[0]);
                    setPending({ report: r, decision });
                  }}
                />
              ))}
              <LoadMore query={list} label={i18n.t('More reports')} />
            </>
          )}
        </Loaded>
      </div>
      <ConfirmDialog
        open={pending !== null}
        title={asked?.title ?? ''}
        message={
          pending?.decision === 'suspend' ? (
            <>
              <p>{asked?.message}</p>
              <fieldset className="suspend-choices">
                <legend>{i18n.t('Suspend her messaging for')}</legend>
                {MESSAGING_SUSPENSION_DAYS.map((d) => (
                  <label key={d} className="checkbox">
                    <input type="radio" name="suspend-days" checked={days === d} onChange={() => setDays(d)} />
                    {i18n.t('{count, plural, one {# day} other {# days}}', { count: d })}
                  </label>
                ))}
              </fieldset>
            </>
          ) : (
            (asked?.message ?? '')
          )
        }
        confirmLabel={asked?.confirm ?? ''}
        danger={pending?.decision !== 'dismiss'}
        busy={resolve.isPending}
        onConfirm={() =>
          pending &&
          resolve.mutate({
            id: pending.report.id,
            action: pending.decision === 'dismiss' ? 'dismiss' : 'remove',
            ...(pending.decision === 'suspend' ? { suspend_days: days } : {}),
          })
        }
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
