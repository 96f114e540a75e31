import { useId, useLayoutEffect, useRef, type Ref, type TextareaHTMLAttributes } from 'react';
import { MESSAGE_BODY_MAX } from '../../../shared/schemas/messages';
import { formatNumber } from '../../i18n/intl-locale';

/** The counter shows from here on (near the limit of 4,000). */
const COUNTER_FROM = MESSAGE_BODY_MAX - 400;
/** The box grows with its text up to this many pixels, then scrolls. */
const MAX_HEIGHT_PX = 240;

/** A phone or a tablet: its keyboard's Enter breaks a line, and the send button sends. */
export const coarsePointer = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

interface MessageTextareaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onKeyDown' | 'maxLength' | 'onChange'> {
  /** The accessible name (visually hidden: the placeholder says it). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Enter (without Shift) on a desktop; never on a phone. */
  onSubmit: () => void;
  onEscape?: () => void;
  ref?: Ref<HTMLTextAreaElement>;
}

/**
 * A message's text box (the composer and an edit): it keeps line breaks and grows with its text.
 * On a desktop Enter sends and Shift+Enter breaks a line; with a coarse pointer (a phone) Enter
 * breaks a line and the send button sends. Enter that confirms an input method's word sends nothing.
 */
export function MessageTextarea({ label, value, onChange, onSubmit, onEscape, ref, className = '', ...textarea }: MessageTextareaProps) {
  const id = useId();
  const counterId = `${id}-count`;
  const own = useRef<HTMLTextAreaElement | null>(null);
  useLayoutEffect(() => {
    const box = own.current;
    if (!box) return;
    box.style.height = 'auto';
    box.style.height = `${Math.min(box.scrollHeight + 2, MAX_HEIGHT_PX)}px`;
  }, [value]);
  const near = value.length >= COUNTER_FROM;
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <textarea
        {...textarea}
        id={id}
        ref={(node) => {
          own.current = node;
          if (typeof ref === 'function') ref(node);
          else if (ref) ref.current = node;
        }}
        className={`message-input ${className}`.trim()}
        rows={1}
        value={value}
        maxLength={MESSAGE_BODY_MAX}
        aria-describedby={near ? counterId : undefined}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && onEscape) {
            e.preventDefault();
            onEscape();
          } else if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing && !coarsePointer()) {
            e.preventDefault();
            onSubmit();
          }
        }}
      />
      {near ? (
        <span
          id={counterId}
          className={`message-counter ${value.length >= MESSAGE_BODY_MAX ? 'message-counter-full' : ''}`}
          aria-live="polite"
        >
          {formatNumber(value.length)} / {formatNumber(MESSAGE_BODY_MAX)}
        </span>
      ) : null}
    </>
  );
}
