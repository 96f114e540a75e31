import { useEffect, useSyncExternalStore } from 'react';
import type { AuthStatus } from '../../shared/schemas/auth';
import { firstScreen } from '../lib/first-screen';
import { retryDelay, shouldRetry } from '../lib/http-status';

/**
 * The key tRPC gives `auth.status`, so `trpc.auth.pathFilter()` invalidations (login, logout,
 * settings) refresh the session too.
 */
export const AUTH_STATUS_KEY = [['auth', 'status'], { type: 'query' }] as const;

/** How long an answer counts as fresh: a page that mounts later than this asks again. */
export const AUTH_STATUS_STALE_MS = 60_000;

/** The documented GET /auth-status (same service as tRPC auth.status), without the tRPC client. */
export async function fetchAuthStatus(): Promise<AuthStatus> {
  const res = await fetch('/auth-status', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!res.ok) throw Object.assign(new Error('Failed to load the session'), { status: res.status });
  return res.json();
}

export interface AuthSnapshot {
  /** No answer yet (the first request, or the one after the cache was cleared, is under way). */
  pending: boolean;
  data: AuthStatus | undefined;
}

/** Where the shell reads the session from; see handAuthTo. */
export interface AuthSource {
  subscribe(onChange: () => void): () => void;
  get(): AuthSnapshot;
  /** Asks again when the answer is older than AUTH_STATUS_STALE_MS (what a query does on mount). */
  refreshIfStale(): void;
}

/** What the plain-fetch source knows when TanStack Query takes over. */
export interface AuthSeed {
  data: AuthStatus | undefined;
  updatedAt: number;
  /** The request still under way, so the query waits for it instead of sending another. */
  inFlight: Promise<AuthStatus> | undefined;
}

/**
 * Before TanStack Query is loaded: one GET /auth-status, retried like a query (5xx and network
 * failures, twice, with its back-off), asked again on mount when stale.
 */
function createFetchSource() {
  // A member's page may arrive with the answer in its HTML (issue 27): then nothing is asked.
  const arrived = firstScreen()?.auth;
  let snapshot: AuthSnapshot = arrived ? { pending: false, data: arrived } : { pending: true, data: undefined };
  let updatedAt = arrived ? Date.now() : 0;
  let inFlight: Promise<AuthStatus> | undefined;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());

  async function attempt(): Promise<AuthStatus> {
    for (let failures = 0; ; failures++) {
      try {
        return await fetchAuthStatus();
      } catch (error) {
        if (!shouldRetry(failures, error)) throw error;
        await new Promise((r) => setTimeout(r, retryDelay(failures)));
      }
    }
  }
  function load() {
    if (inFlight) return;
    const request = attempt();
    inFlight = request;
    request
      .then(
        (data) => {
          snapshot = { pending: false, data };
          updatedAt = Date.now();
        },
        // Like a query: a failed refetch keeps the last answer; a failed first one is "not signed in".
        () => {
          snapshot = { pending: false, data: snapshot.data };
        },
      )
      .finally(() => {
        if (inFlight === request) inFlight = undefined;
        notify();
      });
  }

  const source: AuthSource = {
    subscribe(onChange) {
      listeners.add(onChange);
      if (snapshot.pending) load();
      return () => listeners.delete(onChange);
    },
    get: () => snapshot,
    refreshIfStale() {
      if (Date.now() - updatedAt > AUTH_STATUS_STALE_MS) load();
    },
  };
  const seed = (): AuthSeed => ({ data: snapshot.data, updatedAt, inFlight });
  return { source, seed };
}

const fetchSource = createFetchSource();
let source: AuthSource = fetchSource.source;
let handedOver = false;
const hookListeners = new Set<() => void>();
let unsubscribeSource: (() => void) | undefined;
const notifyHooks = () => hookListeners.forEach((l) => l());

function subscribe(onChange: () => void) {
  hookListeners.add(onChange);
  unsubscribeSource ??= source.subscribe(notifyHooks);
  return () => {
    hookListeners.delete(onChange);
    if (hookListeners.size === 0) {
      unsubscribeSource?.();
      unsubscribeSource = undefined;
    }
  };
}

/**
 * The session is read on every page, public ones included, so the first load must not wait for
 * TanStack Query (about 10 KB of gzip that a visitor at / does not otherwise need). Until a page
 * that calls the API loads it, the session comes from a plain fetch; then the query client takes
 * over (src/client/lib/query-client.ts) and the shell reads the query itself, so invalidations,
 * `clear()` on logout and refetches reach it exactly as they reach any other query.
 */
export function handAuthTo(createSource: (seed: AuthSeed) => AuthSource): void {
  if (handedOver) return;
  handedOver = true;
  const seed = fetchSource.seed();
  unsubscribeSource?.();
  source = createSource(seed);
  unsubscribeSource = hookListeners.size ? source.subscribe(notifyHooks) : undefined;
  notifyHooks();
}

/**
 * The snapshot the HTML was rendered with. In the browser that HTML was prerendered at build time
 * (src/client/prerender.tsx), with the session not yet known: React hydrates with that, even when
 * the answer arrived before a lazy part of the page hydrated (the HTML preloads /auth-status), and
 * then renders again with the answer, so there is no hydration mismatch. A server render (the
 * build's, a test's) renders with whatever its source holds; a member's page that the Worker
 * rendered, with the session it was rendered with.
 */
const PENDING: AuthSnapshot = { pending: true, data: undefined };
// A member's page the Worker rendered with her session (issue 27, src/client/ssr.tsx): the Worker's
// render and the browser's hydration both read it from the first screen, one snapshot per answer.
const renderedSnapshots = new WeakMap<AuthStatus, AuthSnapshot>();
function renderedWith(): AuthSnapshot | null {
  const screen = firstScreen();
  if (!screen?.rendered) return null;
  let snapshot = renderedSnapshots.get(screen.auth);
  if (!snapshot) renderedSnapshots.set(screen.auth, (snapshot = { pending: false, data: screen.auth }));
  return snapshot;
}
const getServerSnapshot = () => renderedWith() ?? (typeof window === 'undefined' ? source.get() : PENDING);
/**
 * While the session is still the one her page was rendered with, the very snapshot the page
 * hydrated with: useSyncExternalStore compares snapshots by identity, and a new object with the
 * same answer would make React render the whole app again, synchronously, once it has hydrated.
 */
const getSnapshot = () => {
  const now = source.get();
  const rendered = renderedWith();
  return rendered && now.pending === rendered.pending && now.data === rendered.data ? rendered : now;
};

export function useAuth() {
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  // Each component that reads the session asks again when the answer is stale, as a query would.
  useEffect(() => source.refreshIfStale(), []);
  return {
    pending: snapshot.pending,
    authenticated: snapshot.data?.authenticated ?? false,
    user: snapshot.data?.user ?? null,
  };
}
