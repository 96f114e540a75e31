import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthStatus } from '../../shared/schemas/auth';

/**
 * The key tRPC gives `auth.status`, so `trpc.auth.pathFilter()` invalidations (login, logout,
 * settings) refresh this query too.
 */
export const AUTH_STATUS_KEY = [['auth', 'status'], { type: 'query' }] as const;

/**
 * The session as the server sees it. The shell (menu, guards) reads it on every page, public ones
 * included, so it comes from the documented GET /auth-status (same service as tRPC auth.status)
 * without loading the tRPC client.
 */
export const authStatusQuery = queryOptions({
  queryKey: AUTH_STATUS_KEY,
  queryFn: async (): Promise<AuthStatus> => {
    const res = await fetch('/auth-status', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    if (!res.ok) throw Object.assign(new Error('Failed to load the session'), { status: res.status });
    return res.json();
  },
  staleTime: 60_000,
});

export function useAuth() {
  const query = useQuery(authStatusQuery);
  return {
    pending: query.isPending,
    authenticated: query.data?.authenticated ?? false,
    user: query.data?.user ?? null,
  };
}
