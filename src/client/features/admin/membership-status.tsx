import type { MembershipStatus } from '../../../shared/membership-term';

const LABEL: Record<MembershipStatus, { text: string; badge: string }> = {
  active: { text: 'Active', badge: 'badge-active' },
  grace: { text: 'Grace', badge: 'badge-pending' },
  lapsed: { text: 'Lapsed', badge: 'badge-rejected' },
};

/** A member's term status as User Management and her profile show it (issue 24). */
export function MembershipStatusBadge({ status }: { status: MembershipStatus }) {
  return <span className={`badge ${LABEL[status].badge}`}>{LABEL[status].text}</span>;
}
