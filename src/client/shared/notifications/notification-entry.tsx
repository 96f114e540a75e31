import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { formatDate, localTimeZone } from '../../../shared/date-format';
import type { NotificationView } from '../../../shared/notifications';
import { useTRPC } from '../../lib/trpc';
import './notifications.css';

const MINUTE = 60_000;

/** "just now", "12 min ago", "3 h ago", then the date: short enough for the bell on a phone. */
export function notificationWhen(iso: string, now: number): string {
  const at = Date.parse(iso);
  const elapsed = Math.max(0, now - at);
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < 60 * MINUTE) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < 24 * 60 * MINUTE) return `${Math.floor(elapsed / (60 * MINUTE))} h ago`;
  return formatDate(iso.slice(0, 10));
}

/**
 * Marking read: the entries opened (or all of them). Her count comes back in the answer and goes
 * straight into the bell; the lists are asked again.
 */
export function useMarkRead() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.notifications.markRead.mutationOptions({
      onSuccess: ({ count }) => {
        queryClient.setQueryData(trpc.notifications.unreadCount.queryKey(), { count });
        void queryClient.invalidateQueries(trpc.notifications.list.pathFilter());
      },
    }),
  );
}

/**
 * Her browser's zone goes with her settings once a visit, when it differs: the daily summary comes
 * at 07:00 there (UTC until known). Asked where she reads her notifications: the bell's panel,
 * /notifications and Settings > Email.
 */
export function useKeepTimeZone() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery({ ...trpc.notifications.settings.queryOptions(), staleTime: Infinity });
  const update = useMutation(
    trpc.notifications.updateSettings.mutationOptions({
      onSuccess: (saved) => queryClient.setQueryData(trpc.notifications.settings.queryKey(), saved),
    }),
  );
  const sent = useRef(false);
  const { mutate } = update;
  useEffect(() => {
    const zone = localTimeZone();
    if (!settings.data || settings.data.timeZone === zone || sent.current) return;
    sent.current = true;
    mutate({ timeZone: zone });
  }, [settings.data, mutate]);
}

/** One entry: its sentence, when, unread marked; opening it marks it read and goes where it is about. */
export function NotificationEntry({ entry, now, onOpen }: { entry: NotificationView; now: number; onOpen?: () => void }) {
  const markRead = useMarkRead();
  const unread = entry.read_at === null;
  return (
    <li className={unread ? 'notification notification-unread' : 'notification'}>
      <Link
        href={entry.url}
        className="notification-link"
        onClick={() => {
          if (unread) markRead.mutate({ ids: [entry.id] });
          onOpen?.();
        }}
      >
        {unread ? <span className="notification-dot" aria-hidden="true" /> : null}
        <span className="notification-text">
          {entry.text}
          {unread ? <span className="visually-hidden"> (unread)</span> : null}
        </span>
        <time className="notification-time" dateTime={entry.created_at}>
          {notificationWhen(entry.created_at, now)}
        </time>
      </Link>
    </li>
  );
}
