import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { useTRPC } from '../lib/trpc';
import { useAfter } from '../lib/use-after';
import { SOCKET_COUNT_WAIT_MS, useLiveUnread } from '../shared/live/use-live';
import { TrpcRoot } from '../trpc-root';
import { HeaderMessages, MessagesMenuCount } from './messages-link';
import './notification-bell.css';
import { i18n } from '../i18n/i18n';

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
      const key = trpc.notifications.unreadCount.queryKey();
      const known = queryClient.getQueryData(key)?.count;
      queryClient.setQueryData(key, { count: n });
      // The count she connects with is news only if it is not the one her page already holds
      // (a rendered /notifications arrives with its list and count: issue 27).
      if (known !== n) void queryClient.invalidateQueries(trpc.notifications.list.pathFilter());
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
        aria-label={n === undefined ? i18n.t('Notifications') : i18n.t('Notifications, {n} unread', { n })}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {n ? (
          <span className="count-badge bell-count" aria-hidden="true">
            {n > 99 ? '99+' : n}
          </span>
        ) : null}
      </button>
      {open ? (
        <div className="bell-panel" id={panelId} role="region" aria-label={i18n.t('Latest notifications')}>
          <Suspense fallback={<p className="bell-status">{i18n.t('Loading…')}</p>}>
            <BellPanel unread={n ?? 0} onClose={close} container={wrap} button={button} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The header's live part: her messages (issue 38) and the bell, in one first-load chunk; with
 * `menuCount`, her unread messages beside Messages in the menu.
 */
export function NotificationBell({ menuCount }: { menuCount?: boolean }) {
  return <TrpcRoot>{menuCount ? <MessagesMenuCount /> : [<HeaderMessages key="messages" />, <Bell key="bell" />]}</TrpcRoot>;
}
