import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { formatDateTime } from '../../../shared/date-format';
import { useToast } from '../../components/toast';
import { MemberName } from '../../shared/members/member-name';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { AdminHeader, Loaded, StackTable } from './admin-list';
import { ImportRowCells, ImportStatusCell, InvitationBadge } from './roster-import-status';
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
        toast('A new invitation is on its way.', 'success');
        await queryClient.invalidateQueries(trpc.membership.imports.pathFilter());
      },
      onError: (err) => toast(errorMessage(err, 'Could not resend the invitation.'), 'error'),
    }),
  );
  const r = report.data;
  return (
    <section className="page stack">
      <AdminHeader
        title={r ? `Import: ${r.file_name}` : 'Import'}
        note={
          r ? (
            <>
              Imported {formatDateTime(r.created_at)}
              {r.created_by_name ? (
                <>
                  {' by '}
                  <MemberName id={r.created_by_id} name={r.created_by_name} />
                </>
              ) : null}
              .
            </>
          ) : undefined
        }
        aside={<Link href="/admin/import">Import another roster</Link>}
      />
      <Loaded query={report} loading="Loading the import…" failed="Could not load the import." empty="" isEmpty={false}>
        {() =>
          r ? (
            <>
              <p className="muted">
                {r.counts.new} invited · {r.counts.exists} already {r.counts.exists === 1 ? 'a member' : 'members'} · {r.counts.pending}{' '}
                pending · {r.counts.duplicate} duplicate · {r.counts.invalid} invalid
                {r.unknown_columns.length ? ` · columns ignored: ${r.unknown_columns.join(', ')}` : ''}
              </p>
              <StackTable columns={['Line', 'Email', 'Name', 'Type', 'Renews on', 'At import', 'Now']} className="import-table">
                {r.rows.map((row) => (
                  <tr key={row.line}>
                    <ImportRowCells row={row} memberSince={false} memberId={row.member_id} />
                    <td data-label="At import">
                      <ImportStatusCell status={row.status} errors={row.errors} />
                    </td>
                    <td data-label="Now">
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
                              Resend invitation
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
