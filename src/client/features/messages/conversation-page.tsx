import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useLocation, useRoute } from 'wouter';
import type { ConversationDetail, MessageDto } from '../../../shared/schemas/messages';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useToast } from '../../components/toast';
import { statusOf } from '../../lib/http-status';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useNow } from '../../shared/comments/use-now';
import { BlockDialog } from '../../shared/messages/block-dialog';
import { messageDay } from '../../shared/messages/message-time';
import { Composer } from './composer';
import { ConversationFaces, ConversationNames, namesOf } from './conversation-parts';
import { MessageItem } from './message-item';
import { ReportDialog } from './report-dialog';
import { useThread } from './use-thread';
import './messages.css';
import { i18n } from './locales/i18n';

/** Messages by one author within this long of each other read as one run (one face, one name). */
const RUN_MS = 5 * 60 * 1000;
/** She is "at the newest" within this many pixels of the thread's end. */
const AT_END_PX = 96;

function subscribeVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}
/** Whether she can see the page (not a background tab): reading marks a conversation read. */
function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState === 'visible',
    () => false,
  );
}

/**
 * Reading marks it read: whenever the open conversation has unread messages and she can see it.
 * Her total comes back and goes straight into the header.
 */
function useMarkReadWhileOpen(detail: ConversationDetail | undefined) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const visible = usePageVisible();
  const { mutate, isPending } = useMutation(
    trpc.messages.markRead.mutationOptions({
      onSuccess: ({ unread }, { id }) => {
        queryClient.setQueryData(trpc.messages.unread.queryKey(), { unread });
        queryClient.setQueryData(trpc.messages.conversation.queryKey({ id }), (old) => (old ? { ...old, unread_count: 0 } : old));
        void queryClient.invalidateQueries(trpc.messages.conversations.pathFilter());
      },
    }),
  );
  const id = detail?.id;
  const unread = detail?.unread_count ?? 0;
  // Once for each count she sees (a failure is not asked again and again; the next message asks).
  const asked = useRef('');
  useEffect(() => {
    const key = `${id}:${unread}:${detail?.last_message?.id}`;
    if (id === undefined || unread === 0 || !visible || isPending || asked.current === key) return;
    asked.current = key;
    mutate({ id });
  }, [id, unread, visible, isPending, mutate, detail?.last_message?.id]);
}

function ConversationHead({ detail }: { detail: ConversationDetail }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [blocking, setBlocking] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const backToList = (text: string) => {
    toast(text, 'success');
    void queryClient.invalidateQueries(trpc.messages.conversations.pathFilter());
    navigate('/messages');
  };
  const leave = useMutation(
    trpc.messages.leave.mutationOptions({
      onSuccess: () => backToList(i18n.t('You left the conversation.')),
      onError: (error) => {
        setLeaving(false);
        toast(errorMessage(error, i18n.t('Could not leave the conversation.')), 'error');
      },
    }),
  );
  const archive = useMutation(
    trpc.messages.archive.mutationOptions({
      onSuccess: (_, { archived }) => {
        if (archived) backToList(i18n.t('Archived. It comes back to your list when a new message arrives.'));
        else {
          toast(i18n.t('Back in your list.'), 'success');
          void queryClient.invalidateQueries(trpc.messages.pathFilter());
        }
      },
      onError: (error) => toast(errorMessage(error, i18n.t('Could not archive the conversation.')), 'error'),
    }),
  );
  const others = detail.members.filter((m): m is typeof m & { id: number } => m.id !== null);
  return (
    <header className="conversation-head">
      <Link href="/messages" className="conversation-back" aria-label={i18n.t('All messages')}>
        <span className="icon-points" aria-hidden="true">
          ←
        </span>
      </Link>
      <ConversationFaces members={detail.members} size="sm" groupSize="xs" className="conversation-head-faces" />
      <div className="conversation-title">
        <h1 className="conversation-names">
          <ConversationNames members={detail.members} />
        </h1>
        {detail.is_group ? (
          <p className="conversation-sub">
            {i18n.t('{count, plural, one {# member} other {# members}}', { count: detail.members.length + 1 })}
          </p>
        ) : null}
      </div>
      <div className="conversation-tools">
        {detail.can_archive ? (
          <button
            type="button"
            className="button button-ghost button-small"
            disabled={archive.isPending}
            onClick={() => archive.mutate({ id: detail.id, archived: !detail.archived })}
          >
            {detail.archived ? i18n.t('Unarchive') : i18n.t('Archive')}
          </button>
        ) : null}
        {detail.can_leave ? (
          <button type="button" className="button button-ghost button-small" onClick={() => setLeaving(true)}>
            {i18n.t('Leave')}
          </button>
        ) : null}
        {others.length ? (
          <button type="button" className="button button-ghost button-small conversation-block" onClick={() => setBlocking(true)}>
            {i18n.t('Block')}
          </button>
        ) : null}
      </div>
      <BlockDialog open={blocking} candidates={others} onClose={() => setBlocking(false)} />
      <ConfirmDialog
        open={leaving}
        title={i18n.t('Leave this conversation?')}
        message={i18n.t('It leaves your list and you will not receive its new messages. {names} can go on writing to each other.', {
          names: namesOf(detail.members),
        })}
        confirmLabel={i18n.t('Leave')}
        danger
        busy={leave.isPending}
        onConfirm={() => leave.mutate({ id: detail.id })}
        onCancel={() => setLeaving(false)}
      />
    </header>
  );
}

/** The thread: oldest to newest, the newest in view; older pages come as she scrolls up, her place kept. */
function Thread({ id, detail }: { id: number; detail: ConversationDetail }) {
  const trpc = useTRPC();
  const { query, messages, put } = useThread(id);
  const now = useNow(30_000);
  const pane = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const fromEnd = useRef<number | null>(null);
  const lastId = useRef<number | null>(null);
  const [newBelow, setNewBelow] = useState(false);
  const [heard, setHeard] = useState('');
  const [reporting, setReporting] = useState<MessageDto | null>(null);
  const send = useMutation(trpc.messages.send.mutationOptions());
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;

  const toEnd = () => {
    const p = pane.current;
    if (p) p.scrollTop = p.scrollHeight;
    setNewBelow(false);
  };
  const older = () => {
    const p = pane.current;
    if (!p || !hasNextPage || isFetchingNextPage) return;
    fromEnd.current = p.scrollHeight - p.scrollTop;
    void fetchNextPage();
  };

  // After each change: older messages above keep her place; a new one below follows her if she
  // was at the end (or sent it), else says so in a small button.
  useLayoutEffect(() => {
    const p = pane.current;
    if (!p || messages.length === 0) return;
    const newest = messages[messages.length - 1]!;
    if (fromEnd.current !== null && !isFetchingNextPage) {
      p.scrollTop = p.scrollHeight - fromEnd.current;
      fromEnd.current = null;
    } else if (lastId.current === null || atEnd.current || (newest.id !== lastId.current && newest.is_mine)) {
      toEnd();
    } else if (newest.id !== lastId.current) {
      setNewBelow(true);
    }
    // A screen reader hears a new message from the others (not each older page).
    if (lastId.current !== null && newest.id > lastId.current && !newest.is_mine)
      setHeard(i18n.t('New message from {name}', { name: newest.author.name }));
    lastId.current = newest.id;
  }, [messages, isFetchingNextPage]);

  // Near the top, the next older page loads (the button stays, for keyboards and after a failure).
  const watching = hasNextPage && !isFetchingNextPage && !isFetchNextPageError && messages.length > 0;
  useEffect(() => {
    const p = pane.current;
    const sentinel = top.current;
    if (!watching || !p || !sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && older(), {
      root: p,
      rootMargin: '300px 0px 0px 0px',
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
    // older() reads the latest state through the values below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [watching, messages.length]);

  return (
    <>
      <div
        ref={pane}
        className="thread"
        onScroll={(e) => {
          const p = e.currentTarget;
          atEnd.current = p.scrollHeight - p.scrollTop - p.clientHeight < AT_END_PX;
          if (atEnd.current && newBelow) setNewBelow(false);
        }}
        tabIndex={0}
        aria-label={i18n.t('Messages')}
      >
        <div ref={top} className="thread-top">
          {hasNextPage ? (
            <button type="button" className="button button-ghost button-small" onClick={older} disabled={isFetchingNextPage}>
              {isFetchingNextPage ? i18n.t('Loading…') : isFetchNextPageError ? i18n.t('Try again') : i18n.t('Earlier messages')}
            </button>
          ) : messages.length ? (
            <p className="thread-start">{i18n.t('The beginning of your conversation with {names}.', { names: namesOf(detail.members) })}</p>
          ) : null}
        </div>
        {query.isPending ? (
          <p className="page-status">{i18n.t('Loading messages…')}</p>
        ) : query.isError ? (
          <p className="form-message form-message-error" role="alert">
            {errorMessage(query.error, i18n.t('The messages could not be loaded. Please try again.'))}
          </p>
        ) : (
          <ol className="thread-list">
            {messages.map((m, i) => {
              const prev = messages[i - 1];
              const day = messageDay(m.created_at, now);
              const newDay = !prev || messageDay(prev.created_at, now) !== day;
              const first =
                newDay || !prev || prev.author.id !== m.author.id || Date.parse(m.created_at) - Date.parse(prev.created_at) > RUN_MS;
              return (
                <Fragment key={m.id}>
                  {newDay ? (
                    <li className="thread-day">
                      <span>{day}</span>
                    </li>
                  ) : null}
                  <MessageItem message={m} first={first} group={detail.is_group} now={now} onChanged={put} onReport={setReporting} />
                </Fragment>
              );
            })}
          </ol>
        )}
      </div>
      <p className="visually-hidden" role="status">
        {heard}
      </p>
      {newBelow ? (
        <button type="button" className="thread-new" onClick={toEnd}>
          {i18n.t('New messages')} <span aria-hidden="true">↓</span>
        </button>
      ) : null}
      {detail.can_send ? (
        <Composer
          label={i18n.t('Write to {names}', { names: namesOf(detail.members) })}
          send={async (body) => {
            atEnd.current = true;
            put(await send.mutateAsync({ id, body }));
          }}
        />
      ) : (
        <p className="composer-closed" role="status">
          {detail.cannot_send_reason ?? i18n.t('You cannot write in this conversation.')}
        </p>
      )}
      <ReportDialog messageId={reporting?.id ?? null} authorName={reporting?.author.name ?? ''} onClose={() => setReporting(null)} />
    </>
  );
}

/**
 * /messages/{id} (issue 38): a conversation. Its people at the top (with Block, and Leave for a
 * group or Archive for two), the thread, and the composer (or why she cannot write). New
 * messages arrive over the live socket (shell/messages-link.tsx asks again for this thread).
 */
export function ConversationPage() {
  const trpc = useTRPC();
  const [, params] = useRoute<{ id: string }>('/messages/:id');
  const id = Number(params?.id);
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({ ...trpc.messages.conversation.queryOptions({ id }), enabled: valid });
  useMarkReadWhileOpen(detail.data);

  if (!valid || (detail.isError && statusOf(detail.error) === 404)) {
    return (
      <section className="page narrow center stack">
        <h1>{i18n.t('Conversation not found')}</h1>
        <p className="muted">{i18n.t('It may have been left, or the link is wrong.')}</p>
        <p>
          <Link href="/messages" className="button">
            {i18n.t('All messages')}
          </Link>
        </p>
      </section>
    );
  }
  if (detail.isPending) return <p className="page-status">{i18n.t('Loading…')}</p>;
  if (detail.isError)
    return (
      <section className="page narrow">
        <p className="form-message form-message-error" role="alert">
          {errorMessage(detail.error, i18n.t('This conversation could not be loaded. Please try again.'))}
        </p>
      </section>
    );
  return (
    <section className="page conversation-page">
      <ConversationHead detail={detail.data} />
      <Thread key={id} id={id} detail={detail.data} />
    </section>
  );
}
