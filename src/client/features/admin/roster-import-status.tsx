import type { ImportRowStatus, InvitationState } from '../../../shared/schemas/roster-import';
import { INVITATION_STATE_LABELS } from '../../../shared/schemas/roster-import';

const ROW_BADGE: Record<ImportRowStatus, string> = {
  new: 'badge-active',
  exists: 'badge-status',
  pending: 'badge-pending',
  duplicate: 'badge-expired',
  invalid: 'badge-rejected',
};

/** A roster row's status as the preview and the report show it (issue 24). */
export function ImportStatusBadge({ status }: { status: ImportRowStatus }) {
  return <span className={`badge ${ROW_BADGE[status]}`}>{status}</span>;
}

const INVITATION_BADGE: Record<InvitationState, string> = {
  invited: 'badge-pending',
  registered: 'badge-active',
  expired: 'badge-expired',
};

export function InvitationBadge({ state }: { state: InvitationState }) {
  return <span className={`badge ${INVITATION_BADGE[state]}`}>{INVITATION_STATE_LABELS[state]}</span>;
}

/** A row's status at import with its reasons under it (the preview and the report). */
export function ImportStatusCell({ status, errors }: { status: ImportRowStatus; errors: string[] }) {
  return (
    <span className="import-status">
      <ImportStatusBadge status={status} />
      {errors.map((e) => (
        <span key={e} className="import-error">
          {e}
        </span>
      ))}
    </span>
  );
}
