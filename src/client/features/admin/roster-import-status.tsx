import { formatDate } from '../../../shared/date-format';
import type { ImportRowStatus, ImportRowView, InvitationState } from '../../../shared/schemas/roster-import';
import { MemberName } from '../../shared/members/member-name';
import { i18n } from './locales/i18n';

// The statuses as the issue and the API name them, lowercase: `exists` has the plain badge.
const ROW_BADGE: Record<ImportRowStatus, string> = {
  new: 'badge-active',
  exists: '',
  pending: 'badge-pending',
  duplicate: 'badge-expired',
  invalid: 'badge-rejected',
};

const rowStatusLabel = (status: ImportRowStatus) =>
  ({
    new: i18n.t('new'),
    exists: i18n.t('exists'),
    pending: i18n.t('pending'),
    duplicate: i18n.t('duplicate'),
    invalid: i18n.t('invalid'),
  })[status];

/** A roster row's status as the preview and the report show it (issue 24). */
export function ImportStatusBadge({ status }: { status: ImportRowStatus }) {
  return <span className={`badge ${ROW_BADGE[status]}`.trim()}>{rowStatusLabel(status)}</span>;
}

const INVITATION_BADGE: Record<InvitationState, string> = {
  invited: 'badge-pending',
  registered: 'badge-active',
  expired: 'badge-expired',
};

export function InvitationBadge({ state }: { state: InvitationState }) {
  return (
    <span className={`badge ${INVITATION_BADGE[state]}`}>
      {{ invited: i18n.t('Invited'), registered: i18n.t('Registered'), expired: i18n.t('Invitation expired') }[state]}
    </span>
  );
}

/** A row's status at import with its reasons under it (the preview and the report), and what it keeps but flags (the preview). */
export function ImportStatusCell({ status, errors, warnings = [] }: { status: ImportRowStatus; errors: string[]; warnings?: string[] }) {
  return (
    <span className="import-status">
      <ImportStatusBadge status={status} />
      {errors.map((e) => (
        <span key={e} className="import-error">
          {e}
        </span>
      ))}
      {warnings.map((w) => (
        <span key={w} className="import-warning">
          {w}
        </span>
      ))}
    </span>
  );
}

function DateCell({ label, date }: { label: string; date: string | null }) {
  return (
    <td data-label={label} className="renews-on">
      {date ? formatDate(date) : ''}
    </td>
  );
}

/** The column names of ImportRowCells, in the page's language. */
export const importRowColumns = (memberSince = true) => [
  i18n.t('Line'),
  i18n.t('Email'),
  i18n.t('Name'),
  i18n.t('Type'),
  ...(memberSince ? [i18n.t('Member since')] : []),
  i18n.t('Renews on'),
];

/** A roster row's own cells, the same in the preview and the report: line, email, name, type and its dates. */
export function ImportRowCells({
  row,
  memberSince = true,
  memberId = null,
}: {
  row: ImportRowView;
  memberSince?: boolean;
  /** Her account, once she has one (the report): her name links to her profile. */
  memberId?: number | null;
}) {
  return (
    <>
      <td data-label={i18n.t('Line')}>{row.line}</td>
      <td data-label={i18n.t('Email')}>{row.email}</td>
      <td data-label={i18n.t('Name')}>{memberId === null ? row.name : <MemberName id={memberId} name={row.name} />}</td>
      <td data-label={i18n.t('Type')}>{row.type ?? ''}</td>
      {memberSince ? <DateCell label={i18n.t('Member since')} date={row.member_since} /> : null}
      <DateCell label={i18n.t('Renews on')} date={row.renews_on} />
    </>
  );
}
