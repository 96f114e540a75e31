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
import { i18n } from './locales/i18n';
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

const kindLabel = (kind: DeadLetterView['kind']) => ({ mail: i18n.t('Email'), notifications: i18n.t('Notifications') })[kind];
const statusLabel = (status: DeadLetterStatus) =>
  ({ waiting: i18n.t('Waiting'), retried: i18n.t('Retried'), discarded: i18n.t('Discarded') })[status];

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
        toast(i18n.t('Put back on its queue.'), 'success');
        await refresh();
      },
      onError: async (err) => {
        toast(errorMessage(err, i18n.t('Could not retry it.')), 'error');
        await refresh();
      },
    }),
  );
  const discard = useMutation(
    trpc.operations.deadLetters.discard.mutationOptions({
      onSuccess: async () => {
        setDiscarding(null);
        toast(i18n.t('Discarded.'), 'success');
        await refresh();
      },
      onError: async (err) => {
        setDiscarding(null);
        toast(errorMessage(err, i18n.t('Could not discard it.')), 'error');
        await refresh();
      },
    }),
  );
  return (
    <section className="page stack">
      <AdminHeader
        title={i18n.t('Operations')}
        note={i18n.t(
          'Emails and notification jobs that failed every time they were tried. Fix the cause (the last error says what it was), then Retry; or Discard what should not go out any more.',
        )}
        aside={<BuildVersionNote />}
      />
      <div className="toolbar">
        <SelectField
          label={i18n.t('Show')}
          name="status"
          value={status}
          onChange={(e) => setStatus(e.target.value as DeadLetterStatus | '')}
        >
          {DEAD_LETTER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
          <option value="">{i18n.t('All')}</option>
        </SelectField>
      </div>
      <Loaded
        query={list}
        loading={i18n.t('Loading…')}
        failed={i18n.t('Could not load the failed messages.')}
        empty={status === 'waiting' ? i18n.t('Nothing waits: every message was delivered or decided.') : i18n.t('None.')}
        isEmpty={rows.length === 0}
      >
        {() => (
          <StackTable
            columns={[i18n.t('Failed'), i18n.t('What'), i18n.t('Last error'), i18n.t('Status'), i18n.t('Actions')]}
            className="dead-letters-table"
          >
            {rows.map((d) => (
              <tr key={d.id}>
                <td data-label={i18n.t('Failed')} className="audit-when">
                  <time dateTime={d.dead_at}>{formatDateTime(Date.parse(d.dead_at))}</time>
                </td>
                <td data-label={i18n.t('What')}>
                  <div>
                    <span className="dead-letter-kind">{kindLabel(d.kind)}</span> {d.summary}
                  </div>
                </td>
                <td data-label={i18n.t('Last error')}>
                  <div className="dead-letter-error">{d.last_error ?? <span className="muted">{i18n.t('None recorded')}</span>}</div>
                </td>
                <td data-label={i18n.t('Status')}>
                  <div>
                    <span className={`badge badge-status badge-${d.status}`}>{statusLabel(d.status)}</span>
                    {d.handled_at ? (
                      <div className="muted dead-letter-handled">
                        {d.handled_by
                          ? i18n.t('by {name}, {date}', { name: d.handled_by.name, date: formatDateTime(Date.parse(d.handled_at)) })
                          : formatDateTime(Date.parse(d.handled_at))}
                      </div>
                    ) : null}
                  </div>
                </td>
                <td data-label={i18n.t('Actions')}>
                  {d.can_retry || d.can_discard ? (
                    <div className="dead-letter-actions">
                      {d.can_retry ? (
                        <button
                          type="button"
                          className="button button-small"
                          disabled={retry.isPending}
                          aria-label={i18n.t('Retry: {summary}', { summary: d.summary })}
                          onClick={() => retry.mutate({ id: d.id })}
                        >
                          {i18n.t('Retry')}
                        </button>
                      ) : null}
                      {d.can_discard ? (
                        <button
                          type="button"
                          className="button button-ghost button-small"
                          aria-label={i18n.t('Discard: {summary}', { summary: d.summary })}
                          onClick={() => setDiscarding(d)}
                        >
                          {i18n.t('Discard')}
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
      <LoadMore query={list} label={i18n.t('Load more')} />
      <ConfirmDialog
        open={discarding !== null}
        title={i18n.t('Discard this message')}
        message={i18n.t('Discard “{summary}”? It will not be tried again. The audit log records who discarded it.', {
          summary: discarding?.summary ?? '',
        })}
        confirmLabel={i18n.t('Discard')}
        danger
        busy={discard.isPending}
        onConfirm={() => discarding && discard.mutate({ id: discarding.id })}
        onCancel={() => setDiscarding(null)}
      />
    </section>
  );
}
