import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { serverRenderQueryClient } from './lib/first-screen';
import { queryClient as browserQueryClient } from './lib/query-client';
import { createTrpcClient, TRPCProvider } from './lib/trpc';
import { ApiRoutes } from './api-routes';

/**
 * TanStack Query, the tRPC client and their React contexts, loaded as one chunk around the pages
 * that call the API, so a visitor's first load of a public page fetches none of them (see
 * docs/decisions/0001-first-load-without-trpc.md). The query client is one for the whole visit; the
 * Worker's render of her page (src/client/ssr.tsx) has one of its own.
 */
export function TrpcRoot({ children }: { children: ReactNode }) {
  const [trpcClient] = useState(createTrpcClient);
  const [queryClient] = useState(() => serverRenderQueryClient() ?? browserQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}

/** The pages that call the API (app.tsx's route for every path it does not name itself). */
export function ApiPages() {
  return (
    <TrpcRoot>
      <ApiRoutes />
    </TrpcRoot>
  );
}
