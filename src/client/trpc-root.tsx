import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createTrpcClient, TRPCProvider } from './lib/trpc';

/**
 * The tRPC client and its React context, loaded as its own chunk around the pages that call the
 * API, so a visitor's first load of a public page does not fetch them (see
 * docs/decisions/0001-first-load-without-trpc.md).
 */
export function TrpcRoot({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [trpcClient] = useState(createTrpcClient);
  return (
    <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
      {children}
    </TRPCProvider>
  );
}
