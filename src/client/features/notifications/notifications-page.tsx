import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { LoadMore } from '../../components/load-more';
import { useTRPC } from '../../lib/trpc';
import { useNow } from '../../shared/comments/use-now';
import { withNodes } from '../../i18n/with-nodes';
import { NotificationEntry, useKeepTimeZone, useMarkRead } from '../../shared/notifications/notification-entry';
import { i18n } from './locales/i18n';

/**
 * /notifications (issue 23): all of hers, newest first, unread marked, a page at a time; opening
 * one marks it read. The bell keeps the count and this list current over the live socket.
 */
export function NotificationsPage() {
  const trpc = useTRPC();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const input = unreadOnly ? { unread: true } : {};
  const list = useInfiniteQuery(
    trpc.notifications.list.infiniteQueryOptions(input, { getNextPageParam: (last) => last.nextCursor ?? undefined }),
  );
  const count = useQuery({ ...trpc.notifications.unreadCount.queryOptions(), staleTime: 60_000 });
  const markAll = useMarkRead();
  const now = useNow();
  useKeepTimeZone();
  const entries = list.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = count.data?.count ?? 0;

  return (
    <section className="page narrow stack">
      <div className="page-head">
        <div>
          <h1>{i18n.t('Notifications')}</h1>
          <p className="muted" role="status">
            {unread === 0 ? i18n.t('All caught up.') : i18n.t('{count, plural, one {# unread} other {# unread}}', { count: unread })}
          </p>
        </div>
        <button
          type="button"
          className="button button-secondary"
          disabled={unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate({ all: true })}
        >
          {i18n.t('Mark all as read')}
        </button>
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={unreadOnly} onChange={(e) => setUnreadOnly(e.target.checked)} />
        {i18n.t('Unread only')}
      </label>
      {list.isPending ? (
        <p className="page-status">{i18n.t('Loading notifications…')}</p>
      ) : list.isError ? (
        <p className="page-status">{i18n.t('Could not load your notifications.')}</p>
      ) : entries.length === 0 ? (
        <p className="card muted">
          {unreadOnly
            ? i18n.t('Nothing unread.')
            : i18n.t('No notifications yet. Comments, likes and changes to your events will show here.')}
        </p>
      ) : (
        <div className="card card-flush">
          <ul className="notification-list">
            {entries.map((entry) => (
              <NotificationEntry key={entry.id} entry={entry} now={now} />
            ))}
          </ul>
        </div>
      )}
      <LoadMore query={list} label={i18n.t('Older notifications')} />
      <p className="muted">
        {withNodes((m) => i18n.t('Choose which of them you also get by email in {settings}.', m), {
          settings: <Link href="/settings#email">{i18n.t('Settings')}</Link>,
        })}
      </p>
    </section>
  );
}
