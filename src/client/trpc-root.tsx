import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { queryClient } from './lib/query-client';
import { createTrpcClient, TRPCProvider } from './lib/trpc';

/**
 * TanStack Query, the tRPC client and their React contexts, loaded as one chunk around the pages
 * that call the API, so a visitor's first load of a public page fetches none of them (see
 * docs/decisions/0001-first-load-without-trpc.md). The query client is one for the whole visit.
 */
export function TrpcRoot({ children }: { children: ReactNode }) {
  const [trpcClient] = useState(createTrpcClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
