import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../../worker/router';
import { MAX_TRPC_BATCH } from '../../shared/constants';
import { i18n } from '../i18n/i18n';

export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

export function createTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: '/trpc',
        // The server refuses a larger batch; more calls at once go as several requests.
        maxItems: MAX_TRPC_BATCH,
        fetch: (url, init) => fetch(url, { ...init, credentials: 'same-origin' }),
      }),
    ],
  });
}

/** The server's message of a failed call, or the fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  // What a write made offline answers (issue 40): it is refused in words, never silently lost.
  if (typeof navigator !== 'undefined' && !navigator.onLine)
    return i18n.t('You are offline: nothing was saved. Try again once you are back online.');
  if (error instanceof TRPCClientError && error.message && (error.data?.httpStatus ?? 500) < 500) return error.message;
  return fallback;
}

/** Field name -> first message, from a validation failure. */
export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (error instanceof TRPCClientError) {
    const fe = (error.data as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors;
    if (fe) for (const [k, v] of Object.entries(fe)) if (v[0]) out[k] = v[0];
  }
  return out;
}
