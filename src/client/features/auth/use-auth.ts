import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/** The session as the server sees it (GET /auth-status's answer, through tRPC). */
export function useAuth() {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.auth.status.queryOptions(), staleTime: 60_000 });
  return {
    pending: query.isPending,
    authenticated: query.data?.authenticated ?? false,
    user: query.data?.user ?? null,
  };
}
