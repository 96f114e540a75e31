import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/date-format';
import {
  MESSAGE_REMOVED_TEXT,
  MESSAGING_SUSPENSION_DAYS,
  REPORT_STATUSES,
  type MessageReportDto,
  type ReportStatus,
} from '../../../shared/schemas/messages';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadMore } from '../../components/load-more';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { MemberName } from '../../shared/members/member-name';
import { MessageText } from '../../shared/messages/message-text';
import { AdminHeader, Loaded } from './admin-list';
import './admin.css';

const TAB_LABELS: Record<ReportStatus, string> = { open: 'Open', dismissed: 'Dismissed', removed: 'Removed' };

type Decision = 'dismiss' | 'remove' | 'suspend';

const DECISIONS: { label: string; decision: Decision }[] = [
  { label: 'Dismiss', decision: 'dismiss' },
  { label: 'Remove', decision: 'remove' },
  { label: 'Remove and suspend…', decision: 'suspend' },
];

type SuspensionDays = (typeof MESSAGING_SUSPENSION_DAYS)[number];

/** What a decision does, as its confirmation says it. */
function consequence(report: MessageReportDto, d: Decision): { title: string; message: string; confirm: string } {
  const sender = report.message.author.name;
  if (d === 'dismiss')
    return {
      title: 'Dismiss this report?',
      message: 'The message stays as it is, and the report leaves the open list.',
      confirm: 'Dismiss',
    };
  const removed = `The members of the conversation will see “${MESSAGE_REMOVED_TEXT}” in its place.`;
  if (d === 'remove') return { title: 'Remove this message?', message: removed, confirm: 'Remove' };
  return {
    title: `Remove it and suspend ${sender}?`,
    message: `${removed} ${sender} may read her conversations but not write to anyone until the suspension ends.`,
    confirm: 'Remove and suspend',
  };
}

type Line = MessageReportDto['context'][number];

function ContextLine({ line, reported }: { line: Line; reported?: boolean }) {
  return (
    <li className={reported ? 'report-line report-line-reported' : 'report-line'}>
      <p className="report-line-meta">
        <MemberName id={line.author.id} name={line.author.name} photoUrl={line.author.photo_url} avatar="xs" />
        <time dateTime={line.created_at}>{formatDateTime(line.created_at)}</time>
        {reported ? <span className="badge">Reported</span> : null}
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
          Reported by <MemberName id={report.reporter.id} name={report.reporter.name} />
        </h2>
        <time className="muted" dateTime={report.created_at}>
          {formatDateTime(report.created_at)}
        </time>
      </header>
      <div className="report-reason">
        <p className="report-label">Her reason</p>
        <p>{report.reason}</p>
      </div>
      <p className="report-label">
        {report.context.length === 0
          ? 'The message (the first of its conversation)'
          : report.context.length === 1
            ? 'The message and the one before it'
            : `The message and the ${report.context.length} before it`}
      </p>
      <ol className="report-thread">
        {report.context.map((line) => (
          <ContextLine key={line.id} line={line} />
        ))}
        <ContextLine line={report.message} reported />
      </ol>
      {report.status === 'open' ? (
        <div className="application-decision report-decision">
          {DECISIONS.map(({ label, decision }) => (
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
          {report.status === 'dismissed' ? 'Dismissed: the message stayed.' : 'Removed.'}
          {report.sender_suspended_until
            ? ` ${report.message.author.name} may not send messages until ${formatDateTime(report.sender_suspended_until)}.`
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
            ? 'Report dismissed.'
            : input.suspend_days
              ? `Message removed; its sender is suspended for ${input.suspend_days} days.`
              : 'Message removed.',
          'success',
        );
        void queryClient.invalidateQueries(trpc.messages.reports.pathFilter());
      },
      onError: (error) => {
        setPending(null);
        toast(errorMessage(error, 'The report could not be resolved.'), 'error');
      },
    }),
  );
  const reports = list.data?.pages.flatMap((p) => p.items) ?? [];
  const asked = pending ? consequence(pending.report, pending.decision) : null;
  return (
    <section className="page narrow message-reports-page" style={{ maxWidth: '46rem' }}>
      <AdminHeader
        title="Message reports"
        note="Messages members reported. You see a reported message and the ten before it, nothing else."
      />
      <div className="tabs" role="tablist" aria-label="Report status">
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
            {TAB_LABELS[s]}
          </button>
        ))}
      </div>
      <div id="reports-panel" role="tabpanel" aria-labelledby={`reports-tab-${status}`} className="stack">
        <Loaded
          query={list}
          loading="Loading reports…"
          failed="Could not load the reports."
          empty={status === 'open' ? 'No open reports.' : 'None yet.'}
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
              <LoadMore query={list} label="More reports" />
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
                <legend>Suspend her messaging for</legend>
                {MESSAGING_SUSPENSION_DAYS.map((d) => (
                  <label key={d} className="checkbox">
                    <input type="radio" name="suspend-days" checked={days === d} onChange={() => setDays(d)} />
                    {d} days
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
