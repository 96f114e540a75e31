import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { POST_BODY_MAX, POST_IMAGES_MAX, POST_TITLE_MAX, type CircleDetail } from '../../../shared/circles';
import { FormMessage, TextAreaField, TextField } from '../../components/field';
import { LoadMore } from '../../components/load-more';
import { useToast } from '../../components/toast';
import { useFormErrors } from '../../components/use-form-errors';
import { errorMessage, fieldErrors, useTRPC } from '../../lib/trpc';
import { PhotoPicker, type PickedPhoto } from '../../shared/images/photo-picker';
import { PostItem } from './post-item';
import { i18n } from './locales/i18n';

/** A new post: a title, plain text (line breaks and links kept) and up to six photos. */
function PostComposer({ circle }: { circle: CircleDetail }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ title: '', body: '' });
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [message, setMessage] = useState('');
  const { errors, ...errorState } = useFormErrors({
    values: form,
    validate: (v) => ({
      title: v.title.trim() ? undefined : i18n.t('Give the post a title.'),
      body: v.body.trim() ? undefined : i18n.t('Write something.'),
    }),
  });
  const create = useMutation(
    trpc.circles.createPost.mutationOptions({
      onSuccess: async () => {
        setForm({ title: '', body: '' });
        setPhotos([]);
        setOpen(false);
        errorState.clear();
        toast(i18n.t('Posted.'), 'success');
        await queryClient.invalidateQueries(trpc.circles.posts.pathFilter());
      },
      onError: (error) => {
        const fe = fieldErrors(error);
        errorState.show(fe);
        setMessage(Object.keys(fe).length ? '' : errorMessage(error, i18n.t('The post could not be sent.')));
      },
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMessage('');
    if (errorState.check()) create.mutate({ slug: circle.slug, ...form, image_ids: photos.map((p) => p.id) });
  };
  if (!open) {
    return (
      <button type="button" className="circle-compose-open card" onClick={() => setOpen(true)}>
        {i18n.t('Write a post for {circle}…', { circle: circle.name })}
      </button>
    );
  }
  return (
    <form className="card circle-composer stack" onSubmit={submit} aria-labelledby={titleId} {...errorState.formProps}>
      <h3 id={titleId}>{i18n.t('New post')}</h3>
      <TextField
        label={i18n.t('Title')}
        name="title"
        maxLength={POST_TITLE_MAX}
        value={form.title}
        error={errors.title}
        onChange={(e) => setForm((f) => ({ ...f, title: e.target.value }))}
        autoFocus
      />
      <TextAreaField
        label={i18n.t('Your post')}
        name="body"
        rows={5}
        maxLength={POST_BODY_MAX}
        hint={i18n.t('Plain text; line breaks and links are kept.')}
        value={form.body}
        error={errors.body}
        onChange={(e) => setForm((f) => ({ ...f, body: e.target.value }))}
      />
      <PhotoPicker photos={photos} onChange={(next) => setPhotos(next)} max={POST_IMAGES_MAX} context="post" />
      {message ? <FormMessage>{message}</FormMessage> : null}
      <div className="form-actions">
        <button type="button" className="button button-ghost" onClick={() => setOpen(false)}>
          {i18n.t('Cancel')}
        </button>
        <button type="submit" className="button" disabled={create.isPending}>
          {create.isPending ? i18n.t('Posting…') : i18n.t('Post')}
        </button>
      </div>
    </form>
  );
}

/** The post a link named (a notification's ?post=), above the board with its comments open. */
function FocusedPost({ circle, id }: { circle: CircleDetail; id: number }) {
  const trpc = useTRPC();
  const post = useQuery(trpc.circles.post.queryOptions({ id }));
  if (!post.data) return null;
  return (
    <div className="circle-focused">
      <PostItem circle={circle} post={post.data} commentsOpen />
    </div>
  );
}

/** A circle's board: pinned posts first, then the newest activity, 20 a page (the server's order). */
export function CircleBoard({ circle, focusPost }: { circle: CircleDetail; focusPost: number | null }) {
  const trpc = useTRPC();
  const list = useInfiniteQuery(
    trpc.circles.posts.infiniteQueryOptions({ slug: circle.slug }, { getNextPageParam: (last) => last.nextCursor ?? undefined }),
  );
  const posts = (list.data?.pages.flatMap((p) => p.items) ?? []).filter((p) => p.id !== focusPost);
  return (
    <section className="circle-board" aria-labelledby="circle-board">
      <h2 id="circle-board">{i18n.t('The board')}</h2>
      {circle.can_post ? <PostComposer circle={circle} /> : null}
      {focusPost ? <FocusedPost circle={circle} id={focusPost} /> : null}
      {list.isPending ? (
        <p className="page-status">{i18n.t('Loading posts…')}</p>
      ) : list.isError ? (
        <p className="form-message form-message-error" role="alert">
          {errorMessage(list.error, i18n.t('The board could not be loaded. Please try again.'))}
        </p>
      ) : posts.length === 0 && !focusPost ? (
        <p className="muted">{circle.can_post ? i18n.t('No posts yet. Be the first to write one.') : i18n.t('No posts yet.')}</p>
      ) : (
        <ol className="circle-posts">
          {posts.map((p) => (
            <li key={p.id}>
              <PostItem circle={circle} post={p} />
            </li>
          ))}
        </ol>
      )}
      <LoadMore query={list} label={i18n.t('Older posts')} />
    </section>
  );
}
