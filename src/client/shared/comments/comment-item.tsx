import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { relativeTime } from '../../../shared/relative-time';
import type { CommentLikeState, CommentReplyView, CommentView } from '../../../shared/schemas/comments';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useTRPC } from '../../lib/trpc';
import { CommentTextArea } from './comment-textarea';
import { LinkifiedText } from './linkified-text';
import { MemberName, nameOrFormer } from '../members/member-name';
import { useOnSessionLost } from './use-session-lost';
import { formatDateTime } from '../../../shared/date-format';
import { ReplyForm } from './reply-form';
import { i18n } from '../locales/i18n';
import { intlLocale } from '../../i18n/intl-locale';

/** Who reads the widget: a signed-in member (by id, for wording only) or null for a visitor. */
export interface Viewer {
  id: number;
}

interface CommentItemProps {
  /** A top-level comment (with its replies) or a reply. */
  comment: CommentView | CommentReplyView;
  viewer: Viewer | null;
  now: number;
  /** Focus this comment once it is shown (the one just posted). */
  focusOnMount?: boolean;
  onUpdated: (comment: CommentView) => void;
  onDeleted: (id: number) => void;
  onLikeChanged: (state: CommentLikeState) => void;
  /** A reply was posted (to this comment or one of its replies). */
  onReplied: (reply: CommentView) => void;
  /** On a reply: opens its top comment's reply form (threads are one level deep). */
  onReply?: () => void;
}

/**
 * One comment in view or edit mode (SPEC 4). Edit and Delete are offered as the comment's
 * can_edit and can_delete flags say (the server's comment policy, which it enforces again).
 * Per SPEC 8, failures to like, update or delete are logged without a message: the comment
 * simply stays as it was.
 */
export function CommentItem(props: CommentItemProps) {
  const { comment, viewer, now, focusOnMount, onUpdated, onDeleted, onLikeChanged, onReplied, onReply } = props;
  const trpc = useTRPC();
  const [replying, setReplying] = useState(false);
  const [justReplied, setJustReplied] = useState<number | null>(null);
  // Intl's language: the page's (the Worker's render is in hers too), English for the pseudo-language.
  const locale = intlLocale();
  const replies = 'replies' in comment ? comment.replies : null;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [confirming, setConfirming] = useState(false);
  const articleRef = useRef<HTMLElement>(null);
  const editRef = useRef<HTMLTextAreaElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const onSessionLost = useOnSessionLost();
  /** SPEC 8: these failures are only logged. */
  const logFailure = (what: string) => (error: unknown) => {
    console.error(`Failed to ${what} comment`, error);
    onSessionLost(error);
  };
  // A widget whose session has ended offers nothing, whatever the list loaded before said.
  const mayEdit = viewer !== null && comment.can_edit;
  const mayDelete = viewer !== null && comment.can_delete;
  // Wording of the delete confirmation only; what is offered comes from the flags above.
  const own = viewer !== null && viewer.id === comment.user_id;
  // A circle's post (issue 39): a host removes another member's comment, kept for its author.
  const hostRemoval = !own && comment.commentableId.startsWith('post-');

  useEffect(() => {
    if (focusOnMount) articleRef.current?.focus();
  }, [focusOnMount]);
  useEffect(() => {
    if (editing) editRef.current?.focus();
  }, [editing]);

  const like = useMutation(trpc.comments.like.mutationOptions({ onSuccess: onLikeChanged, onError: logFailure('like') }));
  const unlike = useMutation(trpc.comments.unlike.mutationOptions({ onSuccess: onLikeChanged, onError: logFailure('unlike') }));
  const update = useMutation(
    // eslint-disable-next-line react-hooks/refs -- the ref is read in onSuccess, after the save, never during render
    trpc.comments.update.mutationOptions({
      onSuccess: (updated) => {
        onUpdated(updated);
        setEditing(false);
        // The Edit button comes back; give it the focus the Save button had.
        requestAnimationFrame(() => editButtonRef.current?.focus());
      },
      onError: logFailure('update'),
    }),
  );
  const remove = useMutation(
    trpc.comments.delete.mutationOptions({
      onSuccess: () => {
        setConfirming(false);
        onDeleted(comment.id);
      },
      onError: (e) => {
        logFailure('delete')(e);
        setConfirming(false);
      },
    }),
  );

  function startEdit() {
    setDraft(comment.content);
    setEditing(true);
  }
  function cancelEdit() {
    setEditing(false);
    requestAnimationFrame(() => editButtonRef.current?.focus());
  }
  function save(e: FormEvent) {
    e.preventDefault();
    update.mutate({ id: comment.id, content: draft });
  }
  function toggleLike() {
    if (comment.user_liked) unlike.mutate({ id: comment.id });
    else like.mutate({ id: comment.id });
  }

  const author = nameOrFormer(comment.username);
  const likeBusy = like.isPending || unlike.isPending;
  const likeTitle = viewer
    ? comment.user_liked
      ? i18n.t('Unlike this comment')
      : i18n.t('Like this comment')
    : i18n.t('Log in to like comments');

  return (
    <li className="comment">
      <article ref={articleRef} tabIndex={-1} aria-label={i18n.t('Comment by {author}', { author })} data-comment-id={comment.id}>
        <header className="comment-meta">
          <MemberName
            id={comment.user_id}
            name={comment.username}
            photoUrl={comment.user_photo_url}
            avatar="sm"
            className="comment-author"
          />
          <time className="comment-time" dateTime={comment.created_at} title={formatDateTime(comment.created_at)}>
            {relativeTime(comment.created_at, now, locale)}
          </time>
          {comment.updated_at ? <span className="comment-edited">{i18n.t('(edited)')}</span> : null}
          {comment.removed ? <span className="comment-removed">{i18n.t('Removed by a host')}</span> : null}
        </header>

        {editing ? (
          <form className="comment-edit" onSubmit={save}>
            <CommentTextArea
              label={i18n.t('Edit your comment')}
              ref={editRef}
              value={draft}
              rows={Math.min(8, Math.max(3, draft.split('\n').length + 1))}
              onChange={(e) => setDraft(e.target.value)}
              onEscape={cancelEdit}
            />
            <div className="comment-actions">
              <button type="submit" className="button button-small" disabled={update.isPending}>
                {i18n.t('Save')}
              </button>
              <button type="button" className="button button-small button-ghost" onClick={cancelEdit}>
                {i18n.t('Cancel')}
              </button>
            </div>
          </form>
        ) : (
          <>
            <p className="comment-content">
              <LinkifiedText text={comment.content} />
            </p>
            <div className="comment-actions">
              <button
                type="button"
                className="like-button"
                aria-pressed={viewer ? comment.user_liked : undefined}
                title={likeTitle}
                disabled={!viewer || likeBusy}
                onClick={toggleLike}
              >
                <span className="like-heart" aria-hidden="true">
                  {comment.user_liked ? '♥' : '♡'}
                </span>
                <span>{i18n.t('Like')}</span>
                <span className="like-count">{comment.like_count}</span>
              </button>
              {viewer && !comment.removed ? (
                <button type="button" className="comment-action" onClick={onReply ?? (() => setReplying(true))}>
                  {i18n.t('Reply')}
                </button>
              ) : null}
              {mayEdit ? (
                <button ref={editButtonRef} type="button" className="comment-action" onClick={startEdit}>
                  {i18n.t('Edit')}
                </button>
              ) : null}
              {mayDelete ? (
                <button type="button" className="comment-action comment-action-danger" onClick={() => setConfirming(true)}>
                  {hostRemoval ? i18n.t('Remove') : i18n.t('Delete')}
                </button>
              ) : null}
            </div>
          </>
        )}
      </article>
      {replies && replies.length > 0 ? (
        <ol className="comment-replies" aria-label={i18n.t('Replies to {author}', { author })}>
          {replies.map((r) => (
            <CommentItem key={r.id} {...props} comment={r} focusOnMount={r.id === justReplied} onReply={() => setReplying(true)} />
          ))}
        </ol>
      ) : null}
      {replies && replying && viewer ? (
        <ReplyForm
          commentableId={comment.commentableId}
          parentId={comment.id}
          author={author}
          onPosted={(reply) => {
            setJustReplied(reply.id);
            onReplied(reply);
          }}
          onClose={() => setReplying(false)}
        />
      ) : null}
      {mayDelete ? (
        <ConfirmDialog
          open={confirming}
          title={hostRemoval ? i18n.t('Remove comment') : i18n.t('Delete comment')}
          message={
            own
              ? i18n.t('Delete your comment? This action cannot be undone.')
              : hostRemoval
                ? i18n.t("Remove {author}'s comment? She will still see it, marked “Removed by a host”.", { author })
                : i18n.t("Delete {author}'s comment? This action cannot be undone.", { author })
          }
          confirmLabel={hostRemoval ? i18n.t('Remove') : i18n.t('Delete')}
          danger
          busy={remove.isPending}
          onConfirm={() => remove.mutate({ id: comment.id })}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </li>
  );
}
