import { lazy, Suspense } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import { ActivitiesColumns } from './activities-columns';

// The circles' member counts (issue 39) come with the API's client, after the page has painted.
const WithCounts = lazy(() => import('./activities-counts').then((m) => ({ default: m.ActivitiesWithCounts })));

/**
 * /activities: the prerendered page as it is, then, once hydrated (in chunks a visitor fetches
 * after the page painted), the same columns with each Gathering's member count.
 */
export function ActivitiesPage() {
  const plain = <ActivitiesColumns />;
  if (!useHydrated()) return plain;
  return (
    <Suspense fallback={plain}>
      <WithCounts />
    </Suspense>
  );
}
