import { useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useCallback } from 'react';
import { useTRPC } from '../../lib/trpc';

/**
 * A comment call refused with 401 means the session ended (expired, or logged out in another
 * tab): ask the server again who the viewer is, and for the comments (their can_edit and
 * can_delete flags are the viewer's), so the page and the widget follow.
 */
export function useOnSessionLost() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    (error: unknown) => {
      if (error instanceof TRPCClientError && error.data?.httpStatus === 401) {
        void queryClient.invalidateQueries(trpc.auth.pathFilter());
        void queryClient.invalidateQueries(trpc.comments.pathFilter());
      }
    },
    [queryClient, trpc],
  );
}
