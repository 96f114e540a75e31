import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useAuth } from '../shared/use-auth';
import { LAPSED_MEMBER_PAGES, LapsedNotice } from './guards';
import { i18n } from '../i18n/i18n';

interface GuardProps {
  children: ReactNode;
  /** Where a visitor goes (SPEC 2: /login, or /no-permission for the event page). */
  unauthenticatedTo?: string;
  admin?: boolean;
  /** Where a signed-in non-admin goes on an admin page (SPEC 2: /home, or /login). */
  nonAdminTo?: string;
}

/**
 * SPEC 2 "Protected pages": 'No Access' while the check is pending, then a redirect when it
 * fails. Courtesy only: every procedure checks the role on the server again.
 */
export function Protected({ children, unauthenticatedTo = '/login', admin = false, nonAdminTo = '/home' }: GuardProps) {
  const { pending, authenticated, user } = useAuth();
  const [location, navigate] = useLocation();
  const mustChange = user?.must_change_password && !location.startsWith('/settings');
  const target = pending
    ? null
    : !authenticated
      ? `${unauthenticatedTo}${unauthenticatedTo === '/login' ? `?next=${encodeURIComponent(location + window.location.search)}` : ''}`
      : mustChange
        ? '/settings'
        : admin && !user?.can.admin
          ? nonAdminTo
          : admin && user?.needs_two_factor_setup
            ? // Every admin call refuses her until 2FA is on (403 TWO_FACTOR_REQUIRED): Settings explains and sets it up.
              '/settings'
            : null;

  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);

  if (pending || target) return <p className="page-status">{i18n.t('No Access')}</p>;
  // DECISIONS "Membership terms": a lapsed member keeps Settings (her account, her data, deletion);
  // every other member page says why it is closed (the server refuses its calls with MEMBERSHIP_LAPSED).
  if (user?.status === 'lapsed' && !LAPSED_MEMBER_PAGES.test(location)) {
    return <LapsedNotice renewsOn={user.renews_on} />;
  }
  return <>{children}</>;
}
