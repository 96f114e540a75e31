// Settings > Signed-in devices with many sessions: this device and the most recently active
// others first, the rest behind "Show all N devices". Rendered by React itself (react-dom/server)
// from a query cache holding what GET /api/account/sessions would answer.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SignedInDevices } from '../../src/client/features/settings/signed-in-devices';
import { TRPCProvider } from '../../src/client/lib/trpc';
import type { AccountSessionView } from '../../src/shared/schemas/account-sessions';
import type { AppRouter } from '../../src/worker/router';

/** The list as the server orders it: this device first, then the others by last activity. */
function sessions(count: number): AccountSessionView[] {
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => ({
    id: i.toString(16).padStart(32, '0'),
    browser: i === 0 ? 'Safari 17' : `Firefox ${100 + i}`,
    os: i === 0 ? 'iOS' : 'Windows',
    created_at: new Date(now - (i + 1) * 86_400_000).toISOString(),
    last_seen_at: new Date(now - i * 7_200_000).toISOString(),
    current: i === 0,
    signed_in_with_passkey: i === 1,
  }));
}

function render(list: AccountSessionView[]): string {
  const queryClient = new QueryClient();
  // Never called: the list is already in the cache.
  const trpcClient = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: 'http://127.0.0.1:1/trpc' })] });
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
  queryClient.setQueryData(trpc.auth.sessions.list.queryKey(), { sessions: list });
  const devices = createElement(SignedInDevices);
  const withTrpc = createElement(TRPCProvider, { trpcClient, queryClient, children: devices });
  return renderToString(createElement(QueryClientProvider, { client: queryClient, children: withTrpc }));
}

const rows = (html: string) => [...html.matchAll(/<li [^>]*class="device"/g)].length;

describe('Signed-in devices', () => {
  it('lists every device when there are a few', () => {
    const html = render(sessions(6));
    expect(rows(html)).toBe(6);
    expect(html).not.toContain('Show all');
    expect(html).toContain('This device');
    // Issue 25: the one that began with a passkey says so.
    expect([...html.matchAll(/With a passkey/g)]).toHaveLength(1);
  });

  it('shows this device and the five most recent others, and offers the rest', () => {
    const html = render(sessions(9));
    expect(rows(html)).toBe(6);
    expect(html).toContain('This device');
    expect(html).toContain('Firefox 105');
    expect(html).not.toContain('Firefox 106');
    expect(html).toContain('Show all 9 devices');
    // Signing out every other device still covers the hidden ones.
    expect(html).toContain('Sign out all other devices');
  });
});
