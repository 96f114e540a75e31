import type { MembershipStatus } from '../../../shared/membership-term';
import { i18n } from './locales/i18n';

const BADGE: Record<MembershipStatus, string> = { active: 'badge-active', grace: 'badge-pending', lapsed: 'badge-rejected' };

/** A member's term status in the page's language. */
export function membershipStatusLabel(status: MembershipStatus): string {
  return { active: i18n.t('Active'), grace: i18n.t('Grace'), lapsed: i18n.t('Lapsed') }[status];
}

/** A member's term status as User Management and her profile show it (issue 24). */
export function MembershipStatusBadge({ status }: { status: MembershipStatus }) {
  return <span className={`badge ${BADGE[status]}`}>{membershipStatusLabel(status)}</span>;
}
