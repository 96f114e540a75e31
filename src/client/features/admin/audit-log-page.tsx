import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import type { AuditLogEntryView } from '../../../shared/schemas/audit-log';
import { SelectField } from '../../components/field';
import { LoadMore } from '../../components/load-more';
import { useTRPC } from '../../lib/trpc';
import { MemberName } from '../../shared/members/member-name';
import { AdminHeader, Loaded, StackTable } from './admin-list';
import { formatDateTime } from '../../../shared/date-format';
import { i18n } from './locales/i18n';
import './admin.css';

function OnWhom({ target }: { target: AuditLogEntryView['target'] }) {
  if (!target) return <span className="muted">—</span>;
  // The kind, unless the name already says it ("Roster import of Nov 27, 2026 (6 rows)").
  const kind = target.name?.startsWith(target.type_label) ? null : target.type_label;
  return (
    // One element: on a phone the cell is a two-column grid (its label, then this).
    <span>
      {kind ? <span className="audit-target-type">{kind}</span> : null}{' '}
      {target.name === null ? (
        // Gone (deleted since): nothing to name or link.
        <span className="muted">{i18n.t('Deleted since')}</span>
      ) : target.type === 'user' ? (
        // A member still here: her name links to her profile (issue 22); a removed one has no name.
        <MemberName id={Number(target.id)} name={target.name} />
      ) : target.path ? (
        <Link href={target.path}>{target.name}</Link>
      ) : (
        target.name
      )}
    </span>
  );
}

function Details({ details }: { details: AuditLogEntryView['details'] }) {
  if (details.length === 0) return <span className="muted">—</span>;
  return (
    <ul className="audit-details">
      {details.map((d) => (
        <li key={d.label}>
          <span className="audit-detail-label">{i18n.t('{label}:', { label: d.label })}</span> {d.value}
        </li>
      ))}
    </ul>
  );
}

/**
 * Issue 11 "Admins see what happened": every recorded action, newest first, by action and by
 * who did it. A table on a desktop, stacked cards on a phone; older entries on demand.
 */
export function AuditLogPage() {
  const trpc = useTRPC();
  const [action, setAction] = useState('');
  const [actorId, setActorId] = useState('');
  const filters = useQuery(trpc.admin.auditLog.filters.queryOptions());
  const input = { action: action || undefined, actor_id: actorId ? Number(actorId) : undefined };
  const log = useInfiniteQuery(trpc.admin.auditLog.list.infiniteQueryOptions(input, { getNextPageParam: (last) => last.nextCursor }));
  const entries = log.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Boolean(action || actorId);

  return (
    <section className="page audit-log-page">
      <AdminHeader title={i18n.t('Audit log')} note={i18n.t('What was done, by whom and to whom, newest first.')} />
      <div className="toolbar" role="search" aria-label={i18n.t('Filter the audit log')}>
        <SelectField label={i18n.t('Action')} name="action" value={action} onChange={(e) => setAction(e.target.value)}>
          <option value="">{i18n.t('All actions')}</option>
          {filters.data?.actions.map((a) => (
            <option key={a.action} value={a.action}>
              {a.label}
            </option>
          ))}
        </SelectField>
        <SelectField label={i18n.t('Who')} name="actor" value={actorId} onChange={(e) => setActorId(e.target.value)}>
          <option value="">{i18n.t('Everyone')}</option>
          {filters.data?.actors.map((a) => (
            <option key={a.id} value={String(a.id)}>
              {a.name}
            </option>
          ))}
        </SelectField>
        {filtered ? (
          <button
            type="button"
            className="button button-ghost button-small audit-clear"
            onClick={() => {
              setAction('');
              setActorId('');
            }}
          >
            {i18n.t('Clear filters')}
          </button>
        ) : null}
      </div>
      <Loaded
        query={log}
        loading={i18n.t('Loading the audit log…')}
        failed={i18n.t('Could not load the audit log.')}
        empty={filtered ? i18n.t('No entries match these filters.') : i18n.t('Nothing has been recorded yet.')}
        isEmpty={entries.length === 0}
      >
        {() => (
          <>
            <StackTable
              columns={[i18n.t('When'), i18n.t('Who'), i18n.t('What'), i18n.t('On whom'), i18n.t('Details')]}
              className="audit-table"
            >
              {entries.map((e) => (
                <tr key={e.id}>
                  <td data-label={i18n.t('When')} className="audit-when">
                    <time dateTime={new Date(e.at).toISOString()}>{formatDateTime(e.at)}</time>
                  </td>
                  <td data-label={i18n.t('Who')}>
                    {e.actor ? (
                      <MemberName id={e.actor.id} name={e.actor.name} />
                    ) : (
                      <span className="muted">{i18n.t('Removed account')}</span>
                    )}
                  </td>
                  <td data-label={i18n.t('What')}>{e.label}</td>
                  <td data-label={i18n.t('On whom')}>
                    <OnWhom target={e.target} />
                  </td>
                  <td data-label={i18n.t('Details')}>
                    <Details details={e.details} />
                  </td>
                </tr>
              ))}
            </StackTable>
            <LoadMore query={log} />
            <p className="pager-count audit-shown" role="status">
              {log.hasNextPage
                ? i18n.t('{count, plural, one {# entry shown} other {# entries shown}}', { count: entries.length })
                : i18n.t('{count, plural, one {# entry shown, that is all} other {# entries shown, that is all}}', {
                    count: entries.length,
                  })}
            </p>
          </>
        )}
      </Loaded>
    </section>
  );
}
