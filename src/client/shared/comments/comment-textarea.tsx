import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import { COMMENT_MAX_LENGTH } from '../../../shared/constants';

interface CommentTextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onKeyDown' | 'maxLength'> {
  /** The accessible name (visually hidden: the placeholder or the comment itself says it). */
  label: string;
  ref?: Ref<HTMLTextAreaElement>;
  onEscape?: () => void;
}

/** The comment text box of both the new-comment form and edit mode: Ctrl/⌘+Enter submits its form. */
export function CommentTextArea({ label, ref, onEscape, ...textarea }: CommentTextAreaProps) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <textarea
        {...textarea}
        id={id}
        ref={ref}
        maxLength={COMMENT_MAX_LENGTH}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && onEscape) {
            e.preventDefault();
            onEscape();
          } else if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
            e.preventDefault();
            e.currentTarget.form?.requestSubmit();
          }
        }}
      />
    </>
  );
}
