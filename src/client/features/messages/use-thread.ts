import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { MessageDto } from '../../../shared/schemas/messages';
import { useTRPC } from '../../lib/trpc';

/**
 * A conversation's messages (messages.list: newest first, each page older than the last), for the
 * thread: oldest to newest. `put` shows the server's answer at once (a message she sent, edited or
 * deleted) until the next fetch confirms it.
 */
export function useThread(id: number) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const input = { id };
  const query = useInfiniteQuery(
    trpc.messages.list.infiniteQueryOptions(input, { getNextPageParam: (last) => last.nextCursor ?? undefined }),
  );
  const key = trpc.messages.list.infiniteQueryKey(input);

  const messages = useMemo(() => {
    const seen = new Set<number>();
    const out: MessageDto[] = [];
    for (const page of query.data?.pages ?? [])
      for (const m of page.items)
        if (!seen.has(m.id)) {
          seen.add(m.id);
          out.push(m);
        }
    return out.reverse();
  }, [query.data]);

  const put = useCallback(
    (message: MessageDto) =>
      queryClient.setQueryData(key, (old) => {
        if (!old) return old;
        const known = old.pages.some((p) => p.items.some((m) => m.id === message.id));
        return {
          ...old,
          pages: old.pages.map((p, i) => ({
            ...p,
            items: known ? p.items.map((m) => (m.id === message.id ? message : m)) : i === 0 ? [message, ...p.items] : p.items,
          })),
        };
      }),
    // The key is the same for one id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, id],
  );

  return { query, messages, put };
}
