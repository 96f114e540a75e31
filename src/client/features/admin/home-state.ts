import type { HomeState } from '../../../shared/schemas/homes';

/** A home's state as the admin screens badge it (All homes and stays, a member's profile). */
export const HOME_STATE: Record<HomeState, { label: string; badge: string }> = {
  listed: { label: 'Listed', badge: 'badge-active' },
  draft: { label: 'Draft', badge: 'badge-pending' },
  hidden: { label: 'Hidden', badge: 'badge-revoked' },
};
