import { useQuery } from '@tanstack/react-query';
import { useEffect, type RefObject } from 'react';
import { Link } from 'wouter';
import { BELL_ENTRIES } from '../../shared/notifications';
import { useTRPC } from '../lib/trpc';
import { useNow } from '../shared/comments/use-now';
import { NotificationEntry, useKeepTimeZone, useMarkRead } from '../shared/notifications/notification-entry';
import { i18n } from '../i18n/i18n';

/**
 * What the bell opens: the latest ten, "Mark all as read" and "See all". It closes on Escape (focus
 * back on the bell) and on a click or tap outside the bell and the panel.
 */
export function BellPanel({
  unread,
  onClose,
  container,
  button,
}: {
  unread: number;
  onClose: () => void;
  container: RefObject<HTMLElement | null>;
  button: RefObject<HTMLButtonElement | null>;
}) {
  const trpc = useTRPC();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      onClose();
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (container.current && !container.current.contains(e.target as Node)) onClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [onClose, container, button]);
  const latest = useQuery(trpc.notifications.list.queryOptions({ limit: BELL_ENTRIES }));
  const markAll = useMarkRead();
  const now = useNow();
  useKeepTimeZone();
  const entries = latest.data?.items ?? [];
  return (
    <>
      <div className="bell-panel-head">
        <h2>{i18n.t('Notifications')}</h2>
        <button
          type="button"
          className="button button-ghost button-small"
          disabled={unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate({ all: true })}
        >
          {i18n.t('Mark all as read')}
        </button>
      </div>
      {latest.isPending ? (
        <p className="bell-status">{i18n.t('Loading…')}</p>
      ) : latest.isError ? (
        <p className="bell-status">{i18n.t('Could not load your notifications.')}</p>
      ) : entries.length === 0 ? (
        <p className="bell-status">{i18n.t('No notifications yet.')}</p>
      ) : (
        <ul className="notification-list">
          {entries.map((entry) => (
            <NotificationEntry key={entry.id} entry={entry} now={now} onOpen={onClose} />
          ))}
        </ul>
      )}
      <Link href="/notifications" className="bell-see-all" onClick={onClose}>
        {i18n.t('See all')}
      </Link>
    </>
  );
}
