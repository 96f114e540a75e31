import { useEffect, useId, useRef, type ReactNode } from 'react';
import { i18n } from '../i18n/i18n';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'small' | 'medium' | 'large' | 'full';
  className?: string;
}

/**
 * A modal built on the native <dialog>: the page behind is inert (focus stays inside), Escape
 * closes, focus returns to the opener, and the page does not scroll while it is open.
 */
export function Modal({ open, onClose, title, children, footer, size = 'medium', className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      document.documentElement.classList.add('no-scroll');
    }
    if (!open && dialog.open) dialog.close();
    return () => {
      if (open) {
        document.documentElement.classList.remove('no-scroll');
        if (opener.current instanceof HTMLElement) opener.current.focus();
      }
    };
  }, [open]);

  if (!open) return <dialog ref={ref} hidden />;
  return (
    <dialog
      ref={ref}
      className={`modal modal-${size} ${className ?? ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes it.
        if (e.target === ref.current) onClose();
      }}
    >
      <div className="modal-box">
        <header className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" aria-label={i18n.t('Close')} onClick={onClose}>
            ×
          </button>
        </header>
        <div className="modal-body">{children}</div>
        {footer ? <footer className="modal-footer">{footer}</footer> : null}
      </div>
    </dialog>
  );
}
