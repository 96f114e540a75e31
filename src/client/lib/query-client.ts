import { QueryClient } from '@tanstack/react-query';

/** HTTP status carried by a failed call (tRPC errors put it in data.httpStatus). */
function statusOf(error: unknown): number {
  const e = error as { data?: { httpStatus?: number }; status?: number } | null;
  return e?.data?.httpStatus ?? e?.status ?? 500;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again.
        retry: (count, error) => statusOf(error) >= 500 && count < 2,
      },
    },
  });
}
