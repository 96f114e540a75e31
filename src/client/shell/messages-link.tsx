import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { useTRPC } from '../lib/trpc';
import { useAfter } from '../lib/use-after';
import { SOCKET_COUNT_WAIT_MS, useLiveMessages } from '../shared/live/use-live';
import { i18n } from '../i18n/i18n';

/*
 * Issue 38: her unread messages in the header, on every member page, beside the bell (the same
 * first-load chunk, so it must stay small: the pages of /messages are chunks of their own). The
 * count is the query `messages.unread` in the one query client: the socket writes it (its
 * `messages_unread` as she connects, each `message`'s new total), marking a conversation read
 * writes it, and the menu's entry reads it. As the bell, it asks the API only when no socket has
 * said it a few seconds in.
 */

const countText = (n: number) => (n > 99 ? '99+' : String(n));

function useMessagesUnread(ask: boolean): number | undefined {
  const trpc = useTRPC();
  return useQuery({ ...trpc.messages.unread.queryOptions(), staleTime: 60_000, enabled: ask }).data?.unread;
}

/** The header's link to /messages with her unread count (inside the bell's TrpcRoot). */
export function HeaderMessages() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const n = useMessagesUnread(useAfter(SOCKET_COUNT_WAIT_MS));
  const [location] = useLocation();

  useLiveMessages(
    (event) => {
      queryClient.setQueryData(trpc.messages.unread.queryKey(), { unread: event.type === 'message' ? event.unread : event.count });
      if (event.type !== 'message') return;
      // Her list and that conversation are asked again where shown, and are stale where not.
      void queryClient.invalidateQueries(trpc.messages.conversations.pathFilter());
      void queryClient.invalidateQueries({ queryKey: trpc.messages.conversation.queryKey({ id: event.conversation_id }) });
      void queryClient.invalidateQueries({ queryKey: trpc.messages.list.infiniteQueryKey({ id: event.conversation_id }) });
    },
    () => void queryClient.invalidateQueries(trpc.messages.pathFilter()),
    // Her conversations are the page: their news comes at once.
    location.startsWith('/messages'),
  );

  return (
    <Link
      href="/messages"
      className="header-icon messages-button"
      aria-label={n === undefined ? i18n.t('Messages') : i18n.t('Messages, {n} unread', { n })}
    >
      {n ? (
        <span className="count-badge bell-count" aria-hidden="true">
          {countText(n)}
        </span>
      ) : null}
    </Link>
  );
}

/** The count beside Messages in the menu: what the header holds, never a request of its own. */
export function MessagesMenuCount() {
  const n = useMessagesUnread(false);
  if (!n) return null;
  return (
    <span className="count-badge menu-count">
      <span className="visually-hidden">, </span>
      {countText(n)}
      <span className="visually-hidden"> {i18n.t('unread')}</span>
    </span>
  );
}
