import { QueryClient, QueryObserver, queryOptions, type QueryObserverResult } from '@tanstack/react-query';
import type { AuthStatus } from '../../shared/schemas/auth';
import {
  AUTH_STATUS_KEY,
  AUTH_STATUS_STALE_MS,
  fetchAuthStatus,
  handAuthTo,
  type AuthSeed,
  type AuthSnapshot,
  type AuthSource,
} from '../shared/use-auth';
import { seedFirstScreen } from './first-screen-seed';
import { shouldRetry } from './http-status';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
      },
    },
  });
}

/** The session as a query: GET /auth-status under the key tRPC gives auth.status. */
export const authStatusQuery = queryOptions({
  queryKey: AUTH_STATUS_KEY,
  queryFn: fetchAuthStatus,
  staleTime: AUTH_STATUS_STALE_MS,
});

/**
 * The app's one QueryClient. It lives in the chunk of the pages that call the API (with the tRPC
 * client, see src/client/trpc-root.tsx), so a visitor's first load of a public page does not fetch
 * TanStack Query; it is created once, the first time such a page loads, and outlives the pages.
 * From then on the session the shell shows is this client's auth-status query (handAuthTo).
 */
export const queryClient = createQueryClient();

// In the browser only: the Worker, which imports this module to render a member's page
// (src/client/ssr.tsx), renders each page with a query client and a session of that page's own.
if (typeof document !== 'undefined') {
  seedFirstScreen(queryClient);
  handAuthTo(browserAuthSource);
}

function browserAuthSource(seed: AuthSeed): AuthSource {
  // Carry over what the plain fetch already knows, so the query neither asks twice nor starts blank.
  if (seed.inFlight) {
    const pending = seed.inFlight;
    void queryClient.prefetchQuery({ ...authStatusQuery, queryFn: () => pending, retry: false });
  } else if (seed.data) {
    queryClient.setQueryData(AUTH_STATUS_KEY, seed.data, { updatedAt: seed.updatedAt });
  }
  const observer = new QueryObserver(queryClient, authStatusQuery);
  // queryClient.clear() (logout) drops the query this observer watches: watch the new, empty one
  // at once (it fetches again while anything shows the session), as a mounted useQuery does.
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'removed' && event.query === observer.getCurrentQuery()) observer.setOptions(authStatusQuery);
  });
  let lastResult: QueryObserverResult<AuthStatus> | undefined;
  let snapshot: AuthSnapshot = { pending: true, data: undefined };
  return {
    subscribe: (onChange) => observer.subscribe(() => onChange()),
    get() {
      const result = observer.getCurrentResult();
      if (result !== lastResult) {
        lastResult = result;
        snapshot = { pending: result.isPending, data: result.data };
      }
      return snapshot;
    },
    // Fetches only when stale, and joins a request already under way.
    refreshIfStale: () => void queryClient.prefetchQuery({ ...authStatusQuery, retry: shouldRetry }),
  };
}
