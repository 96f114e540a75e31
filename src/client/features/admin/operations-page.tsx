import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { formatDateTime } from '../../../shared/date-format';
import { DEAD_LETTER_STATUSES, type DeadLetterStatus, type DeadLetterView } from '../../../shared/schemas/operations';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { SelectField } from '../../components/field';
import { LoadMore } from '../../components/load-more';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { AdminHeader, Loaded, StackTable } from './admin-list';
import { BuildVersionNote } from './operations-status';
import './admin.css';

/** ?status= of /admin/operations: waiting (the default), retried, discarded, or all. */
function useStatusParam(): [DeadLetterStatus | '', (next: DeadLetterStatus | '') => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const raw = new URLSearchParams(search).get('status') ?? 'waiting';
  const status = raw === 'all' ? '' : (DEAD_LETTER_STATUSES as readonly string[]).includes(raw) ? (raw as DeadLetterStatus) : 'waiting';
  const set = (next: DeadLetterStatus | '') =>
    navigate(next === 'waiting' ? location : `${location}?status=${next || 'all'}`, { replace: true });
  return [status, set];
}

const KIND_LABEL: Record<DeadLetterView['kind'], string> = { mail: 'Email', notifications: 'Notifications' };
const STATUS_LABEL: Record<DeadLetterStatus, string> = { waiting: 'Waiting', retried: 'Retried', discarded: 'Discarded' };

/**
 * /admin/operations (issue 44): queue messages that used up their retries (an email that could not
 * be sent, a notifications job that kept failing), with Retry (back on its queue) and Discard.
 */
export function OperationsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [status, setStatus] = useStatusParam();
  const list = useInfiniteQuery(
    trpc.operations.deadLetters.list.infiniteQueryOptions(status ? { status } : {}, { getNextPageParam: (last) => last.nextCursor }),
  );
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const [discarding, setDiscarding] = useState<DeadLetterView | null>(null);
  const refresh = () => queryClient.invalidateQueries(trpc.operations.pathFilter());
  const retry = useMutation(
    trpc.operations.deadLetters.retry.mutationOptions({
      onSuccess: async () => {
        toast('Put back on its queue.', 'success');
        await refresh();
      },
      onError: async (err) => {
        toast(errorMessage(err, 'Could not retry it.'), 'error');
        await refresh();
      },
    }),
  );
  const discard = useMutation(
    trpc.operations.deadLetters.discard.mutationOptions({
      onSuccess: async () => {
        setDiscarding(null);
        toast('Discarded.', 'success');
        await refresh();
      },
      onError: async (err) => {
        setDiscarding(null);
        toast(errorMessage(err, 'Could not discard it.'), 'error');
        await refresh();
      },
    }),
  );
  return (
    <section className="page stack">
      <AdminHeader
        title="Operations"
        note="Emails and notification jobs that failed every time they were tried. Fix the cause (the last error says what it was), then Retry; or Discard what should not go out any more."
        aside={<BuildVersionNote />}
      />
      <div className="toolbar">
        <SelectField label="Show" name="status" value={status} onChange={(e) => setStatus(e.target.value as DeadLetterStatus | '')}>
          {DEAD_LETTER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
          <option value="">All</option>
        </SelectField>
      </div>
      <Loaded
        query={list}
        loading="Loading…"
        failed="Could not load the failed messages."
        empty={status === 'waiting' ? 'Nothing waits: every message was delivered or decided.' : 'None.'}
        isEmpty={rows.length === 0}
      >
        {() => (
          <StackTable columns={['Failed', 'What', 'Last error', 'Status', 'Actions']} className="dead-letters-table">
            {rows.map((d) => (
              <tr key={d.id}>
                <td data-label="Failed" className="audit-when">
                  <time dateTime={d.dead_at}>{formatDateTime(Date.parse(d.dead_at))}</time>
                </td>
                <td data-label="What">
                  <div>
                    <span className="dead-letter-kind">{KIND_LABEL[d.kind]}</span> {d.summary}
                  </div>
                </td>
                <td data-label="Last error">
                  <div className="dead-letter-error">{d.last_error ?? <span className="muted">None recorded</span>}</div>
                </td>
                <td data-label="Status">
                  <div>
                    <span className={`badge badge-status badge-${d.status}`}>{STATUS_LABEL[d.status]}</span>
                    {d.handled_at ? (
                      <div className="muted dead-letter-handled">
                        {d.handled_by ? `by ${d.handled_by.name}, ` : ''}
                        {formatDateTime(Date.parse(d.handled_at))}
                      </div>
                    ) : null}
                  </div>
                </td>
                <td data-label="Actions">
                  {d.can_retry || d.can_discard ? (
                    <div className="dead-letter-actions">
                      {d.can_retry ? (
                        <button
                          type="button"
                          className="button button-small"
                          disabled={retry.isPending}
                          aria-label={`Retry: ${d.summary}`}
                          onClick={() => retry.mutate({ id: d.id })}
                        >
                          Retry
                        </button>
                      ) : null}
                      {d.can_discard ? (
                        <button
                          type="button"
                          className="button button-ghost button-small"
                          aria-label={`Discard: ${d.summary}`}
                          onClick={() => setDiscarding(d)}
                        >
                          Discard
                        </button>
                      ) : null}
                    </div>
                  ) : null}
                </td>
              </tr>
            ))}
          </StackTable>
        )}
      </Loaded>
      <LoadMore query={list} label="Load more" />
      <ConfirmDialog
        open={discarding !== null}
        title="Discard this message"
        message={`Discard “${discarding?.summary ?? ''}”? It will not be tried again. The audit log records who discarded it.`}
        confirmLabel="Discard"
        danger
        busy={discard.isPending}
        onConfirm={() => discarding && discard.mutate({ id: discarding.id })}
        onCancel={() => setDiscarding(null)}
      />
    </section>
  );
}
