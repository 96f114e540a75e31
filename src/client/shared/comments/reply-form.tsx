import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { CommentView } from '../../../shared/schemas/comments';
import { useTRPC } from '../../lib/trpc';
import { CommentTextArea } from './comment-textarea';
import { useOnSessionLost } from './use-session-lost';
import { i18n } from '../locales/i18n';

/**
 * The answer to a top-level comment (issue 46 point 11), under its replies: Reply opens it with
 * the focus in it; Post sends it as a reply (parent_id), Cancel or Escape closes it.
 */
export function ReplyForm({
  commentableId,
  parentId,
  author,
  onPosted,
  onClose,
}: {
  commentableId: string;
  parentId: number;
  author: string;
  onPosted: (reply: CommentView) => void;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const [text, setText] = useState('');
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  const onSessionLost = useOnSessionLost();
  useEffect(() => ref.current?.focus(), []);
  const post = useMutation(
    trpc.comments.create.mutationOptions({
      onSuccess: (reply) => {
        onPosted(reply);
        onClose();
      },
      onError: (error) => {
        console.error('Failed to post comment', error);
        setFailed(true);
        onSessionLost(error);
      },
    }),
  );
  const trimmed = text.trim();
  function submit(e: FormEvent) {
    e.preventDefault();
    if (trimmed && !post.isPending) post.mutate({ content: trimmed, commentableId, parent_id: parentId });
  }
  return (
    <form className="comments-form comment-reply-form" onSubmit={submit}>
      <CommentTextArea
        ref={ref}
        label={i18n.t('Reply to {author}', { author })}
        className="comments-input"
        placeholder={i18n.t('Reply to {author}...', { author })}
        rows={2}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onEscape={onClose}
      />
      {failed ? <p className="form-message form-message-error">{i18n.t('Failed to post comment')}</p> : null}
      <div className="comments-form-actions">
        <button type="button" className="button button-small button-ghost" onClick={onClose}>
          {i18n.t('Cancel')}
        </button>
        <button type="submit" className="button button-small" disabled={!trimmed || post.isPending}>
          {post.isPending ? i18n.t('Posting…') : i18n.t('Reply')}
        </button>
      </div>
    </form>
  );
}
