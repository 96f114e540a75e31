import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { formatDateTime } from '../../../shared/date-format';
import { useToast } from '../../components/toast';
import { MemberName } from '../../shared/members/member-name';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { withNodes } from '../../i18n/with-nodes';
import { AdminHeader, Loaded, StackTable } from './admin-list';
import { i18n } from './locales/i18n';
import { ImportRowCells, importRowColumns, ImportStatusCell, InvitationBadge } from './roster-import-status';
import './admin.css';

/**
 * /admin/imports/{id} (issue 24): who imported which file and when, and each row's status now
 * (invited, registered, invitation expired), with "Resend invitation" for the expired ones.
 */
export function RosterImportReportPage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const report = useQuery(trpc.membership.imports.report.queryOptions({ id: Number(id) }));
  const resend = useMutation(
    trpc.membership.imports.resend.mutationOptions({
      onSuccess: async () => {
        toast(i18n.t('A new invitation is on its way.'), 'success');
        await queryClient.invalidateQueries(trpc.membership.imports.pathFilter());
      },
      onError: (err) => toast(errorMessage(err, i18n.t('Could not resend the invitation.')), 'error'),
    }),
  );
  const r = report.data;
  return (
    <section className="page stack">
      <AdminHeader
        title={r ? i18n.t('Import: {file}', { file: r.file_name }) : i18n.t('Import')}
        note={
          r ? (
            <>
              {r.created_by_name
                ? withNodes((m) => i18n.t('Imported {date} by {name}.', { date: formatDateTime(r.created_at), ...m }), {
                    name: <MemberName id={r.created_by_id} name={r.created_by_name} />,
                  })
                : i18n.t('Imported {date}.', { date: formatDateTime(r.created_at) })}
            </>
          ) : undefined
        }
        aside={<Link href="/admin/import">{i18n.t('Import another roster')}</Link>}
      />
      <Loaded query={report} loading={i18n.t('Loading the import…')} failed={i18n.t('Could not load the import.')} empty="" isEmpty={false}>
        {() =>
          r ? (
            <>
              <p className="muted">
                {[
                  i18n.t('{count} invited', { count: i18n.number(r.counts.new) }),
                  i18n.t('{count, plural, one {# already a member} other {# already members}}', { count: r.counts.exists }),
                  i18n.t('{count} pending', { count: i18n.number(r.counts.pending) }),
                  i18n.t('{count} duplicate', { count: i18n.number(r.counts.duplicate) }),
                  i18n.t('{count} invalid', { count: i18n.number(r.counts.invalid) }),
                  ...(r.unknown_columns.length ? [i18n.t('columns ignored: {columns}', { columns: r.unknown_columns.join(', ') })] : []),
                ].join(' · ')}
              </p>
              <StackTable columns={[...importRowColumns(false), i18n.t('At import'), i18n.t('Now')]} className="import-table">
                {r.rows.map((row) => (
                  <tr key={row.line}>
                    <ImportRowCells row={row} memberSince={false} memberId={row.member_id} />
                    <td data-label={i18n.t('At import')}>
                      <ImportStatusCell status={row.status} errors={row.errors} />
                    </td>
                    <td data-label={i18n.t('Now')}>
                      {row.invitation ? (
                        <span className="import-status">
                          <InvitationBadge state={row.invitation} />
                          {row.can_resend ? (
                            <button
                              type="button"
                              className="button button-secondary button-small"
                              disabled={resend.isPending}
                              onClick={() => resend.mutate({ id: r.id, line: row.line })}
                            >
                              {i18n.t('Resend invitation')}
                            </button>
                          ) : null}
                        </span>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </StackTable>
            </>
          ) : null
        }
      </Loaded>
    </section>
  );
}
