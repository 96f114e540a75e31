import { Suspense } from 'react';
import { useAuth } from '../shared/use-auth';
import { pages as P, TrpcRoot } from '../routes';

/**
 * Below /home's public hero, "Your club" for a signed-in member (issue 31). Nothing of hers is in
 * the prerendered HTML: while the session is being asked for (and always in the build's
 * prerender) this renders nothing, so hydration matches; then her part loads in its own chunk,
 * which a visitor never fetches.
 */
export function YourClubSlot() {
  const { authenticated, user } = useAuth();
  if (!authenticated || !user || user.must_change_password) return null;
  return (
    <Suspense fallback={null}>
      <TrpcRoot>
        <P.YourClub />
      </TrpcRoot>
    </Suspense>
  );
}
