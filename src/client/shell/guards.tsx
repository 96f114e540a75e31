import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useAuth } from '../shared/use-auth';

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
  const mustChange = user?.mustChangePassword && location !== '/settings';
  const target = pending
    ? null
    : !authenticated
      ? `${unauthenticatedTo}${unauthenticatedTo === '/login' ? `?next=${encodeURIComponent(location + window.location.search)}` : ''}`
      : mustChange
        ? '/settings'
        : admin && !user?.can.admin
          ? nonAdminTo
          : admin && user?.needsTwoFactorSetup
            ? // Every admin call refuses her until 2FA is on (403 TWO_FACTOR_REQUIRED): Settings explains and sets it up.
              '/settings'
            : null;

  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);

  if (pending || target) return <p className="page-status">No Access</p>;
  return <>{children}</>;
}
