import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { FirstScreenQuery } from '../../shared/first-screen';
import { firstScreen } from './first-screen';

/**
 * The key tRPC's TanStack Query integration gives a call (getQueryKey of @trpc/tanstack-react-query:
 * the path's parts, then the input and the kind), so the page's own useQuery/useInfiniteQuery
 * finds the answer. Undefined fields of the page's input are not part of a key's hash.
 */
export function firstScreenKey(q: FirstScreenQuery): QueryKey {
  return [q.path.split('.'), { ...(q.input !== undefined && { input: q.input }), type: q.infinite ? 'infinite' : 'query' }];
}

/**
 * Puts the answers the page arrived with into the query cache before anything renders, as fresh as
 * a fetch of this moment (the queries' staleTime then spares a second request).
 */
export function seedFirstScreen(queryClient: QueryClient): void {
  const screen = firstScreen();
  if (!screen) return;
  const updatedAt = Date.now();
  for (const q of screen.queries) {
    const data = q.infinite ? { pages: [q.data], pageParams: [undefined] } : q.data;
    queryClient.setQueryData(firstScreenKey(q), data, { updatedAt });
  }
}
