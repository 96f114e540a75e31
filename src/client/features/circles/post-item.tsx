import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { commentableId } from '../../../shared/commentable';
import { formatDateTime } from '../../../shared/date-format';
import { POST_BODY_MAX, POST_TITLE_MAX, REMOVED_BY_HOST, type CircleDetail, type CirclePostDto } from '../../../shared/circles';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextAreaField, TextField } from '../../components/field';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { CommentsWidget } from '../../shared/comments/comments-widget';
import { LinkifiedText } from '../../shared/comments/linkified-text';
import { MemberName } from '../../shared/members/member-name';
import { useAuth } from '../../shared/use-auth';

/** Why she may not comment, when she may read the comments. */
function composeNote(circle: CircleDetail, post: CirclePostDto): string | null {
  if (post.can_comment) return null;
  if (post.removed) return REMOVED_BY_HOST;
  if (post.closed) return 'This post is closed to new comments.';
  return circle.joined ? 'This circle is archived.' : 'Join the circle to comment.';
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
      onError: (e) => toast(errorMessage(e, 'The post could not be saved.'), 'error'),
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ id: post.id, ...form });
  };
  return (
    <form className="stack" onSubmit={submit}>
      <TextField
        label="Title"
        maxLength={POST_TITLE_MAX}
        value={form.title}
        onChange={(e) => setForm((f) => ({ ...f, title: e.target.value }))}
      />
      <TextAreaField
        label="Your post"
        rows={5}
        maxLength={POST_BODY_MAX}
        value={form.body}
        onChange={(e) => setForm((f) => ({ ...f, body: e.target.value }))}
      />
      <div className="form-actions">
        <button type="button" className="button button-ghost button-small" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="button button-small" disabled={save.isPending}>
          Save
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
  const onError = (e: unknown) => toast(errorMessage(e, 'That did not work. Please try again.'), 'error');
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
        {post.pinned ? <span className="badge">Pinned</span> : null}
        {post.closed ? <span className="badge badge-past">Closed</span> : null}
      </header>
      {post.removed ? <p className="circle-post-removed">{REMOVED_BY_HOST}</p> : null}
      {editing ? (
        <EditPost post={post} onDone={() => setEditing(false)} />
      ) : (
        <>
          <h3 className="circle-post-title">{post.title}</h3>
          <p className="circle-post-body">
            <LinkifiedText text={post.body} />
          </p>
        </>
      )}
      {post.images.length ? (
        <ul className={`circle-post-photos count-${Math.min(post.images.length, 3)}`}>
          {post.images.map((img, i) => (
            <li key={img.id}>
              <a href={img.url} target="_blank" rel="noopener" aria-label={`Photo ${i + 1} of ${post.images.length}, full size`}>
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
          title={post.liked ? 'Unlike this post' : 'Like this post'}
          onClick={() => like.mutate({ id: post.id, liked: !post.liked })}
        >
          <span className="like-heart" aria-hidden="true">
            {post.liked ? '♥' : '♡'}
          </span>
          <span>Like</span>
          <span className="like-count">{post.like_count}</span>
        </button>
        <button type="button" className="comment-action" aria-expanded={showComments} onClick={() => setShowComments((v) => !v)}>
          {post.comment_count === 1 ? '1 comment' : `${post.comment_count} comments`}
        </button>
        <span className="spacer" />
        {post.can_edit && !editing && !post.removed ? (
          <button type="button" className="comment-action" onClick={() => setEditing(true)}>
            Edit
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
              {post.pinned ? 'Unpin' : 'Pin'}
            </button>
            <button
              type="button"
              className="comment-action"
              disabled={close.isPending}
              onClick={() => close.mutate({ id: post.id, closed: !post.closed })}
            >
              {post.closed ? 'Reopen comments' : 'Close comments'}
            </button>
          </>
        ) : null}
        {post.can_delete && !(post.removed && removing) ? (
          <button type="button" className="comment-action comment-action-danger" onClick={() => setConfirming(true)}>
            {removing ? 'Remove' : 'Delete'}
          </button>
        ) : null}
      </footer>
      {showComments ? <CommentsWidget commentableId={commentableId('post', post.id)} composeNote={composeNote(circle, post)} /> : null}
      <ConfirmDialog
        open={confirming}
        title={removing ? 'Remove post' : 'Delete post'}
        message={
          removing
            ? `Remove ${post.author.name}'s post from the board? She will still see it, marked “${REMOVED_BY_HOST}”.`
            : 'Delete your post and its comments? This action cannot be undone.'
        }
        confirmLabel={removing ? 'Remove' : 'Delete'}
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate({ id: post.id })}
        onCancel={() => setConfirming(false)}
      />
    </article>
  );
}
