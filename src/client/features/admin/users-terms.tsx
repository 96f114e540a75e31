import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { formatDate } from '../../../shared/date-format';
import { USER_STATUS_FILTERS, type UserStatusFilter, type UserView } from '../../../shared/schemas/membership';
import { useToast } from '../../components/toast';
import { downloadFrom } from '../../lib/download';
import { i18n } from './locales/i18n';
import { MembershipStatusBadge } from './membership-status';

// Issue 24's pieces of User Management: the status filter (kept in the URL, so the admin
// dashboard links to it), each member's renews-on date, and "Download roster".

const filterLabel = (filter: UserStatusFilter) =>
  ({
    active: i18n.t('Active'),
    grace: i18n.t('In grace'),
    lapsed: i18n.t('Lapsed'),
    due: i18n.t('Renewal due in 30 days'),
    due_60: i18n.t('Renewal due in 60 days'),
    due_90: i18n.t('Renewal due in 90 days'),
  })[filter];

/** ?status= of /users: a membership status, `due`, or none (every member). */
export function useStatusFilter(): [UserStatusFilter | undefined, (next: UserStatusFilter | undefined) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const raw = new URLSearchParams(search).get('status');
  const status = (USER_STATUS_FILTERS as readonly string[]).includes(raw ?? '') ? (raw as UserStatusFilter) : undefined;
  const set = (next: UserStatusFilter | undefined) => navigate(next ? `${location}?status=${next}` : location, { replace: true });
  return [status, set];
}

export function StatusFilterField({
  value,
  onChange,
}: {
  value: UserStatusFilter | undefined;
  onChange: (v: UserStatusFilter | undefined) => void;
}) {
  return (
    <div className="field">
      <label htmlFor="user-status">{i18n.t('Membership')}</label>
      <select
        id="user-status"
        value={value ?? ''}
        onChange={(e) => onChange((e.target.value || undefined) as UserStatusFilter | undefined)}
      >
        <option value="">{i18n.t('All members')}</option>
        {USER_STATUS_FILTERS.map((s) => (
          <option key={s} value={s}>
            {filterLabel(s)}
          </option>
        ))}
      </select>
    </div>
  );
}

export function RenewsOnCell({ member }: { member: UserView }) {
  return (
    <span className="renews-on">
      {formatDate(member.renews_on)} {member.admin || member.status === 'active' ? null : <MembershipStatusBadge status={member.status} />}
    </span>
  );
}

const ROSTER_PATH = '/api/admin/members.csv';

/** "Download roster": the server's CSV (a refusal shows as a toast). */
export function RosterDownload() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const failed = await downloadFrom(ROSTER_PATH, 'owow-roster.csv');
      if (failed) toast(failed.error ?? i18n.t('Could not download the roster.'), 'error');
    } catch {
      toast(i18n.t('Could not download the roster. Please check your connection and try again.'), 'error');
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="button button-secondary toolbar-action" onClick={download} disabled={busy}>
      {busy ? i18n.t('Preparing…') : i18n.t('Download roster')}
    </button>
  );
}
