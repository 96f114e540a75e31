import type { QueryClient } from '@tanstack/react-query';
import { FIRST_SCREEN_ID, type FirstScreen } from '../../shared/first-screen';

let read = false;
let screen: FirstScreen | null = null;

/**
 * What a server render of her page (src/client/ssr.tsx, in the Worker) renders with: her answers,
 * and a query client of that render alone. Set only for the length of one synchronous
 * renderToString, so two members' renders in one isolate never see each other's.
 */
export interface ServerRenderScope {
  screen: FirstScreen;
  queryClient: QueryClient;
}
let serverScope: ServerRenderScope | null = null;

export function withServerRenderScope<T>(scope: ServerRenderScope, render: () => T): T {
  serverScope = scope;
  try {
    return render();
  } finally {
    serverScope = null;
  }
}

/** The query client of the server render under way, if any (src/client/trpc-root.tsx uses it). */
export function serverRenderQueryClient(): QueryClient | null {
  return serverScope?.queryClient ?? null;
}

/**
 * The answers a member's page arrived with (issue 27; src/worker/first-screen.ts), read once from
 * the HTML: null on a visitor's page, a page without them, or the build's prerender. In the
 * Worker's render of her page, the answers that render is for.
 */
export function firstScreen(): FirstScreen | null {
  if (typeof document === 'undefined') return serverScope?.screen ?? null;
  if (!read) {
    read = true;
    const text = document.getElementById(FIRST_SCREEN_ID)?.textContent;
    try {
      screen = text ? (JSON.parse(text) as FirstScreen) : null;
    } catch {
      screen = null;
    }
  }
  return screen;
}
