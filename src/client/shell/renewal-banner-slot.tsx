import { Suspense } from 'react';
import { page } from '../routes';
import { useAuth } from '../shared/use-auth';

const RenewalBanner = page<'RenewalBanner', { renewsOn: string; grace: boolean }>(
  () => import('../features/settings/renewal-banner'),
  'RenewalBanner',
  'settings',
);

const DAY = 86_400_000;
/** When the page loaded: the banner's stage is read against it (a tab kept open for days reloads anyway). */
const loadedAt = Date.now();

/**
 * Issue 46: renewal is announced before it lapses. Only a member in grace, or whose renews_on is
 * within 30 days, loads the banner's chunk; everyone else pays these few lines of the entry.
 */
export function RenewalBannerSlot() {
  const { user } = useAuth();
  if (!user || user.status === 'lapsed') return null;
  const grace = user.status === 'grace';
  const ahead = Date.parse(user.renews_on) - loadedAt;
  // An admin's passed date is no renewal due (admins never lapse: their status stays active).
  if (!grace && (ahead < -DAY || ahead > 30 * DAY)) return null;
  return (
    <Suspense fallback={null}>
      <RenewalBanner renewsOn={user.renews_on} grace={grace} />
    </Suspense>
  );
}
