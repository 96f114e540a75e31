import type { HomeState } from '../../../shared/schemas/homes';
import { i18n } from './locales/i18n';

const BADGE: Record<HomeState, string> = { listed: 'badge-active', draft: 'badge-pending', hidden: 'badge-revoked' };

/** A home's state as the admin screens badge it (All homes and stays, a member's profile), in the page's language. */
export function HomeStateBadge({ state }: { state: HomeState }) {
  const label = { listed: i18n.t('Listed'), draft: i18n.t('Draft'), hidden: i18n.t('Hidden') }[state];
  return <span className={`badge ${BADGE[state]}`}>{label}</span>;
}
