import { Suspense, type ReactNode } from 'react';
import { useAuth } from '../shared/use-auth';
import { pages as P, TrpcRoot } from '../routes';

/**
 * /home for a signed-in member: "Your club" (issues 31 and 46) instead of the visitors' hero, in
 * its own chunk, which a visitor never fetches. While the session is being asked for (and always
 * in the build's prerender) it is the visitors' page (`fallback`), so hydration matches; the
 * Worker renders her /home with her session and her club's answer, so her HTML is hers at once.
 */
export function YourClubSlot({ fallback }: { fallback: ReactNode }) {
  const { authenticated, user } = useAuth();
  if (!authenticated || !user || user.must_change_password) return <>{fallback}</>;
  return (
    <Suspense fallback={null}>
      <TrpcRoot>
        <P.YourClub />
      </TrpcRoot>
    </Suspense>
  );
}
