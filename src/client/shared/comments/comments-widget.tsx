import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { LoadMore } from '../../components/load-more';
import { COMMENT_MAX_LENGTH } from '../../../shared/constants';
import type { CommentLikeState, CommentOrder, CommentReplyView, CommentView } from '../../../shared/schemas/comments';
import { useTRPC } from '../../lib/trpc';
import { useAuth } from '../use-auth';
import { CommentItem, type Viewer } from './comment-item';
import { CommentTextArea } from './comment-textarea';
import { useNow } from './use-now';
import { useOnSessionLost } from './use-session-lost';
import { useLiveTopic } from '../live/use-live';
import { i18n } from '../locales/i18n';
import { withNodes } from '../../i18n/with-nodes';
import { formatNumber } from '../../i18n/intl-locale';
import './comments.css';

const COUNTER_FROM = COMMENT_MAX_LENGTH - 500;

/** A change to one comment, wherever it sits: at the top level or among a comment's replies. */
function eachComment(page: CommentView[], change: <C extends CommentReplyView>(c: C) => C | null): CommentView[] {
  return page.flatMap((c) => {
    const changed = change(c);
    if (!changed) return [];
    const replies = changed.replies.flatMap((r) => change(r) ?? []);
    return [
      replies.length === changed.replies.length && replies.every((r, i) => r === changed.replies[i])
        ? changed
        : { ...changed, replies, reply_count: replies.length },
    ];
  });
}

/**
 * SPEC 2 "Comments widget" for one commentable ("event-12" or "image-7"): states loading, error,
 * empty and list; members post, like, and edit or delete what they may. Comments are members-only
 * (DECISIONS "Privacy and trust"): a visitor, which is what a member becomes when her session ends
 * while the widget is open, sees no comments (not even those already loaded) and is invited to
 * log in. Likes, edits and deletes change the list only once the server agrees.
 */
export function CommentsWidget({
  commentableId,
  composeNote = null,
}: {
  commentableId: string;
  /** Why she may read but not write here (a circle's post she may not comment on): shown instead of the form. */
  composeNote?: string | null;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const auth = useAuth();
  const viewer: Viewer | null = auth.authenticated && auth.user ? { id: auth.user.user_id } : null;
  // SPEC's 'Newest First', or its other way round (issue 46 point 11); newest keeps SPEC's input.
  const [order, setOrder] = useState<CommentOrder>('newest');
  const input = order === 'newest' ? { commentableId } : { commentableId, order };
  const listKey = trpc.comments.list.infiniteQueryKey(input);
  // Newest first, a page at a time ("Show older comments"). The server answers a visitor 401:
  // there is nothing to ask for without a session.
  const list = useInfiniteQuery({
    ...trpc.comments.list.infiniteQueryOptions(input, { getNextPageParam: (last) => last.nextCursor ?? undefined }),
    enabled: viewer !== null,
  });
  // Others' comments and likes arrive without a reload (issue 23); what she is typing is hers alone.
  useLiveTopic(viewer ? commentableId : null, () => void queryClient.invalidateQueries({ queryKey: listKey }));
  const now = useNow();
  const headingId = useId();
  const [text, setText] = useState('');
  const [composing, setComposing] = useState(false);
  const [postFailed, setPostFailed] = useState(false);
  const [justPosted, setJustPosted] = useState<number | null>(null);
  const onSessionLost = useOnSessionLost();
  // A refetch refused with 401 (the session ended): the widget follows to its visitor state.
  useEffect(() => {
    if (list.error) onSessionLost(list.error);
  }, [list.error, onSessionLost]);

  /** Changes every loaded page (`first` says which is the first); `added` moves the total. */
  function changeList(change: (page: CommentView[], first: boolean, index: number) => CommentView[], added = 0) {
    queryClient.setQueryData(listKey, (old) =>
      old ? { ...old, pages: old.pages.map((p, i) => ({ ...p, items: change(p.items, i === 0, i), total: p.total + added })) } : old,
    );
  }

  const post = useMutation(
    trpc.comments.create.mutationOptions({
      onSuccess: (created) => {
        // The newest comment tops the first page (the pages after it keep their cursors), or ends
        // the last one when the oldest come first and that page is loaded.
        const loaded = queryClient.getQueryData(listKey);
        const lastIndex = (loaded?.pages.length ?? 0) - 1;
        if (loaded && order === 'newest') changeList((page, first) => (first ? [created, ...page] : page), 1);
        else if (loaded && loaded.pages[lastIndex]?.nextCursor === null)
          changeList((page, _first, i) => (i === lastIndex ? [...page, created] : page), 1);
        else void queryClient.invalidateQueries({ queryKey: listKey });
        setText('');
        setComposing(false);
        setPostFailed(false);
        setJustPosted(created.id);
      },
      onError: (error) => {
        console.error('Failed to post comment', error);
        setPostFailed(true);
        onSessionLost(error);
      },
    }),
  );

  const trimmed = text.trim();
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!trimmed || post.isPending) return;
    post.mutate({ content: trimmed, commentableId });
  }

  const onUpdated = (updated: CommentView) =>
    changeList((page) =>
      eachComment(page, (c) => (c.id === updated.id ? { ...c, content: updated.content, updated_at: updated.updated_at } : c)),
    );
  // Its replies go with it (the server deleted them too).
  const onDeleted = (id: number) => {
    const gone = comments?.find((c) => c.id === id);
    changeList((page) => eachComment(page, (c) => (c.id === id ? null : c)), -1 - (gone?.reply_count ?? 0));
  };
  const onLikeChanged = (state: CommentLikeState) =>
    changeList((page) =>
      eachComment(page, (c) => (c.id === state.id ? { ...c, like_count: state.like_count, user_liked: state.user_liked } : c)),
    );
  const onReplied = (reply: CommentView) =>
    changeList(
      (page) => page.map((c) => (c.id === reply.parent_id ? { ...c, replies: [...c.replies, reply], reply_count: c.reply_count + 1 } : c)),
      1,
    );

  const comments = viewer ? list.data?.pages.flatMap((p) => p.items) : undefined;
  const total = list.data?.pages[0]?.total ?? 0;
  const fetchFailed = viewer !== null && list.isError && !comments;

  return (
    <section className="comments" aria-labelledby={headingId} data-commentable={commentableId}>
      <header className="comments-header">
        <h3 id={headingId} className="comments-title">
          {i18n.t('Comments')}
          {comments ? <span className="comments-count"> ({formatNumber(total)})</span> : null}
        </h3>
        {viewer ? (
          <button
            type="button"
            className="comments-sort"
            title={
              order === 'newest'
                ? i18n.t('Sorted newest first; press for oldest first')
                : i18n.t('Sorted oldest first; press for newest first')
            }
            onClick={() => setOrder(order === 'newest' ? 'oldest' : 'newest')}
          >
            <span aria-hidden="true">{order === 'newest' ? '↓' : '↑'}</span>{' '}
            {order === 'newest' ? i18n.t('Newest First') : i18n.t('Oldest First')}
          </button>
        ) : null}
      </header>

      {viewer && composeNote ? (
        <p className="comments-note">{composeNote}</p>
      ) : viewer ? (
        <form className="comments-form" onSubmit={submit}>
          <CommentTextArea
            label={i18n.t('Write a comment')}
            className="comments-input"
            placeholder={i18n.t('Write a comment...')}
            rows={composing ? 3 : 1}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onFocus={() => setComposing(true)}
            onBlur={() => {
              if (!text.trim()) setComposing(false);
            }}
          />
          {composing ? (
            <div className="comments-form-actions">
              {text.length >= COUNTER_FROM ? (
                <span className="comments-counter" aria-live="polite">
                  {formatNumber(text.length)} / {formatNumber(COMMENT_MAX_LENGTH)}
                </span>
              ) : null}
              <button type="submit" className="button button-small" disabled={!trimmed || post.isPending}>
                {post.isPending ? i18n.t('Posting…') : i18n.t('Post')}
              </button>
            </div>
          ) : null}
        </form>
      ) : auth.pending ? null : (
        <p className="comments-login">
          {withNodes((m) => i18n.t('Please {link} to read and post comments.', m), { link: <Link href="/login">{i18n.t('log in')}</Link> })}
        </p>
      )}

      <div className="comments-error" role="alert">
        {fetchFailed ? (
          <p className="form-message form-message-error">
            {i18n.t('Failed to fetch comments')}{' '}
            <button type="button" className="text-link" onClick={() => void list.refetch()}>
              {i18n.t('Try again')}
            </button>
          </p>
        ) : null}
        {postFailed ? <p className="form-message form-message-error">{i18n.t('Failed to post comment')}</p> : null}
      </div>

      {!viewer ? null : list.isPending ? (
        <p className="comments-status" role="status">
          {i18n.t('Loading comments...')}
        </p>
      ) : comments && comments.length === 0 ? (
        <p className="comments-status">{i18n.t('No comments yet. Be the first to comment!')}</p>
      ) : comments ? (
        <ol className="comments-list">
          {comments.map((c) => (
            <CommentItem
              key={c.id}
              comment={c}
              viewer={viewer}
              now={now}
              focusOnMount={c.id === justPosted}
              onUpdated={onUpdated}
              onDeleted={onDeleted}
              onLikeChanged={onLikeChanged}
              onReplied={onReplied}
            />
          ))}
        </ol>
      ) : null}
      {viewer && comments ? <LoadMore query={list} label={i18n.t('Show older comments')} /> : null}
    </section>
  );
}
