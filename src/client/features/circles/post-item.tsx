import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { commentableId } from '../../../shared/commentable';
import { formatDateTime } from '../../../shared/date-format';
import { POST_BODY_MAX, POST_TITLE_MAX, type CircleDetail, type CirclePostDto } from '../../../shared/circles';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextAreaField, TextField } from '../../components/field';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { CommentsWidget } from '../../shared/comments/comments-widget';
import { LinkifiedText } from '../../shared/comments/linkified-text';
import { MemberName } from '../../shared/members/member-name';
import { useAuth } from '../../shared/use-auth';
import { i18n } from './locales/i18n';

/** REMOVED_BY_HOST (src/shared/circles.ts) in the page's language. */
const removedByHost = () => i18n.t('Removed by a host');

/** Why she may not comment, when she may read the comments. */
function composeNote(circle: CircleDetail, post: CirclePostDto): string | null {
  if (post.can_comment) return null;
  if (post.removed) return removedByHost();
  if (post.closed) return i18n.t('This post is closed to new comments.');
  return circle.joined ? i18n.t('This circle is archived.') : i18n.t('Join the circle to comment.');
}

/** Her own post, edited in place: the title and the text (its photos stay). */
function EditPost({ post, onDone }: { post: CirclePostDto; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [form, setForm] = useState({ title: post.title, body: post.body });
  const save = useMutation(
    trpc.circles.updatePost.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.circles.pathFilter());
        onDone();
      },
      onError: (e) => toast(errorMessage(e, i18n.t('The post could not be saved.')), 'error'),
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ id: post.id, ...form });
  };
  return (
    <form className="stack" onSubmit={submit}>
      <TextField
        label={i18n.t('Title')}
        maxLength={POST_TITLE_MAX}
        value={form.title}
        onChange={(e) => setForm((f) => ({ ...f, title: e.target.value }))}
      />
      <TextAreaField
        label={i18n.t('Your post')}
        rows={5}
        maxLength={POST_BODY_MAX}
        value={form.body}
        onChange={(e) => setForm((f) => ({ ...f, body: e.target.value }))}
      />
      <div className="form-actions">
        <button type="button" className="button button-ghost button-small" onClick={onDone}>
          {i18n.t('Cancel')}
        </button>
        <button type="submit" className="button button-small" disabled={save.isPending}>
          {i18n.t('Save')}
        </button>
      </div>
    </form>
  );
}

/**
 * A post of the board: its author, title, text and photos, its likes, and the club's comments
 * widget under it (commentable post-{id}); its author edits or deletes it, its circle's hosts pin,
 * close and remove it (the author then still sees it, marked "Removed by a host").
 */
export function PostItem({ circle, post, commentsOpen = false }: { circle: CircleDetail; post: CirclePostDto; commentsOpen?: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [showComments, setShowComments] = useState(commentsOpen);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { user } = useAuth();
  const own = post.author.id !== null && post.author.id === user?.user_id;
  const refresh = () => queryClient.invalidateQueries(trpc.circles.pathFilter());
  const onError = (e: unknown) => toast(errorMessage(e, i18n.t('That did not work. Please try again.')), 'error');
  const like = useMutation(trpc.circles.likePost.mutationOptions({ onSuccess: refresh, onError }));
  const pin = useMutation(trpc.circles.pinPost.mutationOptions({ onSuccess: refresh, onError }));
  const close = useMutation(trpc.circles.closePost.mutationOptions({ onSuccess: refresh, onError }));
  const remove = useMutation(
    trpc.circles.deletePost.mutationOptions({
      onSuccess: async () => {
        setConfirming(false);
        await refresh();
      },
      onError: (e) => {
        setConfirming(false);
        onError(e);
      },
    }),
  );
  const removing = post.can_moderate && !own;
  return (
    <article className={`card circle-post${post.pinned ? ' is-pinned' : ''}${post.removed ? ' is-removed' : ''}`} data-post-id={post.id}>
      <header className="circle-post-head">
        <MemberName
          id={post.author.id}
          name={post.author.id === null ? null : post.author.name}
          photoUrl={post.author.photo_url}
          avatar="sm"
        />
        <time dateTime={post.created_at} className="muted">
          {formatDateTime(post.created_at)}
        </time>
        {post.pinned ? <span className="badge">{i18n.t('Pinned')}</span> : null}
        {post.closed ? <span className="badge badge-past">{i18n.t('Closed')}</span> : null}
      </header>
      {post.removed ? <p className="circle-post-removed">{removedByHost()}</p> : null}
      {editing ? (
        <EditPost post={post} onDone={() => setEditing(false)} />
      ) : (
        <>
          <h3 className="circle-post-title" dir="auto">
            {post.title}
          </h3>
          <p className="circle-post-body" dir="auto">
            <LinkifiedText text={post.body} />
          </p>
        </>
      )}
      {post.images.length ? (
        <ul className={`circle-post-photos count-${Math.min(post.images.length, 3)}`}>
          {post.images.map((img, i) => (
            <li key={img.id}>
              <a
                href={img.url}
                target="_blank"
                rel="noopener"
                aria-label={i18n.t('Photo {number} of {count}, full size', { number: i + 1, count: post.images.length })}
              >
                <img src={img.thumb_url} alt="" loading="lazy" width={img.width ?? undefined} height={img.height ?? undefined} />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <footer className="circle-post-foot">
        <button
          type="button"
          className="like-button"
          aria-pressed={post.liked}
          disabled={like.isPending || post.removed || (!post.can_comment && !post.liked)}
          title={post.liked ? i18n.t('Unlike this post') : i18n.t('Like this post')}
          onClick={() => like.mutate({ id: post.id, liked: !post.liked })}
        >
          <span className="like-heart" aria-hidden="true">
            {post.liked ? '♥' : '♡'}
          </span>
          <span>{i18n.t('Like')}</span>
          <span className="like-count">{post.like_count}</span>
        </button>
        <button type="button" className="comment-action" aria-expanded={showComments} onClick={() => setShowComments((v) => !v)}>
          {i18n.t('{count, plural, one {# comment} other {# comments}}', { count: post.comment_count })}
        </button>
        <span className="spacer" />
        {post.can_edit && !editing && !post.removed ? (
          <button type="button" className="comment-action" onClick={() => setEditing(true)}>
            {i18n.t('Edit')}
          </button>
        ) : null}
        {post.can_moderate && !post.removed ? (
          <>
            <button
              type="button"
              className="comment-action"
              disabled={pin.isPending}
              onClick={() => pin.mutate({ id: post.id, pinned: !post.pinned })}
            >
              {post.pinned ? i18n.t('Unpin') : i18n.t('Pin')}
            </button>
            <button
              type="button"
              className="comment-action"
              disabled={close.isPending}
              onClick={() => close.mutate({ id: post.id, closed: !post.closed })}
            >
              {post.closed ? i18n.t('Reopen comments') : i18n.t('Close comments')}
            </button>
          </>
        ) : null}
        {post.can_delete && !(post.removed && removing) ? (
          <button type="button" className="comment-action comment-action-danger" onClick={() => setConfirming(true)}>
            {removing ? i18n.t('Remove') : i18n.t('Delete')}
          </button>
        ) : null}
      </footer>
      {showComments ? <CommentsWidget commentableId={commentableId('post', post.id)} composeNote={composeNote(circle, post)} /> : null}
      <ConfirmDialog
        open={confirming}
        title={removing ? i18n.t('Remove post') : i18n.t('Delete post')}
        message={
          removing
            ? i18n.t("Remove {name}'s post from the board? She will still see it, marked “{removed}”.", {
                name: post.author.name,
                removed: removedByHost(),
              })
            : i18n.t('Delete your post and its comments? This action cannot be undone.')
        }
        confirmLabel={removing ? i18n.t('Remove') : i18n.t('Delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate({ id: post.id })}
        onCancel={() => setConfirming(false)}
      />
    </article>
  );
}
