import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTRPC } from '../lib/trpc';
import { useLiveUnread } from '../shared/live/use-live';
import { TrpcRoot } from '../trpc-root';
import './notification-bell.css';

/*
 * The bell in the header (issue 23): her unread count, kept current over the live socket, and a
 * panel of the latest ten with "See all" (/notifications). shell/menu.tsx lazy-loads this small
 * part on every member's page (counted in her first load, scripts/lib/first-load-js.ts); the
 * panel's code comes the first time she opens it. The icon is the button's CSS (its ::before),
 * which keeps this first-load chunk small.
 *
 * The count comes with the live socket: her Durable Object says it as she connects, so a page load
 * asks the API for nothing more than its own first screen. Only when no count has come a few
 * seconds in (no socket: a proxy, an old browser) does the bell ask GET unread-count's procedure,
 * and then again on focus and reconnect, as any query.
 */

/** How long the bell waits for the socket's count before asking the API itself. */
const SOCKET_COUNT_WAIT_MS = 4000;

function useAfter(ms: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return elapsed;
}

const BellPanel = lazy(() => import('./notification-bell-panel').then((m) => ({ default: m.BellPanel })));

function Bell() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const panelId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const socketQuiet = useAfter(SOCKET_COUNT_WAIT_MS);
  const count = useQuery({ ...trpc.notifications.unreadCount.queryOptions(), staleTime: 60_000, enabled: socketQuiet });

  useLiveUnread(
    (n) => {
      queryClient.setQueryData(trpc.notifications.unreadCount.queryKey(), { count: n });
      void queryClient.invalidateQueries(trpc.notifications.list.pathFilter());
    },
    () => void queryClient.invalidateQueries(trpc.notifications.pathFilter()),
  );

  // Until her count is known the bell says only what it is.
  const n = count.data?.count;
  return (
    <div className="bell" ref={wrap}>
      <button
        ref={button}
        type="button"
        className="bell-button"
        aria-label={n === undefined ? 'Notifications' : `Notifications, ${n} unread`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {n ? (
          <span className="bell-count" aria-hidden="true">
            {n > 99 ? '99+' : n}
          </span>
        ) : null}
      </button>
      {open ? (
        <div className="bell-panel" id={panelId} role="region" aria-label="Latest notifications">
          <Suspense fallback={<p className="bell-status">Loading…</p>}>
            <BellPanel unread={n ?? 0} onClose={close} container={wrap} button={button} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}

export function NotificationBell() {
  return (
    <TrpcRoot>
      <Bell />
    </TrpcRoot>
  );
}
